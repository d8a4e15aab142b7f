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
import { STATUS_ACTIVE, type LoanRow } from './store/loans.js';
import { currencyOf, effectivePrincipal } from './loan.view.js';
import type { LoanForeclosureInput, LoanPayoffTemplateType } from './loan-servicing.types.js';
import { LOAN_CODES } from './codes.js';
import { transactionKind } from './transaction-kinds.js';
import { TXN_REPAYMENT } from './store/transactions.js';

export const PAYOFF_COMMANDS = ['prepayLoan', 'foreclosure'] as const;
export type PayoffCommand = (typeof PAYOFF_COMMANDS)[number];


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

  /** POST /loans/{id}/transactions?command=foreclosure: the loan closes on the date, for its payoff then. */
  async foreclose(identity: Identity, loanId: number, input: LoanForeclosureInput) {
    const actor = requireStaff(identity, 'FORECLOSURE_LOAN');
    const v = new Validator('loan.transaction');
    v.maxLength('note', input.note, 1000);
    v.throwIfAny();
    return this.db.tx(actor.tenantId, (tx) => this.repayments.repayCore(tx, actor, loanId, { ...input, transactionAmount: null }, { foreclosure: true }));
  }
}
