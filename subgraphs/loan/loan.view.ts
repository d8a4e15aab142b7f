import BigNumber from 'bignumber.js';
import { enumOption, type EnumOption } from '../kernel/enum-option.type.js';
import { formatAmount } from '../kernel/money.js';
import { daysBetween } from './domain/dates.js';
import { stillNeeded, tierFor } from './domain/tiers.js';
import type { Schedule } from './domain/schedule.js';
import type { LoanProductRow } from './loan-product.rows.js';
import { LOAN_GL } from './loan-product.rows.js';
import { STATUS_ACTIVE, STATUS_APPROVED, STATUS_CLOSED, STATUS_REJECTED, STATUS_SUBMITTED, STATUS_WITHDRAWN, STATUS_WRITTEN_OFF, type LoanRow } from './store/loans.js';
import type { ApprovalPolicyRow } from './store/approval-policies.js';
import type { ApprovalRow } from './store/approvals.js';
import type { PeriodRow } from './store/schedule.js';
import { TXN_RECOVERY_REPAYMENT, TXN_WRITEOFF, type TransactionRow } from './store/transactions.js';
import { transactionKind } from './transaction-kinds.js';
import type {
  DelinquencyRangeType, LoanApprovalsType, LoanCurrencyType, LoanProductType, LoanSchedulePeriodType, LoanScheduleType, LoanStatusType,
  LoanSummaryType, LoanTransactionType, LoanType,
} from './loan.types.js';

/** Read models in Fineract's shapes, built from rows. Pure. */

const options = (code: string, values: [number, string, string][]) => values.map(([id, c, v]) => enumOption(id, `${code}.${c}`, v));
export const FREQUENCY_OPTIONS = options('termFrequency.periodFrequencyType', [[0, 'days', 'Days'], [1, 'weeks', 'Weeks'], [2, 'months', 'Months'], [3, 'years', 'Years']]);
export const REPAYMENT_FREQUENCY_OPTIONS = options('repaymentFrequency.periodFrequencyType', [[0, 'days', 'Days'], [1, 'weeks', 'Weeks'], [2, 'months', 'Months']]);
export const INTEREST_RATE_FREQUENCY_OPTIONS = options('interestRateFrequency.periodFrequencyType', [[2, 'months', 'Per month'], [3, 'years', 'Per year']]);
export const AMORTIZATION_OPTIONS = options('amortizationType', [[0, 'equal.principal', 'Equal principal payments'], [1, 'equal.installments', 'Equal installments']]);
export const INTEREST_TYPE_OPTIONS = options('interestType', [[0, 'declining.balance', 'Declining Balance'], [1, 'flat', 'Flat']]);
export const INTEREST_CALCULATION_OPTIONS = options('interestCalculationPeriodType', [[0, 'daily', 'Daily'], [1, 'same.as.repayment.period', 'Same as repayment period']]);
export const STRATEGY_OPTIONS = [enumOption(1, 'mifos-standard-strategy', 'Penalties, Fees, Interest, Principal order')];
export const DAYS_IN_YEAR = options('DaysInYearType', [[1, 'actual', 'Actual'], [360, 'days360', '360 Days'], [364, 'days364', '364 Days'], [365, 'days365', '365 Days']]);
export const DAYS_IN_MONTH = options('DaysInMonthType', [[1, 'actual', 'Actual'], [30, 'days30', '30 Days']]);
export const ACCOUNTING_RULES = options('accountingRuleType', [[1, 'none', 'NONE'], [2, 'cash', 'CASH BASED']]);

const pick = (list: EnumOption[], id: number): EnumOption => list.find((o) => o.id === id) ?? enumOption(id, 'invalid', 'Invalid');
export const frequencyOption = (id: number) => pick(FREQUENCY_OPTIONS, id);
export const repaymentFrequencyOption = (id: number) => pick(REPAYMENT_FREQUENCY_OPTIONS, id);
export const interestRateFrequencyOption = (id: number) => pick(INTEREST_RATE_FREQUENCY_OPTIONS, id);
export const amortizationOption = (id: number) => pick(AMORTIZATION_OPTIONS, id);
export const interestTypeOption = (id: number) => pick(INTEREST_TYPE_OPTIONS, id);
export const interestCalculationOption = (id: number) => pick(INTEREST_CALCULATION_OPTIONS, id);

const STATUS: Record<number, [string, string]> = {
  [STATUS_SUBMITTED]: ['loanStatusType.submitted.and.pending.approval', 'Submitted and pending approval'],
  [STATUS_APPROVED]: ['loanStatusType.approved', 'Approved'],
  [STATUS_ACTIVE]: ['loanStatusType.active', 'Active'],
  [STATUS_WITHDRAWN]: ['loanStatusType.withdrawn.by.client', 'Withdrawn by applicant'],
  [STATUS_REJECTED]: ['loanStatusType.rejected', 'Rejected'],
  [STATUS_CLOSED]: ['loanStatusType.closed.obligations.met', 'Closed (obligations met)'],
  [STATUS_WRITTEN_OFF]: ['loanStatusType.closed.written.off', 'Closed (written off)'],
};

export function statusOf(id: number): LoanStatusType {
  const [code, value] = STATUS[id] ?? ['loanStatusType.invalid', 'Invalid'];
  return {
    id, code, value,
    pendingApproval: id === STATUS_SUBMITTED,
    waitingForDisbursal: id === STATUS_APPROVED,
    active: id === STATUS_ACTIVE,
    closedObligationsMet: id === STATUS_CLOSED,
    closed: id >= STATUS_WITHDRAWN,
  };
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

export function currencyOf(code: string, digits: number, inMultiplesOf: number | null = null): LoanCurrencyType {
  let name = code;
  try {
    name = currencyNames.of(code) ?? code;
  } catch {
    /* an unknown code keeps its code as name */
  }
  return { code, name, decimalPlaces: digits, inMultiplesOf, nameCode: `currency.${code}`, displayLabel: `${name} [${code}]` };
}

const amount = (v: BigNumber.Value | null | undefined) => formatAmount(v ?? 0);

export function toProductType(p: LoanProductRow): LoanProductType {
  return {
    ...p.parameters,
    id: p.id, name: p.name, shortName: p.shortName, description: p.description, currency: currencyOf(p.currencyCode, p.digitsAfterDecimal, p.inMultiplesOf),
    currencyCode: p.currencyCode, digitsAfterDecimal: p.digitsAfterDecimal, inMultiplesOf: p.inMultiplesOf,
    principal: amount(p.principal), minPrincipal: amount(p.minPrincipal), maxPrincipal: amount(p.maxPrincipal),
    numberOfRepayments: p.numberOfRepayments, minNumberOfRepayments: p.minNumberOfRepayments, maxNumberOfRepayments: p.maxNumberOfRepayments,
    repaymentEvery: p.repaymentEvery, repaymentFrequencyType: repaymentFrequencyOption(p.repaymentFrequencyType),
    interestRatePerPeriod: amount(p.interestRatePerPeriod),
    minInterestRatePerPeriod: p.minInterestRatePerPeriod == null ? null : amount(p.minInterestRatePerPeriod),
    maxInterestRatePerPeriod: p.maxInterestRatePerPeriod == null ? null : amount(p.maxInterestRatePerPeriod),
    interestRateFrequencyType: interestRateFrequencyOption(p.interestRateFrequencyType), amortizationType: amortizationOption(p.amortizationType),
    interestType: interestTypeOption(p.interestType), interestCalculationPeriodType: interestCalculationOption(p.interestCalculationPeriodType),
    transactionProcessingStrategyCode: p.transactionProcessingStrategyCode, daysInYearType: pick(DAYS_IN_YEAR, p.daysInYearType),
    daysInMonthType: pick(DAYS_IN_MONTH, p.daysInMonthType), graceOnPrincipalPayment: p.graceOnPrincipalPayment, graceOnInterestPayment: p.graceOnInterestPayment,
    accountingRule: pick(ACCOUNTING_RULES, p.accountingRule),
    accountingMappings: { fundSourceAccount: LOAN_GL.fundSource, loanPortfolioAccount: LOAN_GL.loanPortfolio, interestOnLoanAccount: LOAN_GL.interestIncome },
    delinquencyBucketId: p.delinquencyBucketId,
  };
}

const zero = new BigNumber(0);
const sumOf = <T>(items: readonly T[], f: (t: T) => BigNumber.Value) => items.reduce((s, i) => s.plus(f(i)), zero);

/** The schedule in Fineract's shape: period 0 is the disbursement, then one row per instalment with what is paid. */
export function scheduleView(principal: string, disbursementDate: string, currency: LoanCurrencyType, periods: readonly PeriodRow[], today: string | null): LoanScheduleType {
  let balance = new BigNumber(principal);
  const rows: LoanSchedulePeriodType[] = [{
    period: null, fromDate: null, dueDate: disbursementDate, daysInPeriod: null, complete: true, principalDisbursed: amount(principal),
    principalOriginalDue: null, principalDue: null, principalPaid: null, principalOutstanding: null, principalLoanBalanceOutstanding: amount(principal),
    interestOriginalDue: null, interestDue: null, interestPaid: null, interestOutstanding: null, feeChargesDue: '0', penaltyChargesDue: '0',
    feeChargesPaid: null, feeChargesOutstanding: null, penaltyChargesPaid: null, penaltyChargesOutstanding: null,
    totalDueForPeriod: '0', totalPaidForPeriod: null, totalOutstandingForPeriod: null, totalOverdue: null, totalInstallmentAmountForPeriod: null,
  }];
  for (const p of periods) {
    balance = balance.minus(p.principalDue);
    const due = new BigNumber(p.principalDue).plus(p.interestDue).plus(p.feeDue).plus(p.penaltyDue);
    const paid = new BigNumber(p.principalPaid).plus(p.interestPaid).plus(p.feePaid).plus(p.penaltyPaid);
    const outstanding = due.minus(paid);
    rows.push({
      period: p.period, fromDate: p.fromDate, dueDate: p.dueDate, daysInPeriod: daysBetween(p.fromDate, p.dueDate), complete: outstanding.isZero(),
      principalDisbursed: null, principalOriginalDue: amount(p.principalDue), principalDue: amount(p.principalDue), principalPaid: amount(p.principalPaid),
      principalOutstanding: amount(new BigNumber(p.principalDue).minus(p.principalPaid)), principalLoanBalanceOutstanding: amount(balance),
      interestOriginalDue: amount(p.interestDue), interestDue: amount(p.interestDue), interestPaid: amount(p.interestPaid),
      interestOutstanding: amount(new BigNumber(p.interestDue).minus(p.interestPaid)), feeChargesDue: amount(p.feeDue), penaltyChargesDue: amount(p.penaltyDue),
      feeChargesPaid: amount(p.feePaid), feeChargesOutstanding: amount(new BigNumber(p.feeDue).minus(p.feePaid)),
      penaltyChargesPaid: amount(p.penaltyPaid), penaltyChargesOutstanding: amount(new BigNumber(p.penaltyDue).minus(p.penaltyPaid)),
      totalDueForPeriod: amount(due), totalPaidForPeriod: amount(paid), totalOutstandingForPeriod: amount(outstanding),
      totalOverdue: today !== null && p.dueDate < today ? amount(outstanding) : '0', totalInstallmentAmountForPeriod: amount(due),
    });
  }
  const principalExpected = sumOf(periods, (p) => p.principalDue);
  const interest = sumOf(periods, (p) => p.interestDue);
  const paid = sumOf(periods, (p) => new BigNumber(p.principalPaid).plus(p.interestPaid).plus(p.feePaid).plus(p.penaltyPaid));
  const charges = sumOf(periods, (p) => new BigNumber(p.feeDue).plus(p.penaltyDue));
  const last = periods[periods.length - 1];
  return {
    currency,
    loanTermInDays: last ? daysBetween(disbursementDate, last.dueDate) : 0,
    totalPrincipalDisbursed: amount(principal),
    totalPrincipalExpected: amount(principalExpected),
    totalPrincipalPaid: amount(sumOf(periods, (p) => p.principalPaid)),
    totalInterestCharged: amount(interest),
    totalFeeChargesCharged: amount(sumOf(periods, (p) => p.feeDue)),
    totalPenaltyChargesCharged: amount(sumOf(periods, (p) => p.penaltyDue)),
    totalRepaymentExpected: amount(principalExpected.plus(interest).plus(charges)),
    totalRepayment: amount(paid),
    totalOutstanding: amount(principalExpected.plus(interest).plus(charges).minus(paid)),
    periods: rows,
  };
}

/** A preview (calculateLoanSchedule): the generated schedule as unpaid periods. */
export function previewPeriods(schedule: Schedule): PeriodRow[] {
  return schedule.periods.map((p) => ({
    loanId: 0, period: p.period, fromDate: p.fromDate, dueDate: p.dueDate, principalDue: p.principal, interestDue: p.interest, feeDue: '0', penaltyDue: '0',
    principalPaid: '0', interestPaid: '0', feePaid: '0', penaltyPaid: '0',
  }));
}

/** What a write-off took off the books and what was recovered since (zeros for a loan not written off). */
export interface WrittenOff {
  principal: BigNumber.Value;
  interest: BigNumber.Value;
  fee: BigNumber.Value;
  penalty: BigNumber.Value;
  recovered: BigNumber.Value;
}
const NOT_WRITTEN_OFF: WrittenOff = { principal: 0, interest: 0, fee: 0, penalty: 0, recovered: 0 };

/** The live write-off and recovery payments among a loan's transactions. */
export function writtenOffOf(transactions: readonly TransactionRow[]): WrittenOff {
  const live = transactions.filter((t) => !t.reversed);
  const writeOff = live.find((t) => t.typeId === TXN_WRITEOFF);
  if (!writeOff) return NOT_WRITTEN_OFF;
  return {
    principal: writeOff.principalPortion, interest: writeOff.interestPortion, fee: writeOff.feePortion, penalty: writeOff.penaltyPortion,
    recovered: sumOf(live.filter((t) => t.typeId === TXN_RECOVERY_REPAYMENT), (t) => t.amount),
  };
}

export function summaryView(currency: LoanCurrencyType, principal: string, periods: readonly PeriodRow[], today: string, writtenOff: WrittenOff = NOT_WRITTEN_OFF): LoanSummaryType {
  const overdue = periods.filter((p) => p.dueDate < today);
  const principalPaid = sumOf(periods, (p) => p.principalPaid);
  const interestCharged = sumOf(periods, (p) => p.interestDue);
  const interestPaid = sumOf(periods, (p) => p.interestPaid);
  const principalOverdue = sumOf(overdue, (p) => new BigNumber(p.principalDue).minus(p.principalPaid));
  const interestOverdue = sumOf(overdue, (p) => new BigNumber(p.interestDue).minus(p.interestPaid));
  const feeCharged = sumOf(periods, (p) => p.feeDue);
  const feePaid = sumOf(periods, (p) => p.feePaid);
  const penaltyCharged = sumOf(periods, (p) => p.penaltyDue);
  const penaltyPaid = sumOf(periods, (p) => p.penaltyPaid);
  const chargesOverdue = sumOf(overdue, (p) => new BigNumber(p.feeDue).minus(p.feePaid).plus(p.penaltyDue).minus(p.penaltyPaid));
  // A written-off loan owes nothing on the books: what it owed is in the written-off figures.
  const isWrittenOff = !new BigNumber(writtenOff.principal).plus(writtenOff.interest).plus(writtenOff.fee).plus(writtenOff.penalty).isZero();
  const principalOutstanding = new BigNumber(principal).minus(principalPaid).minus(writtenOff.principal);
  const interestOutstanding = interestCharged.minus(interestPaid).minus(writtenOff.interest);
  const feeOutstanding = feeCharged.minus(feePaid).minus(writtenOff.fee);
  const penaltyOutstanding = penaltyCharged.minus(penaltyPaid).minus(writtenOff.penalty);
  const nothingOverdue = isWrittenOff ? new BigNumber(0) : null;
  const totalWrittenOff = new BigNumber(writtenOff.principal).plus(writtenOff.interest).plus(writtenOff.fee).plus(writtenOff.penalty);
  return {
    currency,
    principalDisbursed: amount(principal), principalPaid: amount(principalPaid), principalOutstanding: amount(principalOutstanding), principalOverdue: amount(nothingOverdue ?? principalOverdue),
    interestCharged: amount(interestCharged), interestPaid: amount(interestPaid), interestOutstanding: amount(interestOutstanding), interestOverdue: amount(nothingOverdue ?? interestOverdue),
    feeChargesCharged: amount(feeCharged), feeChargesPaid: amount(feePaid), feeChargesOutstanding: amount(feeOutstanding),
    penaltyChargesCharged: amount(penaltyCharged), penaltyChargesPaid: amount(penaltyPaid), penaltyChargesOutstanding: amount(penaltyOutstanding),
    totalExpectedRepayment: amount(new BigNumber(principal).plus(interestCharged).plus(feeCharged).plus(penaltyCharged)),
    totalRepayment: amount(principalPaid.plus(interestPaid).plus(feePaid).plus(penaltyPaid)),
    totalOutstanding: amount(principalOutstanding.plus(interestOutstanding).plus(feeOutstanding).plus(penaltyOutstanding)),
    totalOverdue: amount(nothingOverdue ?? principalOverdue.plus(interestOverdue).plus(chargesOverdue)),
    principalWrittenOff: amount(writtenOff.principal), interestWrittenOff: amount(writtenOff.interest), feeChargesWrittenOff: amount(writtenOff.fee),
    penaltyChargesWrittenOff: amount(writtenOff.penalty), totalWrittenOff: amount(totalWrittenOff), totalRecovered: amount(writtenOff.recovered),
  };
}

export function transactionView(t: TransactionRow, currency: LoanCurrencyType): LoanTransactionType {
  return {
    id: t.id, loanId: t.loanId, type: transactionKind(t.typeId),
    date: t.transactionDate, currency, amount: amount(t.amount), principalPortion: amount(t.principalPortion), interestPortion: amount(t.interestPortion),
    feeChargesPortion: amount(t.feePortion), penaltyChargesPortion: amount(t.penaltyPortion), outstandingLoanBalance: amount(t.outstandingAfter),
    paymentDetailData: t.paymentTypeId == null ? null : { paymentType: { id: t.paymentTypeId } }, savingsAccountId: t.savingsAccountId,
    manuallyReversed: t.reversed, note: t.note, journalTransactionId: `L${t.id}`,
  };
}

export interface LoanViewParts {
  loan: LoanRow;
  productName: string | null;
  clientName: string | null;
  clientAccountNo: string | null;
  clientOfficeId: number;
  periods: readonly PeriodRow[];
  transactions: readonly TransactionRow[];
  approvals: LoanApprovalsType | null;
  range: DelinquencyRangeType | null;
  today: string;
}

/** The principal a loan's figures run on: disbursed or approved amount once known, else the proposal. */
export const effectivePrincipal = (loan: LoanRow) => loan.approvedPrincipal ?? loan.principal;

/** Fineract's AccountType of a member's loan within a group. */
const LOAN_TYPE_JLG = 3;

export function loanView(parts: LoanViewParts): LoanType {
  const { loan } = parts;
  const currency = currencyOf(loan.currencyCode, loan.digits);
  const principal = effectivePrincipal(loan);
  const disbursed = loan.statusId === STATUS_ACTIVE || loan.statusId === STATUS_CLOSED || loan.statusId === STATUS_WRITTEN_OFF;
  const last = parts.periods[parts.periods.length - 1];
  return {
    id: loan.id, accountNo: loan.accountNo, externalId: loan.externalId, status: statusOf(loan.statusId),
    clientId: loan.clientId, clientName: parts.clientName, clientAccountNo: parts.clientAccountNo, clientOfficeId: parts.clientOfficeId, officeId: loan.officeId,
    loanProductId: loan.productId, loanProductName: parts.productName, loanOfficerId: loan.loanOfficerId,
    loanType: loan.loanTypeId === LOAN_TYPE_JLG ? enumOption(3, 'accountType.jlg', 'JLG') : enumOption(1, 'accountType.individual', 'Individual'), currency,
    groupId: loan.groupId,
    principal: amount(principal), proposedPrincipal: amount(loan.principal), approvedPrincipal: loan.approvedPrincipal == null ? null : amount(loan.approvedPrincipal),
    termFrequency: loan.loanTermFrequency, termPeriodFrequencyType: frequencyOption(loan.loanTermFrequencyType),
    numberOfRepayments: loan.numberOfRepayments, repaymentEvery: loan.repaymentEvery, repaymentFrequencyType: repaymentFrequencyOption(loan.repaymentFrequencyType),
    interestRatePerPeriod: amount(loan.interestRatePerPeriod), interestRateFrequencyType: interestRateFrequencyOption(loan.interestRateFrequencyType),
    amortizationType: amortizationOption(loan.amortizationType), interestType: interestTypeOption(loan.interestType),
    interestCalculationPeriodType: interestCalculationOption(loan.interestCalculationPeriodType),
    transactionProcessingStrategyCode: loan.transactionProcessingStrategyCode,
    graceOnPrincipalPayment: loan.graceOnPrincipalPayment, graceOnInterestPayment: loan.graceOnInterestPayment,
    linkedAccountId: loan.linkAccountId, disbursedToSavingsId: loan.disbursedToSavingsId,
    timeline: {
      submittedOnDate: loan.submittedOn, expectedDisbursementDate: loan.expectedDisbursementDate, approvedOnDate: loan.approvedOn,
      actualDisbursementDate: loan.disbursedOn, rejectedOnDate: loan.rejectedOn, withdrawnOnDate: loan.withdrawnOn, closedOnDate: loan.closedOn,
      expectedMaturityDate: last?.dueDate ?? null,
    },
    summary: disbursed ? summaryView(currency, principal, parts.periods, parts.today, writtenOffOf(parts.transactions)) : null,
    repaymentSchedule: scheduleView(principal, loan.disbursedOn ?? loan.expectedDisbursementDate, currency, parts.periods, disbursed ? parts.today : null),
    transactions: parts.transactions.map((t) => transactionView(t, currency)),
    approvals: parts.approvals,
    inArrears: loan.daysPastDue > 0,
    delinquencyRange: parts.range,
    delinquent: { delinquentDays: loan.daysPastDue, delinquentAmount: amount(loan.delinquentAmount), delinquentDate: loan.delinquentDate },
    flaggedForRecovery: loan.statusId === STATUS_ACTIVE && loan.daysPastDue > 0,
    recoveryOfficerUserId: loan.recoveryOfficerUserId,
  };
}

/** Where the loan stands against its policy tier: required, still needed, who approved. */
export function approvalStateOf(policy: ApprovalPolicyRow | null, loan: LoanRow, recorded: ApprovalRow[]): LoanApprovalsType {
  const amount = effectivePrincipal(loan);
  const tier = policy ? tierFor(policy.tiers, amount) : null;
  const needed = tier ? stillNeeded(tier.tier, recorded) : [];
  return {
    policyId: policy?.id ?? null, tier: tier ? tier.index + 1 : null, amount: new BigNumber(amount).toFixed(),
    required: tier?.tier.approvals ?? [], stillNeeded: loan.statusId === STATUS_SUBMITTED ? needed : [],
    approvedBy: recorded.map((a) => ({ userId: a.userId, roleId: a.roleId, approvedOnDate: a.approvedOn, note: a.note })),
    escalated: loan.statusId === STATUS_SUBMITTED && recorded.length > 0 && needed.length > 0,
  };
}
