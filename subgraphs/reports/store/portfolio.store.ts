import type { Tx } from '../../kernel/tx.js';
import { pgArray } from '../../kernel/pg-array.js';

/**
 * The reports' SQL. It reads only the read-only views the owning modules publish (loan.report_*,
 * customer.report_client, organisation.report_office and report_staff; docs/reporting.md), never their
 * tables, and writes nothing. Each statement is set-based: one round trip per report, aggregated in
 * PostgreSQL, so a report over the whole book costs one scan of the loans and their schedules.
 */

/** Fineract's loan transaction types as loan.report_transaction carries them (type_id). */
export const TXN_DISBURSEMENT = 1;
export const TXN_WRITEOFF = 6;
const COLLECTED_TYPES = '2, 8'; // repayment, recovery repayment

/** Which loans a report covers: the office subtree (null: every office), one loan officer, one currency. */
export interface LoanFilter {
  officeIds: readonly number[] | null;
  loanOfficerId: number | null;
  currencyCode: string | null;
}

const LOAN_FILTER = `l.tenant_id = ? and (?::int[] is null or l.office_id = any(?::int[])) and (?::int is null or l.loan_officer_id = ?) and (?::text is null or l.currency_code = ?)`;
const loanFilterParams = (tx: Tx, f: LoanFilter) => {
  const offices = f.officeIds === null ? null : pgArray(f.officeIds);
  return [tx.tenantId, offices, offices, f.loanOfficerId, f.loanOfficerId, f.currencyCode, f.currencyCode];
};

/** Fineract's "Office/Branch": the office name indented two dots per level below the head office. */
const OFFICE_NAME = `repeat('..', length(o.hierarchy) - length(replace(o.hierarchy, '.', '')) - 1) || o.name`;
const JOIN_OFFICE = `join organisation.report_office o on o.tenant_id = l.tenant_id and o.id = l.office_id`;
const JOIN_CLIENT = `join customer.report_client c on c.tenant_id = l.tenant_id and c.id = l.client_id`;
const JOIN_STAFF = `left join organisation.report_staff s on s.tenant_id = l.tenant_id and s.id = l.loan_officer_id`;
const ISO = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const UNPAID = `p.principal_due + p.interest_due + p.fee_due + p.penalty_due > p.principal_paid + p.interest_paid + p.fee_paid + p.penalty_paid`;

/**
 * Each active loan disbursed by `asOf` with its schedule's sums: outstanding and overdue (instalments due
 * before `asOf`, not on it: a loan is not late on its due date) and the oldest unpaid instalment's due date.
 * Repayments are counted as they stand now; the delinquency ranges are the loan module's.
 */
const ARREARS_CTE = `a as (
  select l.tenant_id, l.id, l.office_id, l.loan_officer_id, l.client_id, l.currency_code, l.digits, l.account_no, l.product_name, l.principal, l.interest_rate_per_period, l.disbursed_on,
    sum(p.principal_due) as original_principal, sum(p.interest_due) as original_interest,
    sum(p.principal_paid) as principal_paid, sum(p.interest_paid) as interest_paid,
    sum(p.principal_due - p.principal_paid) as principal_outstanding, sum(p.interest_due - p.interest_paid) as interest_outstanding,
    coalesce(sum(p.principal_due - p.principal_paid) filter (where p.due_date < ?::date), 0) as principal_overdue,
    coalesce(sum(p.interest_due - p.interest_paid) filter (where p.due_date < ?::date), 0) as interest_overdue,
    coalesce(sum(p.fee_due + p.penalty_due - p.fee_paid - p.penalty_paid) filter (where p.due_date < ?::date), 0) as charges_overdue,
    coalesce(?::date - min(p.due_date) filter (where p.due_date < ?::date and ${UNPAID}), 0) as days
  from loan.report_loan l join loan.report_schedule_period p on p.tenant_id = l.tenant_id and p.loan_id = l.id
  where ${LOAN_FILTER} and l.status_id = 300 and l.disbursed_on <= ?::date
  group by l.tenant_id, l.id, l.office_id, l.loan_officer_id, l.client_id, l.currency_code, l.digits, l.account_no, l.product_name, l.principal, l.interest_rate_per_period, l.disbursed_on)`;
const arrearsParams = (tx: Tx, f: LoanFilter, asOf: string) => [asOf, asOf, asOf, asOf, asOf, ...loanFilterParams(tx, f), asOf];

/** Active loans grouped by office, loan officer, currency and days in arrears (sums as exact decimal text). */
export interface ArrearsGroup {
  officeId: number;
  officeName: string;
  loanOfficerId: number | null;
  loanOfficerName: string | null;
  currencyCode: string;
  digits: number;
  days: number;
  loans: number;
  originalPrincipal: string;
  originalInterest: string;
  principalPaid: string;
  interestPaid: string;
  principalOutstanding: string;
  principalOverdue: string;
  interestOverdue: string;
}

/** Small however large the book: one row per office, officer, currency and distinct days-in-arrears value. */
export async function arrearsGroups(tx: Tx, f: LoanFilter, asOf: string): Promise<ArrearsGroup[]> {
  return tx.query<ArrearsGroup>(
    `with ${ARREARS_CTE}
     select a.office_id as "officeId", ${OFFICE_NAME} as "officeName", a.loan_officer_id as "loanOfficerId", s.display_name as "loanOfficerName", a.currency_code as "currencyCode",
       max(a.digits)::int as digits, a.days::int as days, count(*)::int as loans,
       sum(a.original_principal)::text as "originalPrincipal", sum(a.original_interest)::text as "originalInterest", sum(a.principal_paid)::text as "principalPaid",
       sum(a.interest_paid)::text as "interestPaid", sum(a.principal_outstanding)::text as "principalOutstanding", sum(a.principal_overdue)::text as "principalOverdue",
       sum(a.interest_overdue)::text as "interestOverdue"
     from a join organisation.report_office o on o.tenant_id = a.tenant_id and o.id = a.office_id
       left join organisation.report_staff s on s.tenant_id = a.tenant_id and s.id = a.loan_officer_id
     group by a.office_id, o.hierarchy, o.name, a.loan_officer_id, s.display_name, a.currency_code, a.days
     order by o.hierarchy, a.currency_code, s.display_name nulls first, a.days`,
    arrearsParams(tx, f, asOf),
  );
}

/** One active loan with its client, officer and schedule sums. */
export interface LoanArrears {
  officeName: string;
  currencyCode: string;
  loanOfficerName: string | null;
  clientAccountNo: string;
  clientName: string;
  accountNo: string;
  productName: string;
  principal: string;
  interestRatePerPeriod: string;
  disbursedOn: string;
  originalPrincipal: string;
  principalPaid: string;
  principalOutstanding: string;
  principalOverdue: string;
  interestPaid: string;
  interestOutstanding: string;
  interestOverdue: string;
  chargesOverdue: string;
  days: number;
}

/** Active loans one by one (only those in arrears when `inArrears`), by office, currency and account. */
export async function loanArrears(tx: Tx, f: LoanFilter, asOf: string, inArrears: boolean): Promise<LoanArrears[]> {
  return tx.query<LoanArrears>(
    `with ${ARREARS_CTE}
     select ${OFFICE_NAME} as "officeName", a.currency_code as "currencyCode", s.display_name as "loanOfficerName", c.account_no as "clientAccountNo", c.display_name as "clientName",
       a.account_no as "accountNo", a.product_name as "productName", round(a.principal, a.digits)::text as principal, a.interest_rate_per_period::text as "interestRatePerPeriod",
       ${ISO('a.disbursed_on')} as "disbursedOn", round(a.original_principal, a.digits)::text as "originalPrincipal", round(a.principal_paid, a.digits)::text as "principalPaid",
       round(a.principal_outstanding, a.digits)::text as "principalOutstanding", round(a.principal_overdue, a.digits)::text as "principalOverdue",
       round(a.interest_paid, a.digits)::text as "interestPaid", round(a.interest_outstanding, a.digits)::text as "interestOutstanding",
       round(a.interest_overdue, a.digits)::text as "interestOverdue", round(a.charges_overdue, a.digits)::text as "chargesOverdue", a.days::int as days
     from a join organisation.report_office o on o.tenant_id = a.tenant_id and o.id = a.office_id
       join customer.report_client c on c.tenant_id = a.tenant_id and c.id = a.client_id
       left join organisation.report_staff s on s.tenant_id = a.tenant_id and s.id = a.loan_officer_id
     where not ?::boolean or a.days > 0
     order by o.hierarchy, a.currency_code, a.account_no`,
    [...arrearsParams(tx, f, asOf), inArrears],
  );
}

/** A loan transaction of one kind in a period, with its loan's client, office and officer. */
export interface LoanTransactionLine {
  officeName: string;
  currencyCode: string;
  loanOfficerName: string | null;
  clientAccountNo: string;
  clientName: string;
  accountNo: string;
  productName: string;
  principal: string;
  disbursedOn: string | null;
  transactionDate: string;
  amount: string;
  principalPortion: string;
  interestPortion: string;
  feePortion: string;
  penaltyPortion: string;
  note: string | null;
}

/** Transactions of `typeId` (not reversed) dated in [from, to], by office, currency, date and account. */
export async function transactionsOfType(tx: Tx, f: LoanFilter, typeId: number, from: string, to: string): Promise<LoanTransactionLine[]> {
  return tx.query<LoanTransactionLine>(
    `select ${OFFICE_NAME} as "officeName", l.currency_code as "currencyCode", s.display_name as "loanOfficerName", c.account_no as "clientAccountNo", c.display_name as "clientName",
       l.account_no as "accountNo", l.product_name as "productName", round(l.principal, l.digits)::text as principal, ${ISO('l.disbursed_on')} as "disbursedOn",
       ${ISO('t.transaction_date')} as "transactionDate", round(t.amount, l.digits)::text as amount, round(t.principal_portion, l.digits)::text as "principalPortion",
       round(t.interest_portion, l.digits)::text as "interestPortion", round(t.fee_portion, l.digits)::text as "feePortion", round(t.penalty_portion, l.digits)::text as "penaltyPortion", t.note
     from loan.report_transaction t join loan.report_loan l on l.tenant_id = t.tenant_id and l.id = t.loan_id
       ${JOIN_OFFICE} ${JOIN_CLIENT} ${JOIN_STAFF}
     where ${LOAN_FILTER} and t.tenant_id = ? and t.type_id = ? and not t.reversed and t.transaction_date between ?::date and ?::date
     order by o.hierarchy, l.currency_code, t.transaction_date, l.account_no, t.id`,
    [...loanFilterParams(tx, f), tx.tenantId, typeId, from, to],
  );
}

/** An instalment still (partly) owed, due in a period. */
export interface ExpectedPayment {
  officeName: string;
  loanOfficerName: string | null;
  clientAccountNo: string;
  clientName: string;
  productName: string;
  accountNo: string;
  dueDate: string;
  installment: number;
  currencyCode: string;
  principalDue: string;
  interestDue: string;
  feesDue: string;
  penaltyDue: string;
  totalDue: string;
  totalOverdue: string;
}

/** Unpaid instalments of active loans due in [from, to], with each loan's total overdue as of `asOf`. */
export async function expectedPayments(tx: Tx, f: LoanFilter, from: string, to: string, asOf: string): Promise<ExpectedPayment[]> {
  return tx.query<ExpectedPayment>(
    `select ${OFFICE_NAME} as "officeName", s.display_name as "loanOfficerName", c.account_no as "clientAccountNo", c.display_name as "clientName", l.product_name as "productName",
       l.account_no as "accountNo", ${ISO('p.due_date')} as "dueDate", p.period as installment, l.currency_code as "currencyCode",
       round(p.principal_due - p.principal_paid, l.digits)::text as "principalDue", round(p.interest_due - p.interest_paid, l.digits)::text as "interestDue",
       round(p.fee_due - p.fee_paid, l.digits)::text as "feesDue", round(p.penalty_due - p.penalty_paid, l.digits)::text as "penaltyDue",
       round(p.principal_due + p.interest_due + p.fee_due + p.penalty_due - p.principal_paid - p.interest_paid - p.fee_paid - p.penalty_paid, l.digits)::text as "totalDue",
       round(coalesce((select sum(q.principal_due + q.interest_due + q.fee_due + q.penalty_due - q.principal_paid - q.interest_paid - q.fee_paid - q.penalty_paid)
         from loan.report_schedule_period q where q.tenant_id = l.tenant_id and q.loan_id = l.id and q.due_date < ?::date), 0), l.digits)::text as "totalOverdue"
     from loan.report_schedule_period p join loan.report_loan l on l.tenant_id = p.tenant_id and l.id = p.loan_id
       ${JOIN_OFFICE} ${JOIN_CLIENT} ${JOIN_STAFF}
     where ${LOAN_FILTER} and l.status_id = 300 and p.tenant_id = ? and p.due_date between ?::date and ?::date and ${UNPAID}
     order by o.hierarchy, p.due_date, l.account_no`,
    [asOf, ...loanFilterParams(tx, f), tx.tenantId, from, to],
  );
}

/** What fell due and what was collected on one day, for one loan officer's book in one office and currency. */
export interface CollectionDay {
  officeName: string;
  loanOfficerName: string | null;
  currencyCode: string;
  day: string;
  loansDue: number;
  amountDue: string;
  amountCollected: string;
}

/**
 * Due: the scheduled total (principal, interest, fees, penalties) of instalments due that day on disbursed
 * loans. Collected: repayments and recovery repayments (not reversed) dated that day. Days with either.
 */
export async function collections(tx: Tx, f: LoanFilter, from: string, to: string): Promise<CollectionDay[]> {
  return tx.query<CollectionDay>(
    `with due as (
       select l.tenant_id, l.office_id, l.loan_officer_id, l.currency_code, p.due_date as day, count(distinct l.id) as loans, sum(p.principal_due + p.interest_due + p.fee_due + p.penalty_due) as amount, max(l.digits) as digits
       from loan.report_schedule_period p join loan.report_loan l on l.tenant_id = p.tenant_id and l.id = p.loan_id
       where ${LOAN_FILTER} and l.disbursed_on is not null and p.tenant_id = ? and p.due_date between ?::date and ?::date
       group by l.tenant_id, l.office_id, l.loan_officer_id, l.currency_code, p.due_date),
     paid as (
       select l.tenant_id, l.office_id, l.loan_officer_id, l.currency_code, t.transaction_date as day, sum(t.amount) as amount, max(l.digits) as digits
       from loan.report_transaction t join loan.report_loan l on l.tenant_id = t.tenant_id and l.id = t.loan_id
       where ${LOAN_FILTER} and t.tenant_id = ? and t.type_id in (${COLLECTED_TYPES}) and not t.reversed and t.transaction_date between ?::date and ?::date
       group by l.tenant_id, l.office_id, l.loan_officer_id, l.currency_code, t.transaction_date),
     days as (
       select coalesce(due.tenant_id, paid.tenant_id) as tenant_id, coalesce(due.office_id, paid.office_id) as office_id, coalesce(due.loan_officer_id, paid.loan_officer_id) as loan_officer_id,
         coalesce(due.currency_code, paid.currency_code) as currency_code, coalesce(due.day, paid.day) as day, coalesce(due.loans, 0) as loans,
         coalesce(due.amount, 0) as due, coalesce(paid.amount, 0) as paid, coalesce(due.digits, paid.digits) as digits
       from due full join paid on paid.office_id = due.office_id and paid.loan_officer_id is not distinct from due.loan_officer_id and paid.currency_code = due.currency_code and paid.day = due.day)
     select ${OFFICE_NAME} as "officeName", s.display_name as "loanOfficerName", d.currency_code as "currencyCode", ${ISO('d.day')} as day, d.loans::int as "loansDue",
       round(d.due, d.digits)::text as "amountDue", round(d.paid, d.digits)::text as "amountCollected"
     from days d join organisation.report_office o on o.tenant_id = d.tenant_id and o.id = d.office_id
       left join organisation.report_staff s on s.tenant_id = d.tenant_id and s.id = d.loan_officer_id
     order by o.hierarchy, d.currency_code, s.display_name nulls first, d.day`,
    [...loanFilterParams(tx, f), tx.tenantId, from, to, ...loanFilterParams(tx, f), tx.tenantId, from, to],
  );
}

/** A client of the office subtree. */
export interface ClientLine {
  officeName: string;
  accountNo: string;
  displayName: string;
  statusId: number;
  activationDate: string | null;
  externalId: string | null;
}

/** Clients of the offices (null: every office), those booked to `staffId` when given, by office and account. */
export async function clients(tx: Tx, officeIds: readonly number[] | null, staffId: number | null): Promise<ClientLine[]> {
  const offices = officeIds === null ? null : pgArray(officeIds);
  return tx.query<ClientLine>(
    `select ${OFFICE_NAME} as "officeName", c.account_no as "accountNo", c.display_name as "displayName", c.status_id::int as "statusId",
       ${ISO('c.activation_date')} as "activationDate", c.external_id as "externalId"
     from customer.report_client c join organisation.report_office o on o.tenant_id = c.tenant_id and o.id = c.office_id
     where c.tenant_id = ? and (?::int[] is null or c.office_id = any(?::int[])) and (?::int is null or c.staff_id = ?)
     order by o.hierarchy, c.account_no`,
    [tx.tenantId, offices, offices, staffId, staffId],
  );
}

/** The tenant's delinquency ranges (the loan module's), by minimum age. */
export async function delinquencyRanges(tx: Tx): Promise<{ id: number; classification: string; minimumAgeDays: number; maximumAgeDays: number | null }[]> {
  return tx.query(
    `select id, classification, minimum_age_days as "minimumAgeDays", maximum_age_days as "maximumAgeDays" from loan.report_delinquency_range where tenant_id = ? order by minimum_age_days, id`,
    [tx.tenantId],
  );
}
