import { intParam, type Route, type RouteData } from '../route.js';

const id = (name: string) => (req: { params: Record<string, string> }) => ({ id: intParam(req.params[name]) });

/** Fineract's charge JSON: feeOnMonthDay as [month, day], the income account as incomeOrLiabilityAccount. */
export function fineractCharge(c: RouteData) {
  const { feeOnMonth, feeOnDay, incomeAccount, ...rest } = c;
  return {
    ...rest,
    ...(feeOnMonth != null ? { feeOnMonthDay: [feeOnMonth, feeOnDay] } : {}),
    ...(incomeAccount ? { incomeOrLiabilityAccount: incomeAccount } : {}),
    freeWithdrawal: false, isPaymentType: false,
  };
}

const template = (t: RouteData) => {
  const { chargePaymentModeOptions, incomeAccountOptions, ...rest } = t;
  // Fineract spells it chargePaymetModeOptions; the console reads that name.
  return { ...rest, chargePaymetModeOptions: chargePaymentModeOptions, incomeOrLiabilityAccountOptions: { incomeAccountOptions, liabilityAccountOptions: [] }, feeFrequencyOptions: [] };
};

const boolQuery = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** Charge definitions (Fineract's ChargesApiResource). /charges/template comes before /charges/:chargeId. */
export const chargeRoutes: Route[] = [
  { method: 'GET', path: '/charges/template', operation: 'ChargeTemplate', result: (d) => template(d.chargeTemplate) },
  {
    method: 'GET', path: '/charges', operation: 'Charges',
    variables: (req) => ({ chargeAppliesTo: intParam(req.query.get('chargeAppliesTo')), active: boolQuery(req.query.get('active')) }),
    result: (d) => (d.charges as RouteData[]).map(fineractCharge),
  },
  { method: 'GET', path: '/charges/:chargeId', operation: 'Charge', variables: id('chargeId'), result: (d) => fineractCharge(d.charge) },
  { method: 'POST', path: '/charges', operation: 'CreateCharge', body: 'input', resource: 'charge', result: (d) => ({ resourceId: d.createCharge }) },
  { method: 'PUT', path: '/charges/:chargeId', operation: 'UpdateCharge', body: 'input', resource: 'charge', variables: id('chargeId'), result: (d) => ({ resourceId: d.updateCharge.id, changes: d.updateCharge.changes }) },
  { method: 'DELETE', path: '/charges/:chargeId', operation: 'DeleteCharge', variables: id('chargeId'), result: (d) => ({ resourceId: d.deleteCharge }) },
  ...savingsChargeRoutes(),
];

/** Fineract's savings account charge: feeOnMonthDay as [month, day]. */
function fineractSavingsCharge(c: RouteData) {
  const { feeOnMonth, feeOnDay, ...rest } = c;
  return { ...rest, ...(feeOnMonth != null ? { feeOnMonthDay: [feeOnMonth, feeOnDay] } : {}) };
}

/** Fineract's SavingsAccountChargesApiResource. */
function savingsChargeRoutes(): Route[] {
  const ids = (req: { params: Record<string, string> }) => ({ accountId: intParam(req.params.accountId), id: intParam(req.params.chargeId) });
  const answer = (accountId: unknown, id: unknown) => ({ resourceId: id, savingsId: accountId });
  return [
    {
      method: 'GET', path: '/savingsaccounts/:accountId/charges', operation: 'SavingsAccountCharges', variables: (req) => ({ accountId: intParam(req.params.accountId) }),
      result: (d) => (d.savingsAccountCharges as RouteData[]).map(fineractSavingsCharge),
    },
    { method: 'GET', path: '/savingsaccounts/:accountId/charges/:chargeId', operation: 'SavingsAccountCharge', variables: ids, result: (d) => fineractSavingsCharge(d.savingsAccountCharge) },
    {
      method: 'GET', path: '/self/savingsaccounts/:accountId/charges', operation: 'MySavingsAccountCharges', variables: (req) => ({ accountId: intParam(req.params.accountId) }),
      result: (d) => (d.mySavingsAccountCharges as RouteData[]).map(fineractSavingsCharge),
    },
    {
      method: 'POST', path: '/savingsaccounts/:accountId/charges', operation: 'AddSavingsAccountCharge', body: 'input', resource: 'savingsaccountcharge',
      variables: (req) => ({ accountId: intParam(req.params.accountId) }), result: (d, req) => answer(intParam(req.params.accountId), d.addSavingsAccountCharge),
    },
    {
      method: 'POST', path: '/savingsaccounts/:accountId/charges/:chargeId', command: 'paycharge', operation: 'PaySavingsAccountCharge', body: 'input', variables: ids,
      result: (d, req) => answer(intParam(req.params.accountId), d.paySavingsAccountCharge),
    },
    {
      method: 'POST', path: '/savingsaccounts/:accountId/charges/:chargeId', command: 'waive', operation: 'WaiveSavingsAccountCharge', variables: ids,
      result: (d, req) => answer(intParam(req.params.accountId), d.waiveSavingsAccountCharge),
    },
    {
      method: 'POST', path: '/savingsaccounts/:accountId/charges/:chargeId', command: 'inactivate', operation: 'InactivateSavingsAccountCharge', variables: ids,
      result: (d, req) => answer(intParam(req.params.accountId), d.inactivateSavingsAccountCharge),
    },
    {
      method: 'DELETE', path: '/savingsaccounts/:accountId/charges/:chargeId', operation: 'DeleteSavingsAccountCharge', variables: ids,
      result: (d, req) => answer(intParam(req.params.accountId), d.deleteSavingsAccountCharge),
    },
  ];
}
