import { intParam, queryDate, type Route, type RouteRequest } from '../route.js';

const teller = (req: RouteRequest) => ({ tellerId: intParam(req.params.tellerId) });
const cashier = (req: RouteRequest) => ({ tellerId: intParam(req.params.tellerId), cashierId: intParam(req.params.cashierId) });

const txnFilter = (req: RouteRequest) => ({
  currencyCode: req.query.get('currencyCode') || undefined,
  date: queryDate(req, 'date'),
  offset: intParam(req.query.get('offset')),
  limit: intParam(req.query.get('limit')),
});

/** Fineract's teller paths (tellers, cashiers, allocate/settle, summaries) and the interface's end-of-day settlement. */
export const tillRoutes: Route[] = [
  { method: 'GET', path: '/tellers', operation: 'Tellers', variables: (req) => ({ officeId: intParam(req.query.get('officeId')) }), result: (d) => d.tellers },
  { method: 'GET', path: '/tellers/:tellerId', operation: 'Teller', variables: (req) => ({ id: intParam(req.params.tellerId) }), result: (d) => d.teller },
  { method: 'POST', path: '/tellers', operation: 'CreateTeller', body: 'input', resource: 'teller', result: (d) => ({ officeId: d.createTeller.officeId, resourceId: d.createTeller.id }) },
  {
    method: 'PUT', path: '/tellers/:tellerId', operation: 'UpdateTeller', body: 'input', variables: (req) => ({ id: intParam(req.params.tellerId) }),
    result: (d) => ({ officeId: d.updateTeller.teller.officeId, resourceId: d.updateTeller.teller.id, changes: d.updateTeller.changes }),
  },
  {
    method: 'DELETE', path: '/tellers/:tellerId', operation: 'DeleteTeller', variables: (req) => ({ id: intParam(req.params.tellerId) }),
    result: (d) => ({ officeId: d.deleteTeller.officeId, resourceId: d.deleteTeller.id }),
  },
  { method: 'GET', path: '/tellers/:tellerId/transactions', operation: 'TellerTransactions', variables: (req) => ({ ...teller(req), ...txnFilter(req) }), result: (d) => d.tellerTransactions },

  { method: 'GET', path: '/tellers/:tellerId/cashiers', operation: 'TellerCashiers', variables: teller, result: (d) => d.tellerCashiers },
  // Before /cashiers/:cashierId: the first matching route wins.
  { method: 'GET', path: '/tellers/:tellerId/cashiers/template', operation: 'CashierTemplate', variables: teller, result: (d) => d.cashierTemplate },
  { method: 'GET', path: '/tellers/:tellerId/cashiers/:cashierId', operation: 'Cashier', variables: (req) => ({ tellerId: intParam(req.params.tellerId), id: intParam(req.params.cashierId) }), result: (d) => d.cashier },
  {
    method: 'POST', path: '/tellers/:tellerId/cashiers', operation: 'CreateCashier', body: 'input', resource: 'cashier', variables: teller,
    result: (d) => ({ officeId: d.createCashier.officeId, resourceId: d.createCashier.tellerId, subResourceId: d.createCashier.id }),
  },
  {
    method: 'PUT', path: '/tellers/:tellerId/cashiers/:cashierId', operation: 'UpdateCashier', body: 'input', variables: cashier,
    result: (d) => ({ officeId: d.updateCashier.cashier.officeId, resourceId: d.updateCashier.cashier.tellerId, subResourceId: d.updateCashier.cashier.id, changes: d.updateCashier.changes }),
  },
  {
    method: 'DELETE', path: '/tellers/:tellerId/cashiers/:cashierId', operation: 'DeleteCashier', variables: cashier,
    result: (d) => ({ officeId: d.deleteCashier.officeId, resourceId: d.deleteCashier.tellerId, subResourceId: d.deleteCashier.id }),
  },
  {
    method: 'POST', path: '/tellers/:tellerId/cashiers/:cashierId/allocate', operation: 'AllocateCashToCashier', body: 'input', resource: 'cashiertxn', variables: cashier,
    result: (d) => ({ officeId: d.allocateCashToCashier.officeId, resourceId: d.allocateCashToCashier.cashierId, subResourceId: d.allocateCashToCashier.transactionId }),
  },
  {
    method: 'POST', path: '/tellers/:tellerId/cashiers/:cashierId/settle', operation: 'SettleCashFromCashier', body: 'input', resource: 'cashiertxn', variables: cashier,
    result: (d) => ({ officeId: d.settleCashFromCashier.officeId, resourceId: d.settleCashFromCashier.cashierId, subResourceId: d.settleCashFromCashier.transactionId }),
  },
  {
    // Fineract's plain list of one assignment's transactions (the summary's page without the sums).
    method: 'GET', path: '/tellers/:tellerId/cashiers/:cashierId/transactions', operation: 'CashierSummary',
    variables: (req) => ({ ...cashier(req), ...txnFilter(req) }), result: (d) => d.cashierSummary.cashierTransactions.pageItems,
  },
  {
    method: 'GET', path: '/tellers/:tellerId/cashiers/:cashierId/summaryandtransactions', operation: 'CashierSummary',
    variables: (req) => ({ ...cashier(req), ...txnFilter(req) }), result: (d) => d.cashierSummary,
  },

  {
    method: 'POST', path: '/cashiers/:cashierId/settle', operation: 'SettleCashier', body: 'input', resource: 'cashier', variables: (req) => ({ cashierId: intParam(req.params.cashierId) }),
    result: (d) => d.settleCashier,
  },
  { method: 'GET', path: '/cashiers/:cashierId/settlements', operation: 'CashierSettlements', variables: (req) => ({ cashierId: intParam(req.params.cashierId) }), result: (d) => d.cashierSettlements },
  {
    method: 'GET', path: '/cashiers/:cashierId/till', operation: 'Till', variables: (req) => ({ cashierId: intParam(req.params.cashierId), date: queryDate(req, 'date') }),
    result: (d) => d.till,
  },
];
