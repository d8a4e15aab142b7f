import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { exactNumber } from '../kernel/exact-json.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { emit, riding } from '../kernel/outbox.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanProductService } from './loan-product.service.js';
import { LOAN_GL } from './loan-product.rows.js';
import type { LoanDependencies } from './loan.ports.js';
import { loanPayoff } from './payoff.js';
import type { RepaymentService } from './repayment.service.js';
import { closeIfRepaid, reopenLoan, STATUS_ACTIVE, STATUS_CLOSED, STATUS_WRITTEN_OFF, type LoanRow } from './store/loans.js';
import { loadPeriods } from './store/schedule.js';
import { keepSchedule, restoreScheduleOf, setInterestDue } from './store/schedule-history.js';
import { insertRecovery, markWrittenOff, waiverRecord, writeOffGlCode, writeOffRecord } from './store/servicing.js';
import { loadTransactions, nextTransactionId, reverseTransaction, TXN_RECOVERY_REPAYMENT, TXN_WAIVE_INTEREST, TXN_WRITEOFF, type TransactionRow } from './store/transactions.js';
import { waiveInterest } from './domain/waiver.js';
import { insertWaiverRequest, WAIVER_PENDING } from './store/waiver-requests.js';
import { writtenOffOf } from './loan.view.js';
import type { LoanRecoveryPaymentInput, LoanWaiveInterestInput, LoanWriteOffInput } from './loan-servicing.types.js';
import { LOAN_CODES } from './codes.js';

type Result = { loan: LoanRow; transactionId: number; changes: Record<string, unknown> };

const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);
const invalid = (parameterName: string, rule: string, message: string, value?: unknown) =>
  errors.validation([{ code: `validation.msg.loan.transaction.${parameterName}.${rule}`, message, parameterName, value }]);
const checkNote = (note: string | null | undefined) => {
  const v = new Validator('loan.transaction');
  v.maxLength('note', note, 1000);
  v.throwIfAny();
};
const WRITTEN_OFF_STATUS = { id: STATUS_WRITTEN_OFF, code: 'loanStatusType.closed.written.off', value: 'Closed (written off)' };
const ACTIVE_STATUS = { id: STATUS_ACTIVE, code: 'loanStatusType.active', value: 'Active' };
const WAIVER_PENDING_STATUS = { id: WAIVER_PENDING, code: 'waiverStatusType.pending.approval', value: 'Pending approval' };
/** The tenant setting above which a waiver needs a second person. */
export const WAIVER_CEILING = 'loan-interest-waiver-ceiling';

/**
 * Write-off, its undo, and recovery payments (issue 36). A write-off closes the loan as written off (601) for what it
 * owes on the date: its principal outstanding (DR 52101 loan loss or the product's writeOffAccountId, CR 13101 loans receivable), the interest earned
 * and unpaid, fees and penalties due (cash-based: never booked as income, so nothing to reverse in the ledger; the
 * schedule's later interest is cut as a payoff cuts it and kept in loan.schedule_history for the undo). A recovery
 * payment on a written-off loan is all income: DR cash or bank, CR 42301 bad debt recovered. The loan row is locked
 * for each command.
 */
export class WriteOffService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly applications: LoanApplicationService,
    private readonly products: LoanProductService,
    private readonly repayments: RepaymentService,
  ) {}

  async writeOff(identity: Identity, loanId: number, input: LoanWriteOffInput): Promise<Result> {
    const actor = requireStaff(identity, 'WRITEOFF_LOAN');
    checkNote(input.note);
    return this.db.tx(actor.tenantId, (tx) => this.writeOffCore(tx, actor, loanId, input));
  }

  async writeOffCore(tx: Tx, actor: Actor, loanId: number, input: LoanWriteOffInput): Promise<Result> {
    const loan = await this.applications.requireVisible(tx, actor, loanId, true);
    if (loan.statusId !== STATUS_ACTIVE) throw rule(LOAN_CODES.loanWriteoffNotActive, 'Only an active loan can be written off.', [loanId]);
    const today = await this.deps.businessDates.today(tx);
    const date = input.transactionDate ?? today;
    if (date > today) throw rule(LOAN_CODES.loanWriteoffCannotBeAFutureDate, `The write-off date cannot be after the business date ${today}.`, [date], 'transactionDate');
    const live = (await loadTransactions(tx, loanId)).filter((t) => !t.reversed);
    const lastDate = live.reduce((d, t) => (t.transactionDate > d ? t.transactionDate : d), loan.disbursedOn!);
    if (date < lastDate) throw rule(LOAN_CODES.loanWriteoffMustOccurOnOrAfterOtherTransactionDates, `The write-off date must be on or after the loan's last transaction on ${lastDate}.`, [date], 'transactionDate');
    if (input.writeoffReasonId != null && !(await this.deps.codeValueValid(tx, 'WriteOffReasons', input.writeoffReasonId))) {
      throw errors.validation([{ code: LOAN_CODES.loanWriteoffReasonIdInvalid, message: 'writeoffReasonId is not a value of the WriteOffReasons code.', parameterName: 'writeoffReasonId', value: input.writeoffReasonId }]);
    }
    const payoff = await loanPayoff(tx, this.products, loan, date, await loadPeriods(tx, [loanId]));
    const txnId = await nextTransactionId(tx);
    await keepSchedule(tx, loanId, { reason: 'writeoff', transactionId: txnId }, actor.userId);
    await setInterestDue(tx, loanId, payoff.interestByPeriod);
    const principal = new BigNumber(payoff.principal);
    const lossGl = await this.lossAccount(tx, loan);
    // Only principal is on the books under cash accounting; a loan that owes interest alone writes off without a posting.
    const posting = principal.gt(0)
      ? await this.deps.post(tx, {
        officeId: loan.officeId, currency: loan.currencyCode, date, lines: [{ glCode: lossGl, debit: payoff.principal }, { glCode: LOAN_GL.loanPortfolio, credit: payoff.principal }],
        source: { entityType: 'LOAN', entityId: loanId, transactionId: `L${txnId}` }, comments: `Write-off of loan ${loan.accountNo}`, actor: actor.userId, companionEvent: true,
      })
      : {};
    await markWrittenOff(tx, loanId, date, actor.userId, [writeOffRecord(tx, {
      id: txnId, loanId, on: date, principal: payoff.principal, interest: payoff.interest, fee: payoff.fee, penalty: payoff.penalty,
      reasonId: input.writeoffReasonId ?? null, note: input.note ?? null, userId: actor.userId, glCode: lossGl,
    })]);
    await emit(tx, riding({
      eventType: 'loan.writtenoff', entityName: 'LOAN', actionName: 'WRITEOFF',
      data: {
        loanId, accountNo: loan.accountNo, clientId: loan.clientId, officeId: loan.officeId, transactionId: txnId, date, currency: loan.currencyCode,
        principal: exactNumber(payoff.principal), interest: exactNumber(payoff.interest), fees: exactNumber(payoff.fee), penalties: exactNumber(payoff.penalty),
        total: exactNumber(payoff.total), writeoffReasonId: input.writeoffReasonId ?? null,
      },
    }, posting.companion));
    return {
      loan: { ...loan, statusId: STATUS_WRITTEN_OFF, closedOn: date }, transactionId: txnId,
      changes: {
        status: WRITTEN_OFF_STATUS, transactionDate: date, writeoffReasonId: input.writeoffReasonId ?? null, note: input.note ?? null, transactionAmount: payoff.total,
        principalPortion: payoff.principal, interestPortion: payoff.interest, feeChargesPortion: payoff.fee, penaltyChargesPortion: payoff.penalty,
      },
    };
  }

  /** POST /loans/{id}/transactions?command=undowriteoff: back to active while nothing (a recovery payment) came after it. */
  async undoWriteOff(identity: Identity, loanId: number, note: string | null | undefined): Promise<Result> {
    const actor = requireStaff(identity, 'UNDOWRITEOFF_LOAN');
    checkNote(note);
    return this.db.tx(actor.tenantId, async (tx) => {
      const loan = await this.applications.requireVisible(tx, actor, loanId, true);
      if (loan.statusId !== STATUS_WRITTEN_OFF) throw rule(LOAN_CODES.loanUndoWriteoffNotWrittenOff, 'The loan is not written off.', [loanId]);
      const live = (await loadTransactions(tx, loanId)).filter((t) => !t.reversed);
      const writeOff = live.find((t) => t.typeId === TXN_WRITEOFF)!;
      if (live[live.length - 1]!.id !== writeOff.id) throw rule(LOAN_CODES.loanUndoWriteoffTransactionsAfter, 'Undo the transactions after the write-off first.', [loanId]);
      return this.undoWriteOffCore(tx, actor, loan, writeOff);
    });
  }

  private async undoWriteOffCore(tx: Tx, actor: Actor, loan: LoanRow, writeOff: TransactionRow): Promise<Result> {
    await restoreScheduleOf(tx, loan.id, writeOff.id);
    const reversalId = await nextTransactionId(tx);
    const principal = new BigNumber(writeOff.principalPortion);
    if (principal.gt(0)) {
      await this.deps.post(tx, {
        officeId: loan.officeId, currency: loan.currencyCode, date: await this.deps.businessDates.today(tx),
        lines: [{ glCode: LOAN_GL.loanPortfolio, debit: principal.toFixed() }, { glCode: (await writeOffGlCode(tx, writeOff.id)) ?? LOAN_GL.loanLoss, credit: principal.toFixed() }],
        source: { entityType: 'LOAN', entityId: loan.id, transactionId: `L${reversalId}` }, comments: `Reversal of L${writeOff.id}`, actor: actor.userId,
      });
    }
    await reverseTransaction(tx, writeOff.id, actor.userId, [reopenLoan(tx, loan.id)]);
    return { loan: { ...loan, statusId: STATUS_ACTIVE, closedOn: null }, transactionId: writeOff.id, changes: { status: ACTIVE_STATUS, transactionId: writeOff.id, reversed: true } };
  }

  /** POST /loans/{id}/transactions?command=recoverypayment. */
  async recoveryPayment(identity: Identity, loanId: number, input: LoanRecoveryPaymentInput): Promise<Result> {
    const actor = requireStaff(identity, 'RECOVERYPAYMENT_LOAN');
    checkNote(input.note);
    const amount = new BigNumber(input.transactionAmount);
    if (!amount.isFinite() || amount.lte(0)) throw invalid('transactionAmount', 'not.greater.than.zero', 'transactionAmount must be greater than 0.', input.transactionAmount);
    return this.db.tx(actor.tenantId, async (tx) => {
      const loan = await this.applications.requireVisible(tx, actor, loanId, true);
      if (loan.statusId !== STATUS_WRITTEN_OFF) throw rule(LOAN_CODES.loanRecoveryPaymentNotWrittenOff, 'Recovery payments are accepted on written-off loans only.', [loanId]);
      if ((amount.decimalPlaces() ?? 0) > loan.digits) throw invalid('transactionAmount', 'exceeds.decimal.places', `transactionAmount has more than ${loan.digits} decimals.`, input.transactionAmount);
      const today = await this.deps.businessDates.today(tx);
      const date = input.transactionDate ?? today;
      if (date > today) throw invalid('transactionDate', 'cannot.be.a.future.date', `transactionDate cannot be after the business date ${today}.`, date);
      if (date < loan.closedOn!) throw invalid('transactionDate', 'cannot.be.before.writeoff.date', `transactionDate cannot be before the write-off on ${loan.closedOn}.`, date);
      const written = writtenOffOf(await loadTransactions(tx, loanId));
      const left = new BigNumber(written.principal).plus(written.interest).plus(written.fee).plus(written.penalty).minus(written.recovered);
      if (amount.gt(left)) throw rule(LOAN_CODES.loanRecoveryPaymentAboveWrittenOff, `transactionAmount ${amount.toFixed()} is above the ${left.toFixed()} written off and not yet recovered.`, [amount.toFixed(), left.toFixed()], 'transactionAmount');
      const paymentType = await this.deps.paymentType(tx, input.paymentTypeId);
      if (!paymentType) throw errors.notFound(LOAN_CODES.paymentTypeInvalid, `Payment type with identifier ${input.paymentTypeId} does not exist`, input.paymentTypeId);
      const txnId = await nextTransactionId(tx);
      const text = amount.toFixed();
      if (paymentType.isCashPayment) {
        if (!this.deps.recordCash) throw rule(LOAN_CODES.loanRepaymentCashUnavailable, 'Cash repayments are not available: the till module is not wired.');
        await this.deps.recordCash(tx, { userId: actor.userId, officeId: loan.officeId, currency: loan.currencyCode, direction: 'in', amount: text, source: { entityType: 'LOAN', entityId: loanId, transactionId: `L${txnId}` } });
      }
      await insertRecovery(tx, { id: txnId, loanId, on: date, amount: text, paymentTypeId: paymentType.id, note: input.note ?? null, userId: actor.userId });
      await this.deps.post(tx, {
        officeId: loan.officeId, currency: loan.currencyCode, date,
        lines: [{ glCode: paymentType.isCashPayment ? LOAN_GL.fundSource : LOAN_GL.bankSettlement, debit: text }, { glCode: LOAN_GL.badDebtRecovered, credit: text }],
        source: { entityType: 'LOAN', entityId: loanId, transactionId: `L${txnId}` }, comments: `Recovery on written-off loan ${loan.accountNo}`, actor: actor.userId,
      });
      return { loan, transactionId: txnId, changes: { transactionDate: date, transactionAmount: text, paymentTypeId: paymentType.id } };
    });
  }

  /**
   * POST /loans/{id}/transactions?command=waiveinterest: the interest of the earliest unpaid instalments is lowered by
   * the amount (kept in loan.schedule_history for the undo). Cash accounting never booked it, so nothing is posted; a
   * waiver that leaves nothing owed closes the loan. Above the tenant's loan-interest-waiver-ceiling (when enabled) it
   * is held as a request until a second person approves it (waiver-approval.service.ts).
   */
  async waiveInterest(identity: Identity, loanId: number, input: LoanWaiveInterestInput): Promise<Result> {
    const actor = requireStaff(identity, 'WAIVEINTERESTPORTION_LOAN');
    checkNote(input.note);
    const amount = new BigNumber(input.transactionAmount);
    if (!amount.isFinite() || amount.lte(0)) throw invalid('transactionAmount', 'not.greater.than.zero', 'transactionAmount must be greater than 0.', input.transactionAmount);
    return this.db.tx(actor.tenantId, async (tx) => {
      const ceiling = await this.deps.settings.read(tx, WAIVER_CEILING);
      const held = ceiling.enabled && ceiling.value !== null && amount.gt(ceiling.value);
      return this.waiveInterestCore(tx, actor, loanId, input, held ? 'hold' : 'waive');
    });
  }

  /** `hold`: checks the waiver as if it were made now, then records it for a checker instead of making it. */
  async waiveInterestCore(tx: Tx, actor: Actor, loanId: number, input: LoanWaiveInterestInput, mode: 'waive' | 'hold'): Promise<Result> {
    const amount = new BigNumber(input.transactionAmount);
    const loan = await this.applications.requireVisible(tx, actor, loanId, true);
    if (loan.statusId !== STATUS_ACTIVE) throw rule(LOAN_CODES.loanRepaymentLoanNotActive, 'Interest is waived on active loans only.', [loanId]);
    if ((amount.decimalPlaces() ?? 0) > loan.digits) throw invalid('transactionAmount', 'exceeds.decimal.places', `transactionAmount has more than ${loan.digits} decimals.`, input.transactionAmount);
    const today = await this.deps.businessDates.today(tx);
    const date = input.transactionDate ?? today;
    if (date > today) throw invalid('transactionDate', 'cannot.be.a.future.date', `transactionDate cannot be after the business date ${today}.`, date);
    if (date < loan.disbursedOn!) throw invalid('transactionDate', 'cannot.be.before.disbursement.date', `transactionDate cannot be before the disbursement on ${loan.disbursedOn}.`, date);
    const periods = await loadPeriods(tx, [loanId]);
    const waived = waiveInterest(periods, amount, loan.digits);
    if (!waived) throw rule(LOAN_CODES.loanTransactionAmountGreaterThanOutstanding, `transactionAmount ${amount.toFixed()} is above the interest still unpaid.`, [amount.toFixed()], 'transactionAmount');
    if (mode === 'hold') {
      const requestId = await insertWaiverRequest(tx, { loanId, amount: amount.toFixed(), transactionDate: date, note: input.note ?? null, makerId: actor.userId, makerDelegatedBy: actor.delegatedBy ?? null });
      return {
        loan, transactionId: requestId,
        changes: { status: WAIVER_PENDING_STATUS, waiverRequestId: requestId, transactionDate: date, transactionAmount: amount.toFixed(), note: input.note ?? null },
      };
    }
    const txnId = await nextTransactionId(tx);
    await keepSchedule(tx, loanId, { reason: 'waiver', transactionId: txnId }, actor.userId);
    await setInterestDue(tx, loanId, waived);
    const principalOutstanding = periods.reduce((s, p) => s.plus(p.principalDue).minus(p.principalPaid), new BigNumber(0));
    const record = waiverRecord(tx, { id: txnId, loanId, on: date, amount: amount.toFixed(), outstandingAfter: principalOutstanding.toFixed(), note: input.note ?? null, userId: actor.userId });
    const closed = await closeIfRepaid(tx, loanId, date, actor.userId, [record]);
    const changes: Record<string, unknown> = { transactionDate: date, transactionAmount: amount.toFixed(), interestPortion: amount.toFixed(), note: input.note ?? null };
    if (closed) changes.status = { id: STATUS_CLOSED, code: 'loanStatusType.closed.obligations.met', value: 'Closed (obligations met)' };
    return { loan: { ...loan, statusId: closed ? STATUS_CLOSED : loan.statusId }, transactionId: txnId, changes };
  }

  /**
   * POST /loans/{id}/transactions/{txnId}?command=undo for every kind of transaction: only the loan's last live one,
   * so nothing later depends on it. Repayments (and payoffs) go to the repayment service.
   */
  async undoTransaction(identity: Identity, loanId: number, transactionId: number): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'ADJUST_LOAN');
    return this.db.tx(actor.tenantId, async (tx) => {
      const loan = await this.applications.requireVisible(tx, actor, loanId, true);
      const live = (await loadTransactions(tx, loanId)).filter((t) => !t.reversed);
      const target = live.find((t) => t.id === transactionId);
      if (!target) throw errors.notFound(LOAN_CODES.loanTransactionIdInvalid, `Loan transaction with identifier ${transactionId} does not exist`, transactionId);
      if (target.typeId === TXN_WAIVE_INTEREST) {
        if (live[live.length - 1]!.id !== transactionId) throw rule(LOAN_CODES.loanTransactionUndoOnlyLastRepayment, 'Only the loan\'s last transaction can be undone.', [transactionId]);
        await restoreScheduleOf(tx, loanId, transactionId);
        await reverseTransaction(tx, transactionId, actor.userId, loan.statusId === STATUS_CLOSED ? [reopenLoan(tx, loanId)] : []);
        return { loan, changes: { transactionId, reversed: true } };
      }
      if (target.typeId === TXN_WRITEOFF || target.typeId === TXN_RECOVERY_REPAYMENT) {
        if (live[live.length - 1]!.id !== transactionId) throw rule(LOAN_CODES.loanTransactionUndoOnlyLastRepayment, 'Only the loan\'s last transaction can be undone.', [transactionId]);
        const { changes } = target.typeId === TXN_WRITEOFF ? await this.undoWriteOffCore(tx, actor, loan, target) : await this.undoRecoveryCore(tx, actor, loan, target);
        return { loan, changes };
      }
      return this.repayments.undoCore(tx, actor, loanId, transactionId);
    });
  }

  /** The product's own loss account (its writeOffAccountId) when it names one, else 52101 loan loss. */
  private async lossAccount(tx: Tx, loan: LoanRow): Promise<string> {
    const product = await this.products.require(tx, loan.productId);
    const id = product.parameters.writeOffAccountId;
    return (typeof id === 'number' ? await this.deps.glCode(tx, id) : null) ?? LOAN_GL.loanLoss;
  }

  private async undoRecoveryCore(tx: Tx, actor: Actor, loan: LoanRow, recovery: TransactionRow): Promise<Result> {
    const reversalId = await nextTransactionId(tx);
    const amount = new BigNumber(recovery.amount).toFixed();
    const cash = recovery.paymentTypeId !== null && (await this.deps.paymentType(tx, recovery.paymentTypeId))?.isCashPayment === true;
    if (cash) {
      if (!this.deps.recordCash) throw rule(LOAN_CODES.loanRepaymentCashUnavailable, 'Cash repayments are not available: the till module is not wired.');
      await this.deps.recordCash(tx, { userId: actor.userId, officeId: loan.officeId, currency: loan.currencyCode, direction: 'out', amount, source: { entityType: 'LOAN', entityId: loan.id, transactionId: `L${reversalId}` } });
    }
    await this.deps.post(tx, {
      officeId: loan.officeId, currency: loan.currencyCode, date: await this.deps.businessDates.today(tx),
      lines: [{ glCode: LOAN_GL.badDebtRecovered, debit: amount }, { glCode: cash ? LOAN_GL.fundSource : LOAN_GL.bankSettlement, credit: amount }],
      source: { entityType: 'LOAN', entityId: loan.id, transactionId: `L${reversalId}` }, comments: `Reversal of L${recovery.id}`, actor: actor.userId,
    });
    await reverseTransaction(tx, recovery.id, actor.userId);
    return { loan, transactionId: recovery.id, changes: { transactionId: recovery.id, reversed: true } };
  }
}
