import { intParam, type Route, type RouteRequest } from '../route.js';

const id = (req: RouteRequest) => ({ id: intParam(req.params.savingsId) });

/** Fineract's savings account change answer for the interest commands. */
const change = (payload: { savingsAccount: { id: number; officeId: number; clientId: number }; changes: Record<string, unknown> }) => ({
  officeId: payload.savingsAccount.officeId,
  clientId: payload.savingsAccount.clientId,
  savingsId: payload.savingsAccount.id,
  resourceId: payload.savingsAccount.id,
  changes: payload.changes,
});

/** Savings interest (issue 38): Fineract's calculateInterest, postInterest and updateWithHoldTax commands on a savings account. */
export const savingsInterestRoutes: Route[] = [
  { method: 'POST', path: '/savingsaccounts/:savingsId', command: 'calculateInterest', operation: 'CalculateSavingsInterest', body: 'none', variables: id, result: (d) => change(d.calculateSavingsInterest) },
  {
    method: 'POST', path: '/savingsaccounts/:savingsId', command: 'updateWithHoldTax', operation: 'UpdateSavingsWithHoldTax', body: 'input', resource: 'account', variables: id,
    result: (d) => change(d.updateSavingsWithHoldTax),
  },
  { method: 'POST', path: '/savingsaccounts/:savingsId', command: 'postInterest', operation: 'PostSavingsInterest', body: 'none', variables: id, result: (d) => change(d.postSavingsInterest) },
];
