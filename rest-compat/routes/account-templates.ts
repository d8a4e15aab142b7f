import { intParam, type RouteRequest, type RouteData } from '../route.js';

interface Option { id: number; code: string; value: string }
interface TemplateOptions {
  interestCompoundingPeriodTypeOptions: Option[];
  interestPostingPeriodTypeOptions: Option[];
  interestCalculationTypeOptions: Option[];
  interestCalculationDaysInYearTypeOptions: Option[];
  lockinPeriodFrequencyTypeOptions: Option[];
}

/** Fineract's savings account type: the only kind of account a transfer here moves between. */
const SAVINGS_ACCOUNT_TYPE = { id: 2, code: 'accountType.savings', value: 'Savings Account' };

const pick = (options: Option[], id: number | null | undefined) => (id == null ? undefined : options.find((o) => o.id === id));

/**
 * A savings product as Fineract answers it: its interest and lock-in enumerations as option objects
 * ({id, code, value}) rather than the bare ids GraphQL keeps.
 */
export function savingsProductView(product: RouteData, options: TemplateOptions) {
  return {
    ...product,
    interestCompoundingPeriodType: pick(options.interestCompoundingPeriodTypeOptions, product.interestCompoundingPeriodType),
    interestPostingPeriodType: pick(options.interestPostingPeriodTypeOptions, product.interestPostingPeriodType),
    interestCalculationType: pick(options.interestCalculationTypeOptions, product.interestCalculationType),
    interestCalculationDaysInYearType: pick(options.interestCalculationDaysInYearTypeOptions, product.interestCalculationDaysInYearType),
    lockinPeriodFrequencyType: pick(options.lockinPeriodFrequencyTypeOptions, product.lockinPeriodFrequencyType),
  };
}

export const savingsAccountTemplateVariables = (req: RouteRequest) => {
  const clientId = intParam(req.query.get('clientId'));
  const productId = intParam(req.query.get('productId'));
  return { clientId, withClient: clientId !== undefined, productId: productId ?? 0, withProduct: productId !== undefined };
};

/**
 * Fineract's GET /savingsaccounts/template: the client and the product options; with a productId, the
 * product's terms as a new account takes them, with its enumerations as Fineract's option objects.
 */
export function savingsAccountTemplate(d: RouteData) {
  const options = d.savingsProductTemplate as TemplateOptions;
  const product = d.savingsProduct as RouteData | undefined;
  const client = d.client as { id: number; displayName: string; officeId: number; officeName?: string } | undefined;
  // Charges in the product's currency, and the product's own as Fineract's template lists them (chargeId, amountOrPercentage).
  const chargeTemplate = d.savingsProductChargeTemplate as { chargeOptions: RouteData[]; charges: RouteData[] } | undefined;
  const inCurrency = (c: RouteData) => !product || c.currency.code === product.currency.code;
  return {
    ...(client ? { clientId: client.id, clientName: client.displayName, officeId: client.officeId, officeName: client.officeName } : {}),
    ...(product ? {
      savingsProductId: product.id, savingsProductName: product.name, currency: product.currency,
      nominalAnnualInterestRate: product.nominalAnnualInterestRate,
      interestCompoundingPeriodType: pick(options.interestCompoundingPeriodTypeOptions, product.interestCompoundingPeriodType),
      interestPostingPeriodType: pick(options.interestPostingPeriodTypeOptions, product.interestPostingPeriodType),
      interestCalculationType: pick(options.interestCalculationTypeOptions, product.interestCalculationType),
      interestCalculationDaysInYearType: pick(options.interestCalculationDaysInYearTypeOptions, product.interestCalculationDaysInYearType),
      lockinPeriodFrequencyType: pick(options.lockinPeriodFrequencyTypeOptions, product.lockinPeriodFrequencyType),
      withdrawalFeeForTransfers: product.withdrawalFeeForTransfers ?? false,
      allowOverdraft: product.allowOverdraft, overdraftLimit: product.overdraftLimit,
      enforceMinRequiredBalance: product.enforceMinRequiredBalance, minRequiredBalance: product.minRequiredBalance,
      minRequiredOpeningBalance: product.minRequiredOpeningBalance, lockinPeriodFrequency: product.lockinPeriodFrequency,
      nominalAnnualInterestRateOverdraft: product.nominalAnnualInterestRateOverdraft, minOverdraftForInterestCalculation: product.minOverdraftForInterestCalculation,
      withHoldTax: false, isDormancyTrackingActive: false,
      charges: (chargeTemplate?.charges ?? []).map((c) => ({ ...c, chargeId: c.id, amountOrPercentage: c.amount })),
    } : {}),
    timeline: { submittedOnDate: d.businessDate.date },
    productOptions: d.savingsProducts,
    fieldOfficerOptions: [],
    chargeOptions: (chargeTemplate?.chargeOptions ?? []).filter(inCurrency),
    ...options,
    withdrawalFeeTypeOptions: [],
  };
}

/** Fineract's GET /savingsaccounts/{id}/transactions/template: today, the account's currency and the payment types. */
export function savingsTransactionTemplate(d: RouteData) {
  return {
    accountId: d.savingsAccount.id,
    accountNo: d.savingsAccount.accountNo,
    date: d.businessDate.date,
    currency: d.savingsAccount.currency,
    reversed: false,
    paymentTypeOptions: d.paymentTypes,
  };
}

export const accountTransferTemplateVariables = (req: RouteRequest) => {
  const toClientId = intParam(req.query.get('toClientId'));
  return { fromAccountId: intParam(req.query.get('fromAccountId')), toClientId, withToClient: toClientId !== undefined };
};

/**
 * Fineract's GET /accounttransfers/template for a savings account: the source account, its client and
 * office, today, and where money may go (offices; with toClientId, that client's active savings accounts).
 */
export function accountTransferTemplate(d: RouteData) {
  const from = d.savingsAccount;
  const office = (d.offices as { id: number; name: string }[]).find((o) => o.id === from.client.officeId);
  const toClient = d.client as { id: number; displayName: string; savingsAccounts: { id: number; accountNo: string; productName: string; status: { id: number } }[] } | undefined;
  return {
    transferDate: d.businessDate.date,
    currency: from.currency,
    transferAmount: from.availableBalance,
    fromOffice: office ? { id: office.id, name: office.name } : undefined,
    fromClient: { id: from.client.id, displayName: from.client.displayName, officeId: from.client.officeId, officeName: from.client.officeName },
    fromAccountType: SAVINGS_ACCOUNT_TYPE,
    fromAccount: { id: from.id, accountNo: from.accountNo, clientId: from.clientId, clientName: from.clientName, productId: from.productId, productName: from.productName, currency: from.currency },
    fromAccountTypeOptions: [SAVINGS_ACCOUNT_TYPE],
    toAccountTypeOptions: [SAVINGS_ACCOUNT_TYPE],
    toOfficeOptions: d.offices,
    ...(toClient ? {
      toClient: { id: toClient.id, displayName: toClient.displayName },
      toAccountOptions: toClient.savingsAccounts.filter((a) => a.status.id === 300 && a.id !== from.id).map((a) => ({ id: a.id, accountNo: a.accountNo, productName: a.productName })),
    } : {}),
  };
}
