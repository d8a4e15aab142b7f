import type { Tx } from '../../kernel/tx.js';

/**
 * The statements' SQL, over the read-only views the account, customer and organisation modules publish
 * (docs/reporting.md). Reversed transactions are left out: a statement shows what moved the balance.
 */

/** A savings or current account with what a statement's header shows. */
export interface StatementAccount {
  id: number;
  accountNo: string;
  accountType: string;
  productName: string;
  currencyCode: string;
  digits: number;
  officeId: number;
  officeName: string;
  clientId: number;
  clientStaffId: number | null;
  clientName: string;
  cif: string;
  clientAccountNo: string;
  mobileNo: string | null;
  institutionName: string;
}

export async function statementAccount(tx: Tx, accountId: number): Promise<StatementAccount | null> {
  const found = await tx.query<StatementAccount>(
    `select a.id, a.account_no as "accountNo", a.account_type as "accountType", a.product_name as "productName", a.currency_code as "currencyCode", a.digits::int as digits,
       a.office_id as "officeId", o.name as "officeName", a.client_id as "clientId", c.staff_id as "clientStaffId", c.display_name as "clientName", c.cif,
       c.account_no as "clientAccountNo", c.mobile_no as "mobileNo", coalesce(i.name, a.tenant_id) as "institutionName"
     from account.report_savings_account a
       join customer.report_client c on c.tenant_id = a.tenant_id and c.id = a.client_id
       join organisation.report_office o on o.tenant_id = a.tenant_id and o.id = a.office_id
       left join organisation.report_institution i on i.tenant_id = a.tenant_id
     where a.tenant_id = ? and a.id = ?`,
    [tx.tenantId, accountId],
  );
  return found[0] ?? null;
}

/** The signed sum (credits less debits) of the account's transactions dated before `date`: the opening balance. */
export async function balanceBefore(tx: Tx, accountId: number, date: string): Promise<string> {
  const found = await tx.query<{ balance: string }>(
    `select coalesce(sum(case when credit then amount else -amount end), 0)::text as balance
     from account.report_savings_transaction where tenant_id = ? and account_id = ? and not reversed and transaction_date < ?::date`,
    [tx.tenantId, accountId, date],
  );
  return found[0]!.balance;
}

/** One transaction of the period. */
export interface StatementTransaction {
  id: string;
  transactionDate: string;
  transactionType: number;
  credit: boolean;
  amount: string;
  note: string | null;
  transfer: boolean;
}

/** The period's transactions in the order they moved the balance: by date, then as they were recorded. */
export async function transactionsBetween(tx: Tx, accountId: number, from: string, to: string): Promise<StatementTransaction[]> {
  return tx.query<StatementTransaction>(
    `select id::text as id, to_char(transaction_date, 'YYYY-MM-DD') as "transactionDate", transaction_type::int as "transactionType", credit, amount::text as amount, note,
       transfer_id is not null as transfer
     from account.report_savings_transaction
     where tenant_id = ? and account_id = ? and not reversed and transaction_date between ?::date and ?::date
     order by transaction_date, position`,
    [tx.tenantId, accountId, from, to],
  );
}

/** One transaction with its account and the balance after it (every non-reversed transaction up to it, in order). */
export interface ReceiptTransaction extends StatementTransaction {
  accountId: number;
  reversed: boolean;
  balanceAfter: string;
}

export async function savingsTransaction(tx: Tx, transactionId: number): Promise<ReceiptTransaction | null> {
  const found = await tx.query<ReceiptTransaction>(
    `select t.id::text as id, t.account_id as "accountId", to_char(t.transaction_date, 'YYYY-MM-DD') as "transactionDate", t.transaction_type::int as "transactionType",
       t.credit, t.amount::text as amount, t.note, t.transfer_id is not null as transfer, t.reversed,
       (select coalesce(sum(case when u.credit then u.amount else -u.amount end), 0) from account.report_savings_transaction u
        where u.tenant_id = t.tenant_id and u.account_id = t.account_id and not u.reversed and (u.transaction_date, u.position) <= (t.transaction_date, t.position))::text as "balanceAfter"
     from account.report_savings_transaction t where t.tenant_id = ? and t.id = ?`,
    [tx.tenantId, transactionId],
  );
  return found[0] ?? null;
}

/** One loan transaction with its loan, borrower, branch and the principal outstanding after it. */
export interface LoanReceiptRow {
  id: string;
  loanId: number;
  accountNo: string;
  productName: string;
  currencyCode: string;
  digits: number;
  officeId: number;
  officeName: string;
  clientId: number;
  clientStaffId: number | null;
  clientName: string;
  cif: string;
  institutionName: string;
  transactionDate: string;
  typeId: number;
  amount: string;
  principalPortion: string;
  interestPortion: string;
  feePortion: string;
  penaltyPortion: string;
  outstandingAfter: string;
  reversed: boolean;
}

export async function loanTransaction(tx: Tx, transactionId: number): Promise<LoanReceiptRow | null> {
  const found = await tx.query<LoanReceiptRow>(
    `select t.id::text as id, l.id as "loanId", l.account_no as "accountNo", l.product_name as "productName", l.currency_code as "currencyCode", l.digits::int as digits,
       l.office_id as "officeId", o.name as "officeName", l.client_id as "clientId", c.staff_id as "clientStaffId", c.display_name as "clientName", c.cif,
       coalesce(i.name, l.tenant_id) as "institutionName", to_char(t.transaction_date, 'YYYY-MM-DD') as "transactionDate", t.type_id::int as "typeId",
       t.amount::text as amount, t.principal_portion::text as "principalPortion", t.interest_portion::text as "interestPortion", t.fee_portion::text as "feePortion",
       t.penalty_portion::text as "penaltyPortion", t.outstanding_after::text as "outstandingAfter", t.reversed
     from loan.report_transaction t join loan.report_loan l on l.tenant_id = t.tenant_id and l.id = t.loan_id
       join customer.report_client c on c.tenant_id = l.tenant_id and c.id = l.client_id
       join organisation.report_office o on o.tenant_id = l.tenant_id and o.id = l.office_id
       left join organisation.report_institution i on i.tenant_id = l.tenant_id
     where t.tenant_id = ? and t.id = ?`,
    [tx.tenantId, transactionId],
  );
  return found[0] ?? null;
}

/** A loan's header for its schedule: what decides who may see it, and its currency digits. */
export interface ScheduleLoan {
  id: number;
  accountNo: string;
  officeId: number;
  clientId: number;
  clientStaffId: number | null;
  digits: number;
}

export async function scheduleLoan(tx: Tx, loanId: number): Promise<ScheduleLoan | null> {
  const found = await tx.query<ScheduleLoan>(
    `select l.id, l.account_no as "accountNo", l.office_id as "officeId", l.client_id as "clientId", c.staff_id as "clientStaffId", l.digits::int as digits
     from loan.report_loan l join customer.report_client c on c.tenant_id = l.tenant_id and c.id = l.client_id where l.tenant_id = ? and l.id = ?`,
    [tx.tenantId, loanId],
  );
  return found[0] ?? null;
}

/** One instalment of a loan's schedule, with what was paid on it. */
export interface SchedulePeriod {
  period: number;
  fromDate: string;
  dueDate: string;
  principalDue: string;
  interestDue: string;
  feeDue: string;
  penaltyDue: string;
  paid: string;
}

export async function schedulePeriods(tx: Tx, loanId: number): Promise<SchedulePeriod[]> {
  return tx.query<SchedulePeriod>(
    `select period, to_char(from_date, 'YYYY-MM-DD') as "fromDate", to_char(due_date, 'YYYY-MM-DD') as "dueDate", principal_due::text as "principalDue",
       interest_due::text as "interestDue", fee_due::text as "feeDue", penalty_due::text as "penaltyDue",
       (principal_paid + interest_paid + fee_paid + penalty_paid)::text as paid
     from loan.report_schedule_period where tenant_id = ? and loan_id = ? order by period`,
    [tx.tenantId, loanId],
  );
}
