import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { emit, riding } from '../kernel/outbox.js';
import { exactNumber } from '../kernel/exact-json.js';
import { allocate } from './domain/allocation.js';
import { repayWithRecalculation, type RecalculatedPeriod } from './domain/recalculation.js';
import { recalculationTermsOf } from './recalculation-terms.js';
import { replaceServicedSchedule } from './store/serviced-schedule.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanProductService } from './loan-product.service.js';
import { payoffTermsOf } from './payoff.js';
import { payoffOn } from './domain/payoff.js';
import { keepSchedule, restoreScheduleOf, setInterestDue } from './store/schedule-history.js';
import { LOAN_GL } from './loan-product.rows.js';
import type { LoanDependencies } from './loan.ports.js';
import { closeIfRepaid, reopenLoan, STATUS_ACTIVE, STATUS_CLOSED, type LoanRow } from './store/loans.js';
import { loadPeriods, payInstalments, unpayInstalments } from './store/schedule.js';
import { allocationOf } from './store/charges-due.js';
import { findTransaction, loadTransactions, nextTransactionId, repaymentRecord, reverseTransaction, TXN_REPAYMENT } from './store/transactions.js';
import type { LoanTransactionType } from './loan.types.js';
import { currencyOf, effectivePrincipal, transactionView } from './loan.view.js';
import { LOAN_CODES } from './codes.js';

export interface RepaymentInput {
  transactionDate?: string | null;
  transactionAmount?: string | null;
  paymentTypeId?: number | null;
  fromSavingsAccountId?: number | null;
  note?: string | null;
}

const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);
const invalid = (parameterName: string, rule: string, message: string, value?: unknown) =>
  errors.validation([{ code: `validation.msg.loan.transaction.${parameterName}.${rule}`, message, parameterName, value }]);

/** Where a repayment's money comes from, and the GL account it debits. */
type Funding = { kind: 'savings'; accountId: number; glCode: string } | { kind: 'cash' } | { kind: 'bank' };

/**
 * Repayments allocated by mifos-standard-strategy (penalties, fees, interest, principal; oldest instalment
 * first) with a cash-based journal: DR the source of funds (11101 till cash, 11201 bank, or the savings
 * liability), CR 13101 for principal and 41101 for interest. The loan row is locked for the whole command.
 */
export class RepaymentService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly applications: LoanApplicationService,
    private readonly products: LoanProductService,
  ) {}

  async repay(identity: Identity, loanId: number, input: RepaymentInput): Promise<{ loan: LoanRow; transactionId: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'REPAYMENT_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.repayCore(tx, actor, loanId, input));
  }

  /**
   * `foreclosure`: Fineract's foreclosure, the payoff on the date whatever amount is sent (none is), from the bank
   * settlement account when the body names no payment type or savings account.
   */
  async repayCore(tx: Tx, actor: Actor, loanId: number, input: RepaymentInput, options: { foreclosure?: boolean } = {}): Promise<{ loan: LoanRow; transactionId: number; changes: Record<string, unknown> }> {
    if (!options.foreclosure) {
      if (input.transactionAmount == null) throw invalid('transactionAmount', 'cannot.be.blank', 'The parameter `transactionAmount` is mandatory.');
      const sent = new BigNumber(input.transactionAmount);
      if (!sent.isFinite() || sent.lte(0)) throw invalid('transactionAmount', 'not.greater.than.zero', 'transactionAmount must be greater than 0.', input.transactionAmount);
      if (input.paymentTypeId == null && input.fromSavingsAccountId == null) throw invalid('paymentTypeId', 'cannot.be.blank', 'paymentTypeId (or fromSavingsAccountId) is mandatory.');
    }
    const loan = await this.applications.requireVisible(tx, actor, loanId, true);
    if (loan.statusId !== STATUS_ACTIVE) throw rule(LOAN_CODES.loanRepaymentLoanNotActive, 'Repayments are accepted on active loans only.', [loanId]);
    const today = await this.deps.businessDates.today(tx);
    const date = input.transactionDate ?? today;
    if (date > today) throw invalid('transactionDate', 'cannot.be.a.future.date', `transactionDate cannot be after the business date ${today}.`, date);
    if (date < loan.disbursedOn!) throw invalid('transactionDate', 'cannot.be.before.disbursement.date', `transactionDate cannot be before the disbursement on ${loan.disbursedOn}.`, date);

    let periods = await loadPeriods(tx, [loanId]);
    // What closes the loan on the date: interest earned to it and no more (payoff.ts). Paying it closes the loan with
    // the schedule's interest cut to what was earned; more than it is refused.
    const product = await this.products.require(tx, loan.productId);
    const payoff = payoffOn(periods, date, payoffTermsOf(loan, product));
    const amount = options.foreclosure ? new BigNumber(payoff.total) : new BigNumber(input.transactionAmount!);
    if ((amount.decimalPlaces() ?? 0) > loan.digits) throw invalid('transactionAmount', 'exceeds.decimal.places', `transactionAmount has more than ${loan.digits} decimals.`, input.transactionAmount);
    if (amount.gt(payoff.total)) {
      throw rule(LOAN_CODES.loanTransactionAmountGreaterThanOutstanding, `transactionAmount ${amount.toFixed()} is above the ${payoff.total} that closes the loan on ${date}.`, [amount.toFixed(), payoff.total], 'transactionAmount');
    }
    const txnId = await nextTransactionId(tx);
    const closing = amount.eq(payoff.total);
    if (closing) {
      await keepSchedule(tx, loanId, { reason: 'prepayment', transactionId: txnId }, actor.userId);
      await setInterestDue(tx, loanId, payoff.interestByPeriod);
      const earned = new Map(payoff.interestByPeriod.map((p) => [p.period, p.interestDue]));
      periods = periods.map((p) => ({ ...p, interestDue: earned.get(p.period) ?? p.interestDue }));
    }
    let allocation = allocate(periods, amount)!;
    // With interest recalculation, money beyond what is due on the date is principal prepaid from the date: the
    // later instalments are regenerated by the product's strategy (the old ones kept for the undo).
    let recalculated: RecalculatedPeriod[] | null = null;
    if (!closing) {
      const terms = recalculationTermsOf(loan, product);
      const result = terms ? repayWithRecalculation(periods, date, amount, terms) : null;
      if (result) {
        await keepSchedule(tx, loanId, { reason: 'recalculation', transactionId: txnId }, actor.userId);
        ({ periods: recalculated, allocation } = result);
      }
    }
    const funding: Funding = options.foreclosure && input.paymentTypeId == null && input.fromSavingsAccountId == null ? { kind: 'bank' } : await this.funding(tx, loan, input);
    let savingsTransactionId: number | null = null;
    const text = amount.toFixed();
    if (funding.kind === 'savings') {
      savingsTransactionId = (await this.deps.savings!.debitForLoan(tx, { accountId: funding.accountId, amount: text, date, loanId, loanTransactionId: txnId, note: input.note ?? null, userId: actor.userId })).savingsTransactionId;
    } else if (funding.kind === 'cash') {
      await this.deps.recordCash!(tx, { userId: actor.userId, officeId: loan.officeId, currency: loan.currencyCode, direction: 'in', amount: text, source: { entityType: 'LOAN', entityId: loanId, transactionId: `L${txnId}` } });
    }
    const principalPaid = periods.reduce((s, p) => s.plus(p.principalPaid), new BigNumber(0)).plus(allocation.principal);
    const outstanding = new BigNumber(effectivePrincipal(loan)).minus(principalPaid);
    const debitGl = funding.kind === 'savings' ? funding.glCode : funding.kind === 'cash' ? LOAN_GL.fundSource : LOAN_GL.bankSettlement;
    const lines: { glCode: string; debit?: string; credit?: string }[] = [{ glCode: debitGl, debit: text }];
    if (new BigNumber(allocation.principal).gt(0)) lines.push({ glCode: LOAN_GL.loanPortfolio, credit: allocation.principal });
    if (new BigNumber(allocation.interest).gt(0)) lines.push({ glCode: LOAN_GL.interestIncome, credit: allocation.interest });
    // Fees and penalties paid are income of the charges they paid (the charges module records them paid).
    if (new BigNumber(allocation.fee).plus(allocation.penalty).gt(0)) {
      for (const l of await this.chargesHook().paid(tx, loanId, allocation.periods)) lines.push({ glCode: l.glCode, credit: l.amount });
    }
    // Its event rides in the loan.repayment row written below.
    const posting = await this.deps.post(tx, {
      officeId: loan.officeId, currency: loan.currencyCode, date, lines, source: { entityType: 'LOAN', entityId: loanId, transactionId: `L${txnId}` },
      comments: `Repayment of loan ${loan.accountNo}`, actor: actor.userId, companionEvent: true,
    });
    // The instalments paid and the transaction row go ahead of the closing check, in its round trip.
    const record = repaymentRecord(tx, {
      id: txnId, loanId, on: date, amount: text, principal: allocation.principal, interest: allocation.interest, fee: allocation.fee, penalty: allocation.penalty,
      outstandingAfter: outstanding.toFixed(), paymentTypeId: input.paymentTypeId ?? null, savingsAccountId: funding.kind === 'savings' ? funding.accountId : null,
      savingsTransactionId, allocation: allocation.periods, note: input.note ?? null, userId: actor.userId,
    });
    if (recalculated) await replaceServicedSchedule(tx, loanId, recalculated);
    const closed = await closeIfRepaid(tx, loanId, date, actor.userId, [...(recalculated ? [] : [payInstalments(tx, loanId, allocation.periods)]), record]);
    const lastDue = periods[periods.length - 1]?.dueDate ?? date;
    await emit(tx, riding({
      eventType: 'loan.repayment', entityName: 'LOAN', actionName: 'REPAYMENT',
      data: {
        loanId, accountNo: loan.accountNo, clientId: loan.clientId, transactionId: txnId, amount: exactNumber(amount), principalPortion: exactNumber(allocation.principal),
        interestPortion: exactNumber(allocation.interest), feeChargesPortion: exactNumber(allocation.fee), penaltyChargesPortion: exactNumber(allocation.penalty), outstanding: exactNumber(outstanding), currency: loan.currencyCode, date, closed,
        reason: closed && date < lastDue ? 'prepayment' : 'repayment',
      },
    }, posting.companion));
    const changes: Record<string, unknown> = { transactionDate: date, transactionAmount: text, principalPortion: allocation.principal, interestPortion: allocation.interest, outstandingLoanBalance: outstanding.toFixed() };
    if (closed) changes.status = { id: STATUS_CLOSED, code: 'loanStatusType.closed.obligations.met', value: 'Closed (obligations met)' };
    return { loan: { ...loan, statusId: closed ? STATUS_CLOSED : loan.statusId }, transactionId: txnId, changes };
  }

  /** Undoes the loan's last repayment: funds returned the way they came, journal reversed, instalments reopened (write-off.service.ts dispatches the undo). */
  async undoCore(tx: Tx, actor: Actor, loanId: number, transactionId: number): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const loan = await this.applications.requireVisible(tx, actor, loanId, true);
    const live = (await loadTransactions(tx, loanId)).filter((t) => !t.reversed);
    const target = live.find((t) => t.id === transactionId);
    if (!target) throw errors.notFound(LOAN_CODES.loanTransactionIdInvalid, `Loan transaction with identifier ${transactionId} does not exist`, transactionId);
    if (target.typeId !== TXN_REPAYMENT || live[live.length - 1]!.id !== transactionId) throw rule(LOAN_CODES.loanTransactionUndoOnlyLastRepayment, 'Only the last repayment can be undone.', [transactionId]);
    // A repayment that closed the loan early cut the schedule's interest: its kept version comes back whole.
    if (!(await restoreScheduleOf(tx, loanId, transactionId))) await unpayInstalments(tx, loanId, transactionId);
    const chargeLines = new BigNumber(target.feePortion).plus(target.penaltyPortion).gt(0) ? await this.chargesHook().unpaid(tx, loanId, await allocationOf(tx, transactionId)) : [];
    const reversalId = await nextTransactionId(tx);
    let creditGl: string = LOAN_GL.bankSettlement;
    if (target.savingsTransactionId !== null && target.savingsAccountId !== null) {
      if (!this.deps.savings) throw rule(LOAN_CODES.loanRepaymentSavingsUnavailable, 'Repayment from savings is not available: the account module is not wired.');
      await this.deps.savings.reverseForLoan(tx, target.savingsTransactionId, actor.userId);
      creditGl = (await this.deps.savings.operatingAccount(tx, loan.clientId, target.savingsAccountId)).liabilityGlCode;
    } else if (target.paymentTypeId !== null && (await this.deps.paymentType(tx, target.paymentTypeId))?.isCashPayment) {
      if (!this.deps.recordCash) throw rule(LOAN_CODES.loanRepaymentCashUnavailable, 'Cash repayments are not available: the till module is not wired.');
      await this.deps.recordCash(tx, { userId: actor.userId, officeId: loan.officeId, currency: loan.currencyCode, direction: 'out', amount: new BigNumber(target.amount).toFixed(), source: { entityType: 'LOAN', entityId: loanId, transactionId: `L${reversalId}` } });
      creditGl = LOAN_GL.fundSource;
    }
    const lines: { glCode: string; debit?: string; credit?: string }[] = [{ glCode: creditGl, credit: new BigNumber(target.amount).toFixed() }];
    if (new BigNumber(target.principalPortion).gt(0)) lines.push({ glCode: LOAN_GL.loanPortfolio, debit: new BigNumber(target.principalPortion).toFixed() });
    if (new BigNumber(target.interestPortion).gt(0)) lines.push({ glCode: LOAN_GL.interestIncome, debit: new BigNumber(target.interestPortion).toFixed() });
    for (const l of chargeLines) lines.push({ glCode: l.glCode, debit: l.amount });
    await this.deps.post(tx, {
      officeId: loan.officeId, currency: loan.currencyCode, date: await this.deps.businessDates.today(tx), lines,
      source: { entityType: 'LOAN', entityId: loanId, transactionId: `L${reversalId}` }, comments: `Reversal of L${transactionId}`, actor: actor.userId,
    });
    await reverseTransaction(tx, transactionId, actor.userId, loan.statusId === STATUS_CLOSED ? [reopenLoan(tx, loanId)] : []);
    return { loan, changes: { transactionId, reversed: true } };
  }

  async transaction(identity: Identity, loanId: number, transactionId: number): Promise<LoanTransactionType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const loan = await this.applications.requireVisible(tx, staff, loanId);
      const found = await findTransaction(tx, loanId, transactionId);
      if (!found) throw errors.notFound(LOAN_CODES.loanTransactionIdInvalid, `Loan transaction with identifier ${transactionId} does not exist`, transactionId);
      return transactionView(found, currencyOf(loan.currencyCode, loan.digits));
    });
  }

  /** Fees and penalties are owed only through charges: a loan with a fee portion has the charges module wired. */
  private chargesHook() {
    const hook = this.applications.charges.get();
    if (!hook) throw new Error('a loan owes fees or penalties but the charges module is not wired');
    return hook;
  }

  private async funding(tx: Tx, loan: LoanRow, input: RepaymentInput): Promise<Funding> {
    if (input.fromSavingsAccountId != null) {
      if (!this.deps.savings) throw rule(LOAN_CODES.loanRepaymentSavingsUnavailable, 'Repayment from savings is not available: the account module is not wired.');
      const account = await this.deps.savings.operatingAccount(tx, loan.clientId, input.fromSavingsAccountId);
      return { kind: 'savings', accountId: account.id, glCode: account.liabilityGlCode };
    }
    const paymentType = await this.deps.paymentType(tx, input.paymentTypeId!);
    if (!paymentType) throw errors.notFound(LOAN_CODES.paymentTypeInvalid, `Payment type with identifier ${input.paymentTypeId} does not exist`, input.paymentTypeId);
    if (!paymentType.isCashPayment) return { kind: 'bank' };
    if (!this.deps.recordCash) throw rule(LOAN_CODES.loanRepaymentCashUnavailable, 'Cash repayments are not available: the till module is not wired.');
    return { kind: 'cash' };
  }
}
