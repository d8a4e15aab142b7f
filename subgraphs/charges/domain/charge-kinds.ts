/**
 * Fineract's charge enumerations (ChargeAppliesTo, ChargeTimeType, ChargeCalculationType,
 * ChargePaymentMode): their ids, codes and display values are the contract the web app and
 * integrators read, so they are copied exactly.
 */

export interface ChargeEnum {
  id: number;
  code: string;
  value: string;
}

export const APPLIES_TO = {
  loan: { id: 1, code: 'chargeAppliesTo.loan', value: 'Loan' },
  savings: { id: 2, code: 'chargeAppliesTo.savings', value: 'Savings' },
  client: { id: 3, code: 'chargeAppliesTo.client', value: 'Client' },
} as const satisfies Record<string, ChargeEnum>;

export const TIME_TYPE = {
  disbursement: { id: 1, code: 'chargeTimeType.disbursement', value: 'Disbursement' },
  specifiedDueDate: { id: 2, code: 'chargeTimeType.specifiedDueDate', value: 'Specified due date' },
  savingsActivation: { id: 3, code: 'chargeTimeType.savingsActivation', value: 'Savings Activation' },
  withdrawalFee: { id: 5, code: 'chargeTimeType.withdrawalFee', value: 'Withdrawal Fee' },
  annualFee: { id: 6, code: 'chargeTimeType.annualFee', value: 'Annual Fee' },
  monthlyFee: { id: 7, code: 'chargeTimeType.monthlyFee', value: 'Monthly Fee' },
  instalmentFee: { id: 8, code: 'chargeTimeType.instalmentFee', value: 'Installment Fee' },
  overdueInstalment: { id: 9, code: 'chargeTimeType.overdueInstallment', value: 'Overdue Fees' },
} as const satisfies Record<string, ChargeEnum>;

export const CALCULATION_TYPE = {
  flat: { id: 1, code: 'chargeCalculationType.flat', value: 'Flat' },
  percentOfAmount: { id: 2, code: 'chargeCalculationType.percent.of.amount', value: '% Amount' },
  percentOfAmountAndInterest: { id: 3, code: 'chargeCalculationType.percent.of.amount.and.interest', value: '% Loan Amount + Interest' },
  percentOfInterest: { id: 4, code: 'chargeCalculationType.percent.of.interest', value: '% Interest' },
} as const satisfies Record<string, ChargeEnum>;

export const PAYMENT_MODE = {
  regular: { id: 0, code: 'chargepaymentmode.regular', value: 'Regular' },
  accountTransfer: { id: 1, code: 'chargepaymentmode.accounttransfer', value: 'Account transfer' },
} as const satisfies Record<string, ChargeEnum>;

const byId = (table: Record<string, ChargeEnum>) => new Map(Object.values(table).map((e) => [e.id, e]));
export const APPLIES_TO_BY_ID = byId(APPLIES_TO);
export const TIME_TYPE_BY_ID = byId(TIME_TYPE);
export const CALCULATION_TYPE_BY_ID = byId(CALCULATION_TYPE);
export const PAYMENT_MODE_BY_ID = byId(PAYMENT_MODE);

/** Which time types and calculation types each kind of charge may have (Fineract's valid*Values, limited to what is offered here). */
export const ALLOWED = {
  [APPLIES_TO.loan.id]: {
    timeTypes: [TIME_TYPE.disbursement, TIME_TYPE.specifiedDueDate, TIME_TYPE.instalmentFee, TIME_TYPE.overdueInstalment],
    calculationTypes: [CALCULATION_TYPE.flat, CALCULATION_TYPE.percentOfAmount, CALCULATION_TYPE.percentOfAmountAndInterest, CALCULATION_TYPE.percentOfInterest],
  },
  [APPLIES_TO.savings.id]: {
    timeTypes: [TIME_TYPE.specifiedDueDate, TIME_TYPE.savingsActivation, TIME_TYPE.withdrawalFee, TIME_TYPE.annualFee, TIME_TYPE.monthlyFee],
    calculationTypes: [CALCULATION_TYPE.flat, CALCULATION_TYPE.percentOfAmount],
  },
  [APPLIES_TO.client.id]: {
    timeTypes: [TIME_TYPE.specifiedDueDate],
    calculationTypes: [CALCULATION_TYPE.flat],
  },
} as const satisfies Record<number, { timeTypes: readonly ChargeEnum[]; calculationTypes: readonly ChargeEnum[] }>;

export const isPercentage = (calculationTypeId: number) => calculationTypeId !== CALCULATION_TYPE.flat.id;
