import { intParam, type Route, type RouteData } from '../route.js';

const ids = (req: { params: Record<string, string> }) => ({ loanId: intParam(req.params.loanId), id: intParam(req.params.chargeId) });
const loanId = (req: { params: Record<string, string> }) => ({ loanId: intParam(req.params.loanId) });
const answer = (loan: unknown, id: unknown, changes?: unknown) => ({ loanId: loan, resourceId: id, ...(changes ? { changes } : {}) });

/** Fineract's LoanChargesApiResource (LoanChargeData as the module answers it). /charges/template comes before /charges/:chargeId. */
export const loanChargeRoutes: Route[] = [
  { method: 'GET', path: '/loans/:loanId/charges/template', operation: 'LoanChargeTemplate', variables: loanId, result: (d) => d.loanChargeTemplate },
  { method: 'GET', path: '/loans/:loanId/charges', operation: 'LoanCharges', variables: loanId, result: (d) => d.loanCharges as RouteData[] },
  { method: 'GET', path: '/loans/:loanId/charges/:chargeId', operation: 'LoanCharge', variables: ids, result: (d) => d.loanCharge },
  { method: 'GET', path: '/self/loans/:loanId/charges', operation: 'MyLoanCharges', variables: loanId, result: (d) => d.myLoanCharges as RouteData[] },
  {
    method: 'POST', path: '/loans/:loanId/charges', operation: 'AddLoanCharge', body: 'input', resource: 'loanCharge', variables: loanId,
    result: (d, req) => answer(intParam(req.params.loanId), d.addLoanCharge),
  },
  {
    method: 'PUT', path: '/loans/:loanId/charges/:chargeId', operation: 'UpdateLoanCharge', body: 'input', resource: 'loanCharge', variables: ids,
    result: (d, req) => answer(intParam(req.params.loanId), d.updateLoanCharge.id, d.updateLoanCharge),
  },
  { method: 'DELETE', path: '/loans/:loanId/charges/:chargeId', operation: 'DeleteLoanCharge', variables: ids, result: (d, req) => answer(intParam(req.params.loanId), d.deleteLoanCharge) },
  {
    method: 'POST', path: '/loans/:loanId/charges/:chargeId', command: 'waive', operation: 'WaiveLoanCharge', body: 'input', resource: 'loanCharge', variables: ids,
    result: (d, req) => answer(intParam(req.params.loanId), d.waiveLoanCharge.id, d.waiveLoanCharge),
  },
];
