import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { exactNumber } from '../kernel/exact-json.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { emit, riding } from '../kernel/outbox.js';
import type { LoanApplicationService } from './loan-application.service.js';
import { LOAN_GL } from './loan-product.rows.js';
import type { LoanDependencies } from './loan.ports.js';
import { markDisbursed, markUndisbursed, STATUS_ACTIVE, STATUS_APPROVED, type LoanRow } from './store/loans.js';
import { writeSchedule } from './store/schedule.js';
import { disbursementRecord, loadTransactions, nextTransactionId, transactionReversal, TXN_DISBURSEMENT, TXN_REPAYMENT } from './store/transactions.js';
import { effectivePrincipal } from './loan.view.js';
import { LOAN_CODES } from './codes.js';

export interface DisburseInput {
  actualDisbursementDate?: string | null;
  transactionAmount?: string | null;
  note?: string | null;
}

const rule = (code: string, message: string, args: unknown[] = []) => errors.domainRule(code, message, args);

/**
 * Disbursement to the borrower's operating savings account: the savings credit (account module, no journal of
 * its own), the loan journal DR 13101 loans receivable / CR the account's liability code, the schedule from
 * the actual date and the `loan.disbursed` event commit in one transaction, with the loan row locked.
 */
export class DisbursementService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly applications: LoanApplicationService,
  ) {}

  async disburse(identity: Identity, id: number, input: DisburseInput): Promise<{ loan: LoanRow; transactionId: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'DISBURSE_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.disburseCore(tx, actor, id, input));
  }

  async disburseCore(tx: Tx, actor: Actor, id: number, input: DisburseInput): Promise<{ loan: LoanRow; transactionId: number; changes: Record<string, unknown> }> {
    const loan = await this.applications.requireVisible(tx, actor, id, true);
    if (loan.statusId === STATUS_ACTIVE || loan.disbursedOn !== null) throw rule(LOAN_CODES.loanAlreadyDisbursed, 'The loan has already been disbursed.', [id]);
    if (loan.statusId !== STATUS_APPROVED) throw rule(LOAN_CODES.loanDisbursalNotApproved, 'Only an approved loan can be disbursed.', [id]);
    const today = await this.deps.businessDates.today(tx);
    const date = input.actualDisbursementDate ?? today;
    if (date < loan.approvedOn!) {
      throw errors.validation([{ code: LOAN_CODES.loanActualDisbursementDateCannotBeBeforeApprovalDate, message: `actualDisbursementDate cannot be before the approval date ${loan.approvedOn}.`, parameterName: 'actualDisbursementDate', value: date }]);
    }
    if (date > today) {
      throw errors.validation([{ code: LOAN_CODES.loanActualDisbursementDateCannotBeAFutureDate, message: `actualDisbursementDate cannot be after the business date ${today}.`, parameterName: 'actualDisbursementDate', value: date }]);
    }
    const approved = effectivePrincipal(loan);
    let principal = approved;
    if (input.transactionAmount != null) {
      const amount = new BigNumber(input.transactionAmount);
      if (!amount.isFinite() || amount.lte(0)) throw errors.validation([{ code: LOAN_CODES.loanTransactionAmountNotGreaterThanZero, message: 'transactionAmount must be greater than 0.', parameterName: 'transactionAmount', value: input.transactionAmount }]);
      if (amount.gt(approved)) throw rule(LOAN_CODES.loanDisbursalAmountGreaterThanApproved, `transactionAmount ${amount.toFixed()} is above the approved amount ${new BigNumber(approved).toFixed()}.`, [amount.toFixed()]);
      principal = amount.toFixed();
    }
    const savings = this.deps.savings;
    if (!savings) throw rule(LOAN_CODES.loanDisbursalSavingsUnavailable, 'Disbursement to savings is not available: the account module is not wired.', [id]);

    const account = await savings.operatingAccount(tx, loan.clientId, loan.linkAccountId);
    if (account.currency !== loan.currencyCode) throw rule(LOAN_CODES.loanDisbursalAccountCurrencyMismatch, `Account ${account.accountNo} is in ${account.currency}, the loan in ${loan.currencyCode}.`, [account.id]);
    const txnId = await nextTransactionId(tx);
    // Disbursement charges are collected now: the deducted ones come off what the account is credited, each
    // credited to its income account in the disbursement's journal.
    const fees = (await this.applications.charges.get()?.atDisbursement(tx, id, principal, loan.digits)) ?? { deducted: '0', lines: [] };
    const paidOut = new BigNumber(principal).minus(fees.deducted).toFixed();
    const credited = await savings.creditFromLoan(tx, { accountId: account.id, amount: paidOut, date, loanId: id, loanTransactionId: txnId, note: input.note ?? null, userId: actor.userId });
    // Its event rides in the loan.disbursed row written below.
    const posting = await this.deps.post(tx, {
      officeId: loan.officeId, currency: loan.currencyCode, date,
      lines: [
        { glCode: LOAN_GL.loanPortfolio, debit: principal }, { glCode: account.liabilityGlCode, credit: paidOut },
        ...fees.lines.map((l) => ({ glCode: l.glCode, credit: l.amount })),
      ],
      source: { entityType: 'LOAN', entityId: id, transactionId: `L${txnId}` }, comments: `Loan ${loan.accountNo} disbursed to account ${account.accountNo}`, actor: actor.userId,
      companionEvent: true,
    });
    // The transaction row goes ahead of the loan's update, in its round trip.
    const record = disbursementRecord(tx, { id: txnId, loanId: id, on: date, principal, savingsAccountId: account.id, savingsTransactionId: credited.savingsTransactionId, note: input.note ?? null, userId: actor.userId });
    const disbursed = await markDisbursed(tx, id, { on: date, userId: actor.userId, principal, savingsAccountId: account.id }, [record]);
    await writeSchedule(tx, id, await this.applications.regenerate(tx, disbursed, date, principal));
    await this.applications.charges.get()?.scheduled(tx, id);
    const borrower = await this.deps.borrower(tx, loan.clientId);
    await emit(tx, riding({
      eventType: 'loan.disbursed', entityName: 'LOAN', actionName: 'DISBURSE',
      data: {
        loanId: id, accountNo: loan.accountNo, clientId: loan.clientId, cif: borrower?.cif ?? null, principal: exactNumber(principal),
        currency: loan.currencyCode, disbursedOn: date, savingsAccountId: account.id,
      },
    }, posting.companion));
    return { loan: disbursed, transactionId: txnId, changes: { status: { id: STATUS_ACTIVE, code: 'loanStatusType.active', value: 'Active' }, actualDisbursementDate: date, transactionAmount: principal, savingsAccountId: account.id } };
  }

  /** Reverses a disbursement while nothing is repaid: savings credit reversed, journal reversed, loan back to approved. */
  async undo(identity: Identity, id: number, note: string | null | undefined): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UNDODISBURSAL_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.undoCore(tx, actor, id, note));
  }

  async undoCore(tx: Tx, actor: Actor, id: number, note: string | null | undefined): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const loan = await this.applications.requireVisible(tx, actor, id, true);
    if (loan.statusId !== STATUS_ACTIVE) throw rule(LOAN_CODES.loanUndoDisbursalNotActive, 'Only an active loan can have its disbursal undone.', [id]);
    const transactions = (await loadTransactions(tx, id)).filter((t) => !t.reversed);
    if (transactions.some((t) => t.typeId === TXN_REPAYMENT)) throw rule(LOAN_CODES.loanUndoDisbursalRepaymentsExist, 'The loan has repayments; undo them first.', [id]);
    const disbursement = transactions.find((t) => t.typeId === TXN_DISBURSEMENT)!;
    const savings = this.deps.savings;
    if (!savings) throw rule(LOAN_CODES.loanDisbursalSavingsUnavailable, 'Disbursement to savings is not available: the account module is not wired.', [id]);
    if (disbursement.savingsTransactionId !== null) await savings.reverseForLoan(tx, disbursement.savingsTransactionId, actor.userId);
    const account = await savings.operatingAccount(tx, loan.clientId, disbursement.savingsAccountId);
    const reversalId = await nextTransactionId(tx);
    // Disbursement charges collected with it are given back: their income reversed, the account debited only what it got.
    const fees = (await this.applications.charges.get()?.disbursementUndone(tx, id)) ?? { deducted: '0', lines: [] };
    await this.deps.post(tx, {
      officeId: loan.officeId, currency: loan.currencyCode, date: await this.deps.businessDates.today(tx),
      lines: [
        { glCode: account.liabilityGlCode, debit: new BigNumber(disbursement.amount).minus(fees.deducted).toFixed() }, ...fees.lines.map((l) => ({ glCode: l.glCode, debit: l.amount })),
        { glCode: LOAN_GL.loanPortfolio, credit: disbursement.amount },
      ],
      source: { entityType: 'LOAN', entityId: id, transactionId: `L${reversalId}` }, comments: `Reversal of L${disbursement.id}`, actor: actor.userId,
    });
    const reverted = await markUndisbursed(tx, id, actor.userId, [transactionReversal(tx, disbursement.id, actor.userId)]);
    await writeSchedule(tx, id, await this.applications.regenerate(tx, reverted, reverted.expectedDisbursementDate, effectivePrincipal(reverted)));
    await this.applications.charges.get()?.scheduled(tx, id);
    return { loan: reverted, changes: { status: { id: STATUS_APPROVED, code: 'loanStatusType.approved', value: 'Approved' }, note: note ?? null } };
  }
}
