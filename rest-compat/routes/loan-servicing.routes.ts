import { intParam, queryDate, type Route, type RouteData, type RouteRequest } from '../route.js';

const result = (field: string) => (d: RouteData) => {
  const r = d[field];
  const out: Record<string, unknown> = { officeId: r.officeId, clientId: r.clientId, loanId: r.loanId, resourceId: r.resourceId };
  if (r.changes != null) out.changes = r.changes;
  return out;
};
const loanId = (req: RouteRequest) => ({ loanId: intParam(req.params.loanId) });

/** Fineract's servicing paths after disbursement (issue 36): payoff templates, foreclosure, write-off and its undo, recovery payments. */
export const loanServicingRoutes: Route[] = [
  ...(['prepayLoan', 'foreclosure'] as const).map((command): Route => ({
    method: 'GET', path: '/loans/:loanId/transactions/template', command, operation: 'LoanPayoffTemplate',
    variables: (req) => ({ ...loanId(req), transactionDate: queryDate(req, 'transactionDate') }), result: (d) => d.loanPayoffTemplate,
  })),
  {
    method: 'POST', path: '/loans/:loanId/transactions', command: 'foreclosure', operation: 'ForecloseLoan', body: 'input', resource: 'loan.transaction',
    variables: loanId, result: result('forecloseLoan'),
  },
  {
    method: 'POST', path: '/loans/:loanId/transactions', command: 'writeoff', operation: 'WriteOffLoan', body: 'input', resource: 'loan.transaction',
    variables: loanId, result: result('writeOffLoan'),
  },
  {
    method: 'POST', path: '/loans/:loanId/transactions', command: 'undowriteoff', operation: 'UndoLoanWriteOff', body: 'input', resource: 'loan.transaction',
    variables: loanId, result: result('undoLoanWriteOff'),
  },
  {
    method: 'POST', path: '/loans/:loanId/transactions', command: 'waiveinterest', operation: 'WaiveLoanInterest', body: 'input', resource: 'loan.transaction',
    variables: loanId, result: result('waiveLoanInterest'),
  },
  {
    method: 'POST', path: '/loans/:loanId/transactions', command: 'recoverypayment', operation: 'MakeLoanRecoveryPayment', body: 'input', resource: 'loan.transaction',
    variables: loanId, result: result('makeLoanRecoveryPayment'),
  },
];
