import type { Tx } from '../kernel/tx.js';
import type { CustomerIdentity } from '../kernel/identity.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanProductService } from './loan-product.service.js';
import type { LoanQueryService } from './loan-query.service.js';
import { findLoan, loansOfClients } from './store/loans.js';
import { loadTransactions } from './store/transactions.js';
import { transactionKind } from './transaction-kinds.js';
import type { LoanType, UpdateLoanApplicationInput } from './loan.types.js';
import type { LoanForSelf, LoanProductForSelf, LoanTransactionForSelf } from './contract.js';
import { amortizationOption, currencyOf, frequencyOption, interestCalculationOption, interestRateFrequencyOption, interestTypeOption, repaymentFrequencyOption } from './loan.view.js';
import type { LoanServicingService } from './loan-servicing.service.js';

/** A loan as self-service shows it: figures, status and the repayment schedule. */
const selfView = (l: LoanType): LoanForSelf => ({
  id: l.id, accountNo: l.accountNo, clientId: l.clientId, productId: l.loanProductId, productName: l.loanProductName ?? '', status: l.status.id,
  statusCode: l.status.code, statusValue: l.status.value, principal: l.principal, currencyCode: l.currency.code,
  schedule: l.repaymentSchedule.periods.filter((p) => p.period != null).map((p) => ({
    period: p.period!, fromDate: p.fromDate, dueDate: p.dueDate, principalDue: p.principalDue ?? '0', interestDue: p.interestDue ?? '0',
    totalDue: p.totalDueForPeriod, totalOutstanding: p.totalOutstandingForPeriod ?? '0', complete: p.complete,
  })),
  currency: { code: l.currency.code, name: l.currency.name, decimalPlaces: l.currency.decimalPlaces, displayLabel: l.currency.displayLabel },
  loanType: l.loanType,
  terms: {
    termFrequency: l.termFrequency, termPeriodFrequencyType: l.termPeriodFrequencyType, numberOfRepayments: l.numberOfRepayments, repaymentEvery: l.repaymentEvery,
    repaymentFrequencyType: l.repaymentFrequencyType, interestRatePerPeriod: l.interestRatePerPeriod, interestRateFrequencyType: l.interestRateFrequencyType,
  },
  timeline: {
    submittedOnDate: l.timeline.submittedOnDate, expectedDisbursementDate: l.timeline.expectedDisbursementDate, approvedOnDate: l.timeline.approvedOnDate,
    actualDisbursementDate: l.timeline.actualDisbursementDate, withdrawnOnDate: l.timeline.withdrawnOnDate, rejectedOnDate: l.timeline.rejectedOnDate,
    closedOnDate: l.timeline.closedOnDate, expectedMaturityDate: l.timeline.expectedMaturityDate,
  },
  summary: l.summary && {
    principalDisbursed: l.summary.principalDisbursed, principalPaid: l.summary.principalPaid, principalOutstanding: l.summary.principalOutstanding,
    interestCharged: l.summary.interestCharged, interestPaid: l.summary.interestPaid, interestOutstanding: l.summary.interestOutstanding,
    feeChargesCharged: l.summary.feeChargesCharged, penaltyChargesCharged: l.summary.penaltyChargesCharged, totalExpectedRepayment: l.summary.totalExpectedRepayment,
    totalRepayment: l.summary.totalRepayment, totalOutstanding: l.summary.totalOutstanding, totalOverdue: l.summary.totalOverdue,
  },
  scheduleTotals: {
    totalRepaymentExpected: l.repaymentSchedule.totalRepaymentExpected, totalRepayment: l.repaymentSchedule.totalRepayment, totalOutstanding: l.repaymentSchedule.totalOutstanding,
  },
  inArrears: l.inArrears,
});

/**
 * What the loan module offers the self-service module, inside the caller's transaction and without a
 * permission check: self-service has already decided the customer owns the client or loan asked about.
 */
export function loansForSelf(applications: LoanApplicationService, queries: LoanQueryService, products: LoanProductService, servicing: LoanServicingService) {
  return {
    /** A customer's application (status 100): the normal approval flow, policies and four eyes follow. */
    async apply(tx: Tx, customer: CustomerIdentity, input: UpdateLoanApplicationInput): Promise<{ id: number }> {
      return { id: (await applications.submitCore(tx, customer, input)).id };
    },
    /** The customer withdraws their own application (the scope service knows customers): status 400, as staff's withdrawal. */
    async withdraw(tx: Tx, customer: CustomerIdentity, id: number): Promise<void> {
      await applications.withdrawCore(tx, customer, id, {});
    },
    /** The customer changes their own application (still submitted); answers Fineract's `changes`. */
    async modify(tx: Tx, customer: CustomerIdentity, id: number, input: UpdateLoanApplicationInput): Promise<Record<string, unknown>> {
      return (await applications.modifyCore(tx, customer, id, input)).changes;
    },
    /** A product's terms, for the self-service loan template and the offers staff record. */
    async product(tx: Tx, id: number): Promise<LoanProductForSelf | null> {
      const p = await products.find(tx, id);
      return p && {
        id: p.id, name: p.name, currencyCode: p.currencyCode, principal: p.principal, minPrincipal: p.minPrincipal, maxPrincipal: p.maxPrincipal,
        numberOfRepayments: p.numberOfRepayments, minNumberOfRepayments: p.minNumberOfRepayments, maxNumberOfRepayments: p.maxNumberOfRepayments, repaymentEvery: p.repaymentEvery, repaymentFrequencyType: p.repaymentFrequencyType, interestRatePerPeriod: p.interestRatePerPeriod,
        interestRateFrequencyType: p.interestRateFrequencyType, amortizationType: p.amortizationType, interestType: p.interestType,
        interestCalculationPeriodType: p.interestCalculationPeriodType, transactionProcessingStrategyCode: p.transactionProcessingStrategyCode,
        currency: (({ code, name, decimalPlaces, displayLabel }) => ({ code, name, decimalPlaces, displayLabel }))(currencyOf(p.currencyCode, p.digitsAfterDecimal, p.inMultiplesOf)),
        options: {
          // The term is counted in the repayment unit, as Fineract's template derives it.
          termPeriodFrequencyType: frequencyOption(p.repaymentFrequencyType), repaymentFrequencyType: repaymentFrequencyOption(p.repaymentFrequencyType),
          interestRateFrequencyType: interestRateFrequencyOption(p.interestRateFrequencyType), amortizationType: amortizationOption(p.amortizationType),
          interestType: interestTypeOption(p.interestType), interestCalculationPeriodType: interestCalculationOption(p.interestCalculationPeriodType),
        },
      };
    },
    ofClients: async (tx: Tx, clientIds: readonly number[]) => (await queries.views(tx, await loansOfClients(tx, clientIds))).map(selfView),
    async get(tx: Tx, id: number) {
      const loan = await findLoan(tx, id);
      return loan ? selfView(await queries.view(tx, loan)) : null;
    },
    async payoff(tx: Tx, loanId: number, date: string | null) {
      const t = await servicing.payoffTemplateCore(tx, (await findLoan(tx, loanId))!, date);
      return {
        date: t.date, currencyCode: t.currency.code, amount: t.amount, principalPortion: t.principalPortion, interestPortion: t.interestPortion,
        feeChargesPortion: t.feeChargesPortion, penaltyChargesPortion: t.penaltyChargesPortion,
      };
    },
    async transactions(tx: Tx, loanId: number) {
      return (await loadTransactions(tx, loanId)).filter((t) => !t.reversed).map((t): LoanTransactionForSelf => {
        const { id, code, value } = transactionKind(t.typeId);
        return { id: t.id, type: { id, code, value }, date: t.transactionDate, amount: t.amount };
      });
    },
  };
}
