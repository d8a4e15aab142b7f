import { intParam, type Route } from '../route.js';

type Req = { params: Record<string, string>; query: URLSearchParams };
const ids = (req: Req) => ({ clientId: intParam(req.params.clientId), id: intParam(req.params.chargeId) });
/** Fineract's ?pendingPayment=true&limit=&offset= of a client's charges. */
const page = (req: Req) => ({
  clientId: intParam(req.params.clientId),
  pendingPayment: req.query.get('pendingPayment') === 'true' ? true : undefined,
  limit: intParam(req.query.get('limit')),
  offset: intParam(req.query.get('offset')),
});
const answer = (client: unknown, id: unknown, changes?: unknown) => ({ clientId: client, resourceId: id, ...(changes ? { changes } : {}) });

/** Fineract's ClientChargesApiResource, and the self-service read of the customer's own client's charges. */
export const clientChargeRoutes: Route[] = [
  { method: 'GET', path: '/clients/:clientId/charges', operation: 'ClientCharges', variables: page, result: (d) => d.clientCharges },
  { method: 'GET', path: '/clients/:clientId/charges/:chargeId', operation: 'ClientCharge', variables: ids, result: (d) => d.clientCharge },
  { method: 'GET', path: '/self/clients/:clientId/charges', operation: 'MyClientCharges', variables: page, result: (d) => d.myClientCharges },
  {
    method: 'POST', path: '/clients/:clientId/charges', operation: 'AddClientCharge', body: 'input', resource: 'clientcharge', variables: (req) => ({ clientId: intParam(req.params.clientId) }),
    result: (d, req) => answer(intParam(req.params.clientId), d.addClientCharge),
  },
  {
    method: 'POST', path: '/clients/:clientId/charges/:chargeId', command: 'paycharge', operation: 'PayClientCharge', body: 'input', resource: 'clientcharge', variables: ids,
    result: (d, req) => answer(intParam(req.params.clientId), d.payClientCharge.id, d.payClientCharge),
  },
  {
    method: 'POST', path: '/clients/:clientId/charges/:chargeId', command: 'waive', operation: 'WaiveClientCharge', variables: ids,
    result: (d, req) => answer(intParam(req.params.clientId), d.waiveClientCharge.id, d.waiveClientCharge),
  },
];
