import type { Database } from '../../platform/database.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { REPORTS_CODES } from '../codes.js';
import { loanReceipt, loanScheduleTable, savingsReceipt, savingsStatement, type LoanReceipt, type SavingsReceipt, type SavingsStatement } from '../domain/statement.js';
import type { ReportsDependencies } from '../ports.js';
import * as store from '../store/statement.store.js';
import { checkPeriod } from './portfolio.query.js';
import type { ReportTable } from '../domain/report-table.js';

/**
 * Account statements, for staff who may read the account (READ_SAVINGSACCOUNT, within their scope) and for
 * a self-service customer's own accounts. An account the caller may not see is "not found". The period is
 * bounded (at most a year and a day), which bounds the statement's size.
 */
export class StatementQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: ReportsDependencies,
  ) {}

  async savings(identity: Identity, accountId: number, fromDate: string | null | undefined, toDate: string | null | undefined): Promise<SavingsStatement> {
    if (identity.kind !== 'customer') requireStaff(identity, 'READ_SAVINGSACCOUNT');
    const v = new Validator('report');
    checkPeriod(v, fromDate, toDate);
    v.throwIfAny();
    return this.db.tx(identity.tenantId, async (tx) => {
      const account = await store.statementAccount(tx, accountId);
      const visible = account !== null && (await this.deps.canSee(tx, identity, { officeId: account.officeId, staffId: account.clientStaffId, clientId: account.clientId }));
      if (!account || !visible) throw errors.notFound(REPORTS_CODES.savingsAccountNotFound, `Savings account with identifier ${accountId} does not exist`, accountId);
      const opening = await store.balanceBefore(tx, accountId, fromDate!);
      const transactions = await store.transactionsBetween(tx, accountId, fromDate!, toDate!);
      return savingsStatement(account, fromDate!, toDate!, opening, transactions);
    });
  }

  /** A receipt of one savings transaction ("Savings Transaction Receipt"), under the same visibility as statements. */
  async savingsReceipt(identity: Identity, transactionId: number): Promise<SavingsReceipt> {
    if (identity.kind !== 'customer') requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(identity.tenantId, async (tx) => {
      const transaction = await store.savingsTransaction(tx, transactionId);
      const account = transaction && (await store.statementAccount(tx, transaction.accountId));
      const visible = !!account && (await this.deps.canSee(tx, identity, { officeId: account.officeId, staffId: account.clientStaffId, clientId: account.clientId }));
      if (!transaction || !account || !visible) throw errors.notFound(REPORTS_CODES.savingsTransactionNotFound, `Savings transaction with identifier ${transactionId} does not exist`, transactionId);
      return savingsReceipt(account, transaction);
    });
  }

  /** A receipt of one loan transaction ("Loan Transaction Receipt"), for staff who may read the loan and the borrower. */
  async loanReceipt(identity: Identity, transactionId: number): Promise<LoanReceipt> {
    if (identity.kind !== 'customer') requireStaff(identity, 'READ_LOAN');
    return this.db.tx(identity.tenantId, async (tx) => {
      const row = await store.loanTransaction(tx, transactionId);
      const visible = !!row && (await this.deps.canSee(tx, identity, { officeId: row.officeId, staffId: row.clientStaffId, clientId: row.clientId }));
      if (!row || !visible) throw errors.notFound(REPORTS_CODES.loanTransactionNotFound, `Loan transaction with identifier ${transactionId} does not exist`, transactionId);
      return loanReceipt(row);
    });
  }

  /** A loan's repayment schedule ("Loan Account Schedule"), for staff who may read the loan. */
  async loanSchedule(identity: Identity, loanId: number): Promise<ReportTable> {
    if (identity.kind !== 'customer') requireStaff(identity, 'READ_LOAN');
    return this.db.tx(identity.tenantId, async (tx) => {
      const loan = await store.scheduleLoan(tx, loanId);
      const visible = !!loan && (await this.deps.canSee(tx, identity, { officeId: loan.officeId, staffId: loan.clientStaffId, clientId: loan.clientId }));
      if (!loan || !visible) throw errors.notFound(REPORTS_CODES.loanNotFound, `Loan with identifier ${loanId} does not exist`, loanId);
      return loanScheduleTable(await store.schedulePeriods(tx, loanId), loan.digits);
    });
  }
}
