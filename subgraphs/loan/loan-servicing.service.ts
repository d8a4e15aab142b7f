import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanProductService } from './loan-product.service.js';
import type { LoanDependencies } from './loan.ports.js';
import { loanPayoff } from './payoff.js';
import type { RepaymentService } from './repayment.service.js';
import { STATUS_ACTIVE, STATUS_WRITTEN_OFF, type LoanRow } from './store/loans.js';
import { currencyOf, effectivePrincipal, writtenOffOf } from './loan.view.js';
import type { LoanApprovalTemplateType, LoanForeclosureInput, LoanPayoffTemplateType, LoanTransactionTemplateType } from './loan-servicing.types.js';
import { LOAN_CODES } from './codes.js';
import { transactionKind } from './transaction-kinds.js';
import { loadPeriods } from './store/schedule.js';
import { loadTransactions, TXN_DISBURSEMENT, TXN_RECOVERY_REPAYMENT, TXN_REPAYMENT, TXN_WAIVE_INTEREST, TXN_WRITEOFF } from './store/transactions.js';

export const PAYOFF_COMMANDS = ['prepayLoan', 'foreclosure'] as const;
export type PayoffCommand = (typeof PAYOFF_COMMANDS)[number];
/** The other commands GET /loans/{id}/transactions/template answers for. */
export const TEMPLATE_COMMANDS = ['writeoff', 'waiveinterest', 'recoverypayment', 'disburse', 'repayment'] as const;
export type TemplateCommand = (typeof TEMPLATE_COMMANDS)[number];


/**
 * Early payoff (issue 36): the prepayment and foreclosure templates, and foreclosure itself (the payoff received as
 * a repayment, which closes the loan: repayment.service.ts cuts the schedule's interest to what was earned).
 */
export class LoanServicingService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly applications: LoanApplicationService,
    private readonly products: LoanProductService,
    private readonly repayments: RepaymentService,
  ) {}

  /** GET /loans/{id}/transactions/template?command=prepayLoan|foreclosure&transactionDate=: the payoff on the date (the business date when none). */
  async payoffTemplate(identity: Identity, loanId: number, date: string | null | undefined): Promise<LoanPayoffTemplateType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => this.payoffTemplateCore(tx, await this.applications.requireVisible(tx, staff, loanId), date));
  }

  /** The template for a loan the caller may see (a customer's own loan: self-service decided it). */
  async payoffTemplateCore(tx: Tx, loan: LoanRow, date: string | null | undefined): Promise<LoanPayoffTemplateType> {
    if (loan.statusId !== STATUS_ACTIVE) throw errors.domainRule(LOAN_CODES.loanRepaymentLoanNotActive, 'Only an active loan has a payoff.', [loan.id]);
    const on = date ?? (await this.deps.businessDates.today(tx));
    if (on < loan.disbursedOn!) {
      throw errors.validation([{ code: 'validation.msg.loan.transaction.transactionDate.cannot.be.before.disbursement.date', message: `transactionDate cannot be before the disbursement on ${loan.disbursedOn}.`, parameterName: 'transactionDate', value: on }]);
    }
    const payoff = await loanPayoff(tx, this.products, loan, on);
    return {
      loanId: loan.id, type: transactionKind(TXN_REPAYMENT), date: on, currency: currencyOf(loan.currencyCode, loan.digits), amount: payoff.total, principalPortion: payoff.principal,
      interestPortion: payoff.interest, feeChargesPortion: payoff.fee, penaltyChargesPortion: payoff.penalty, outstandingLoanBalance: payoff.principal,
      netDisbursalAmount: new BigNumber(effectivePrincipal(loan)).toFixed(loan.digits),
    };
  }

  /**
   * GET /loans/{id}/template?templateType=approval (Fineract's LoanApprovalData): the amount proposed, approval on the
   * business date, and the expected disbursement the console's approve form starts from.
   */
  async approvalTemplate(identity: Identity, loanId: number): Promise<LoanApprovalTemplateType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const loan = await this.applications.requireVisible(tx, staff, loanId);
      const d = loan.digits;
      return {
        loanId, approvalDate: await this.deps.businessDates.today(tx), approvalAmount: new BigNumber(loan.principal).toFixed(d),
        netDisbursalAmount: new BigNumber(effectivePrincipal(loan)).toFixed(d), expectedDisbursementDate: loan.expectedDisbursementDate,
        currency: currencyOf(loan.currencyCode, d),
      };
    });
  }

  /** GET /loans/{id}/transactions/template?command=writeoff|waiveinterest|recoverypayment|disburse|repayment, on the business date. */
  async transactionTemplate(identity: Identity, loanId: number, command: string): Promise<LoanTransactionTemplateType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    if (!(TEMPLATE_COMMANDS as readonly string[]).includes(command)) {
      throw errors.badRequest('error.msg.command.unsupported', `Unrecognized command ${command}; use ${TEMPLATE_COMMANDS.join(', ')}.`, 'command');
    }
    return this.db.tx(staff.tenantId, async (tx) => {
      const loan = await this.applications.requireVisible(tx, staff, loanId);
      const today = await this.deps.businessDates.today(tx);
      const d = loan.digits;
      const base = { loanId, date: today, currency: currencyOf(loan.currencyCode, d), netDisbursalAmount: new BigNumber(effectivePrincipal(loan)).toFixed(d) };
      const zero = new BigNumber(0).toFixed(d);
      if (command === 'recoverypayment') {
        if (loan.statusId !== STATUS_WRITTEN_OFF) throw errors.domainRule(LOAN_CODES.loanRecoveryPaymentNotWrittenOff, 'Recovery payments are accepted on written-off loans only.', [loanId]);
        const w = writtenOffOf(await loadTransactions(tx, loanId));
        const left = new BigNumber(w.principal).plus(w.interest).plus(w.fee).plus(w.penalty).minus(w.recovered).toFixed(d);
        return { ...base, type: transactionKind(TXN_RECOVERY_REPAYMENT), amount: left, principalPortion: zero, interestPortion: zero, feeChargesPortion: zero, penaltyChargesPortion: zero };
      }
      if (command === 'disburse') {
        // Fineract's disbursal template: the approved principal on the expected disbursement date (the command itself checks the status).
        const amount = new BigNumber(effectivePrincipal(loan)).toFixed(d);
        return {
          ...base, type: transactionKind(TXN_DISBURSEMENT), date: loan.expectedDisbursementDate, amount, principalPortion: amount, interestPortion: zero,
          feeChargesPortion: zero, penaltyChargesPortion: zero,
        };
      }
      if (loan.statusId !== STATUS_ACTIVE) throw errors.domainRule(LOAN_CODES.loanRepaymentLoanNotActive, `Only an active loan can take ${command}.`, [loanId]);
      if (command === 'repayment') return { ...base, ...(await this.nextInstalmentDue(tx, loan, today)) };
      if (command === 'writeoff') {
        const payoff = await loanPayoff(tx, this.products, loan, today);
        return {
          ...base, type: transactionKind(TXN_WRITEOFF), amount: payoff.total, principalPortion: payoff.principal, interestPortion: payoff.interest,
          feeChargesPortion: payoff.fee, penaltyChargesPortion: payoff.penalty,
        };
      }
      const due = (await loadPeriods(tx, [loanId])).filter((p) => p.dueDate <= today);
      const interest = due.reduce((s, p) => s.plus(p.interestDue).minus(p.interestPaid), new BigNumber(0)).toFixed(d);
      return { ...base, type: transactionKind(TXN_WAIVE_INTEREST), amount: interest, principalPortion: zero, interestPortion: interest, feeChargesPortion: zero, penaltyChargesPortion: zero };
    });
  }

  /**
   * Fineract's repayment template: what is still owed on the earliest instalment not fully paid, dated its due date
   * (or the last repayment, when that came later); a loan with nothing left owes zero today.
   */
  private async nextInstalmentDue(tx: Tx, loan: LoanRow, today: string) {
    const d = loan.digits;
    const left = (due: string, paid: string) => new BigNumber(due).minus(paid);
    const next = (await loadPeriods(tx, [loan.id])).find((p) =>
      left(p.principalDue, p.principalPaid).plus(left(p.interestDue, p.interestPaid)).plus(left(p.feeDue, p.feePaid)).plus(left(p.penaltyDue, p.penaltyPaid)).gt(0));
    const type = transactionKind(TXN_REPAYMENT);
    if (next === undefined) {
      const zero = new BigNumber(0).toFixed(d);
      return { type, date: today, amount: zero, principalPortion: zero, interestPortion: zero, feeChargesPortion: zero, penaltyChargesPortion: zero };
    }
    const principal = left(next.principalDue, next.principalPaid);
    const interest = left(next.interestDue, next.interestPaid);
    const fee = left(next.feeDue, next.feePaid);
    const penalty = left(next.penaltyDue, next.penaltyPaid);
    const lastRepayment = (await loadTransactions(tx, loan.id)).filter((t) => t.typeId === TXN_REPAYMENT && !t.reversed).map((t) => t.transactionDate).sort().at(-1);
    return {
      type, date: lastRepayment !== undefined && lastRepayment > next.dueDate ? lastRepayment : next.dueDate,
      amount: principal.plus(interest).plus(fee).plus(penalty).toFixed(d), principalPortion: principal.toFixed(d), interestPortion: interest.toFixed(d),
      feeChargesPortion: fee.toFixed(d), penaltyChargesPortion: penalty.toFixed(d),
    };
  }

  /** POST /loans/{id}/transactions?command=foreclosure: the loan closes on the date, for its payoff then. */
  async foreclose(identity: Identity, loanId: number, input: LoanForeclosureInput) {
    const actor = requireStaff(identity, 'FORECLOSURE_LOAN');
    const v = new Validator('loan.transaction');
    v.maxLength('note', input.note, 1000);
    v.throwIfAny();
    return this.db.tx(actor.tenantId, (tx) => this.repayments.repayCore(tx, actor, loanId, { ...input, transactionAmount: null }, { foreclosure: true }));
  }
}
