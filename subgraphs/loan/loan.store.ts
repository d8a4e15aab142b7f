import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import type { InstalmentBalance } from './domain/allocation.js';
import type { Schedule } from './domain/schedule.js';
import { LOAN_CODES } from './codes.js';

/**
 * Row shapes of the loan schema and the SQL that reads and writes them. Only the loan module's services
 * call these, inside their own transaction.
 */

export const STATUS_SUBMITTED = 100;
export const STATUS_APPROVED = 200;
export const STATUS_ACTIVE = 300;
export const STATUS_WITHDRAWN = 400;
export const STATUS_REJECTED = 500;
export const STATUS_CLOSED = 600;

export const TXN_DISBURSEMENT = 1;
export const TXN_REPAYMENT = 2;

export interface LoanRow {
  id: number;
  accountNo: string;
  externalId: string | null;
  clientId: number;
  officeId: number;
  productId: number;
  loanOfficerId: number | null;
  submittedByUserId: number | null;
  statusId: number;
  currencyCode: string;
  digits: number;
  principal: string;
  approvedPrincipal: string | null;
  loanTermFrequency: number;
  loanTermFrequencyType: number;
  numberOfRepayments: number;
  repaymentEvery: number;
  repaymentFrequencyType: number;
  interestRatePerPeriod: string;
  interestRateFrequencyType: number;
  amortizationType: number;
  interestType: number;
  interestCalculationPeriodType: number;
  transactionProcessingStrategyCode: string;
  graceOnPrincipalPayment: number;
  graceOnInterestPayment: number;
  submittedOn: string;
  expectedDisbursementDate: string;
  repaymentsStartingFrom: string | null;
  approvedOn: string | null;
  approvedByUserId: number | null;
  rejectedOn: string | null;
  withdrawnOn: string | null;
  disbursedOn: string | null;
  closedOn: string | null;
  linkAccountId: number | null;
  disbursedToSavingsId: number | null;
  daysPastDue: number;
  delinquentAmount: string;
  delinquentDate: string | null;
  delinquencyRangeId: number | null;
  recoveryOfficerUserId: number | null;
}

export interface PeriodRow extends InstalmentBalance {
  loanId: number;
  fromDate: string;
  dueDate: string;
}

export interface TransactionRow {
  id: number;
  loanId: number;
  typeId: number;
  transactionDate: string;
  amount: string;
  principalPortion: string;
  interestPortion: string;
  feePortion: string;
  penaltyPortion: string;
  outstandingAfter: string;
  paymentTypeId: number | null;
  savingsAccountId: number | null;
  savingsTransactionId: number | null;
  note: string | null;
  reversed: boolean;
  createdBy: number | null;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Raw rows to camelCase objects; integer-typed bigint ids come back as text from pg and are made numbers. */
export function rows<T>(raw: Record<string, unknown>[], numeric: readonly string[] = []): T[] {
  return raw.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      const key = camel(k);
      out[key] = numeric.includes(key) && v != null ? Number(v) : v;
    }
    return out as T;
  });
}

const date = (column: string) => `to_char(${column}, 'YYYY-MM-DD') as ${column}`;

export const LOAN_COLUMNS = [
  'id', 'account_no', 'external_id', 'client_id', 'office_id', 'product_id', 'loan_officer_id', 'submitted_by_user_id', 'status_id',
  'currency_code', 'digits', 'principal', 'approved_principal', 'loan_term_frequency', 'loan_term_frequency_type', 'number_of_repayments',
  'repayment_every', 'repayment_frequency_type', 'interest_rate_per_period', 'interest_rate_frequency_type', 'amortization_type',
  'interest_type', 'interest_calculation_period_type', 'transaction_processing_strategy_code', 'grace_on_principal_payment',
  'grace_on_interest_payment', date('submitted_on'), date('expected_disbursement_date'), date('repayments_starting_from'), date('approved_on'),
  'approved_by_user_id', date('rejected_on'), date('withdrawn_on'), date('disbursed_on'), date('closed_on'), 'link_account_id',
  'disbursed_to_savings_id', 'days_past_due', 'delinquent_amount', date('delinquent_date'), 'delinquency_range_id', 'recovery_officer_user_id',
].join(', ');

export async function findLoan(tx: Tx, id: number, options: { lock?: boolean } = {}): Promise<LoanRow | null> {
  const raw = await tx.em.execute(`select ${LOAN_COLUMNS} from loan.loan where tenant_id = ? and id = ?${options.lock ? ' for update' : ''}`, [tx.tenantId, id]);
  return rows<LoanRow>(raw)[0] ?? null;
}

/** Every loan of several clients, in id order. */
export async function loansOfClients(tx: Tx, clientIds: readonly number[]): Promise<LoanRow[]> {
  if (clientIds.length === 0) return [];
  return rows<LoanRow>(await tx.em.execute(`select ${LOAN_COLUMNS} from loan.loan where tenant_id = ? and client_id = any(?::int[]) order by id`, [tx.tenantId, `{${clientIds.join(',')}}`]));
}

export const loanNotFound = (id: number) => errors.notFound(LOAN_CODES.loanIdInvalid, `Loan with identifier ${id} does not exist`, id);

export async function loadPeriods(tx: Tx, loanIds: readonly number[]): Promise<PeriodRow[]> {
  if (loanIds.length === 0) return [];
  const raw = await tx.em.execute(
    `select loan_id, period, ${date('from_date')}, ${date('due_date')}, principal_due, interest_due, fee_due, penalty_due,
            principal_paid, interest_paid, fee_paid, penalty_paid
       from loan.schedule_period where tenant_id = ? and loan_id = any(?::int[]) order by loan_id, period`,
    [tx.tenantId, `{${loanIds.join(',')}}`],
  );
  return rows<PeriodRow>(raw);
}

/** Replaces a loan's schedule (at submission, on changes, and from the actual date at disbursement). */
export async function writeSchedule(tx: Tx, loanId: number, schedule: Schedule): Promise<void> {
  await tx.em.execute(`delete from loan.schedule_period where tenant_id = ? and loan_id = ?`, [tx.tenantId, loanId]);
  const values = schedule.periods.map(() => `(?, ?, ?, ?::date, ?::date, ?, ?)`).join(', ');
  const params = schedule.periods.flatMap((p) => [tx.tenantId, loanId, p.period, p.fromDate, p.dueDate, p.principal, p.interest]);
  await tx.em.execute(`insert into loan.schedule_period (tenant_id, loan_id, period, from_date, due_date, principal_due, interest_due) values ${values}`, params);
}

export const TRANSACTION_COLUMNS = `id, loan_id, type_id, ${date('transaction_date')}, amount, principal_portion, interest_portion, fee_portion, penalty_portion,
  outstanding_after, payment_type_id, savings_account_id, savings_transaction_id, note, reversed, created_by`;

export async function loadTransactions(tx: Tx, loanId: number): Promise<TransactionRow[]> {
  const raw = await tx.em.execute(`select ${TRANSACTION_COLUMNS} from loan.transaction where tenant_id = ? and loan_id = ? order by id`, [tx.tenantId, loanId]);
  return rows<TransactionRow>(raw, ['id']);
}

export interface ApprovalRow {
  loanId: number;
  userId: number;
  roleId: number;
  approvedOn: string;
  note: string | null;
}

export async function loadApprovals(tx: Tx, loanIds: readonly number[]): Promise<ApprovalRow[]> {
  if (loanIds.length === 0) return [];
  const raw = await tx.em.execute(
    `select loan_id, user_id, role_id, ${date('approved_on')}, note from loan.approval where tenant_id = ? and loan_id = any(?::int[]) order by created_at, user_id`,
    [tx.tenantId, `{${loanIds.join(',')}}`],
  );
  return rows<ApprovalRow>(raw);
}

const officeFilter = (officeIds: readonly number[] | null) => (officeIds === null ? null : `{${officeIds.join(',')}}`);

/** Loans disbursed per day between two dates (inclusive), at the given offices (null: every office). */
export async function disbursalsByDay(tx: Tx, officeIds: readonly number[] | null, from: string, to: string): Promise<{ day: string; count: number }[]> {
  const offices = officeFilter(officeIds);
  const found = await tx.query<{ day: string; count: string }>(
    `select to_char(disbursed_on, 'YYYY-MM-DD') as day, count(*) as count from loan.loan
     where tenant_id = ? and disbursed_on between ?::date and ?::date and (?::int[] is null or office_id = any(?::int[]))
     group by disbursed_on order by disbursed_on`,
    [tx.tenantId, from, to, offices, offices],
  );
  return found.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** What active loans owe on a day's instalments (principal, interest, fees, penalties), still due and already paid. */
export async function demandAndCollection(tx: Tx, officeIds: readonly number[] | null, day: string): Promise<{ due: string; paid: string }> {
  const offices = officeFilter(officeIds);
  const found = await tx.query<{ due: string; paid: string }>(
    `select coalesce(sum(p.principal_due + p.interest_due + p.fee_due + p.penalty_due - p.principal_paid - p.interest_paid - p.fee_paid - p.penalty_paid), 0)::text as due,
            coalesce(sum(p.principal_paid + p.interest_paid + p.fee_paid + p.penalty_paid), 0)::text as paid
     from loan.schedule_period p join loan.loan l on l.tenant_id = p.tenant_id and l.id = p.loan_id
     where p.tenant_id = ? and p.due_date = ?::date and l.status_id = 300 and (?::int[] is null or l.office_id = any(?::int[]))`,
    [tx.tenantId, day, offices, offices],
  );
  return found[0]!;
}

/** Principal approved and waiting for disbursal, and principal of active (disbursed) loans. */
export async function disbursalAndAwaiting(tx: Tx, officeIds: readonly number[] | null): Promise<{ awaiting: string; disbursed: string }> {
  const offices = officeFilter(officeIds);
  const found = await tx.query<{ awaiting: string; disbursed: string }>(
    `select coalesce(sum(coalesce(approved_principal, principal)) filter (where status_id = 200), 0)::text as awaiting,
            coalesce(sum(principal) filter (where status_id = 300), 0)::text as disbursed
     from loan.loan where tenant_id = ? and status_id in (200, 300) and (?::int[] is null or office_id = any(?::int[]))`,
    [tx.tenantId, offices, offices],
  );
  return found[0]!;
}
