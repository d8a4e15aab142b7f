import { intParam, queryDate, type Route, type RouteData, type RouteRequest } from '../route.js';
import { changesWithStatus, loanStatus } from '../status-flags.js';

const result = (field: string) => (d: RouteData) => {
  const r = d[field];
  const out: Record<string, unknown> = { officeId: r.officeId, clientId: r.clientId, loanId: r.loanId, resourceId: r.resourceId };
  if (r.changes != null) out.changes = changesWithStatus(r.changes, loanStatus);
  return out;
};
const loanId = (req: RouteRequest) => ({ loanId: intParam(req.params.loanId) });

/** Fineract's /rescheduleloans (issue 36); the template path comes before /{id}, which would take it as an id. */
const rescheduleRoutes: Route[] = [
  { method: 'GET', path: '/rescheduleloans/template', operation: 'LoanRescheduleTemplate', result: (d) => d.loanRescheduleTemplate },
  ...([undefined, 'all', 'pending', 'approve', 'reject'] as const).map((command): Route => ({
    method: 'GET', path: '/rescheduleloans', command, operation: 'LoanRescheduleRequests',
    variables: (req) => ({ loanId: intParam(req.query.get('loanId')), command }), result: (d) => d.loanRescheduleRequests,
    notes: 'At most 200 requests, newest first.',
  })),
  { method: 'GET', path: '/rescheduleloans/:id', operation: 'LoanRescheduleRequest', variables: (req) => ({ id: intParam(req.params.id) }), result: (d) => d.loanRescheduleRequest },
  {
    method: 'POST', path: '/rescheduleloans', command: 'reschedule', operation: 'RequestLoanReschedule', body: 'input', resource: 'rescheduleloan',
    result: result('requestLoanReschedule'),
  },
  {
    method: 'POST', path: '/rescheduleloans/:id', command: 'approve', operation: 'ApproveLoanReschedule', body: 'input', resource: 'rescheduleloan',
    variables: (req) => ({ id: intParam(req.params.id) }), result: result('approveLoanReschedule'),
  },
  {
    method: 'POST', path: '/rescheduleloans/:id', command: 'reject', operation: 'RejectLoanReschedule', body: 'input', resource: 'rescheduleloan',
    variables: (req) => ({ id: intParam(req.params.id) }), result: result('rejectLoanReschedule'),
  },
];

/** Fineract's servicing paths after disbursement (issue 36): payoff templates, foreclosure, write-off and its undo, recovery payments. */
export const loanServicingRoutes: Route[] = [
  ...(['prepayLoan', 'foreclosure'] as const).map((command): Route => ({
    method: 'GET', path: '/loans/:loanId/transactions/template', command, operation: 'LoanPayoffTemplate',
    variables: (req) => ({ ...loanId(req), transactionDate: queryDate(req, 'transactionDate') }), result: (d) => d.loanPayoffTemplate,
  })),
  {
    method: 'GET', path: '/loans/:loanId/transactions/template', command: 'writeoff', operation: 'LoanWriteOffTemplate', variables: loanId,
    result: (d) => ({ ...d.loanTransactionTemplate, writeOffReasonOptions: d.writeOffReasonOptions }),
  },
  { method: 'GET', path: '/loans/:loanId/transactions/template', command: 'waiveinterest', operation: 'LoanWaiveInterestTemplate', variables: loanId, result: (d) => d.loanTransactionTemplate },
  {
    method: 'GET', path: '/loans/:loanId/transactions/template', command: 'recoverypayment', operation: 'LoanRecoveryPaymentTemplate', variables: loanId,
    result: (d) => ({ ...d.loanTransactionTemplate, paymentTypeOptions: d.paymentTypes }),
  },
  // The console's disburse and make-repayment forms read the amount, date, portions and paymentTypeOptions (issue 41).
  ...(['disburse', 'repayment'] as const).map((command): Route => ({
    method: 'GET', path: '/loans/:loanId/transactions/template', command, operation: 'LoanPaymentTemplate',
    variables: (req) => ({ ...loanId(req), command }), result: (d) => ({ ...d.loanTransactionTemplate, paymentTypeOptions: d.paymentTypes }),
  })),
  // Fineract's GET /loans/{id}/template?templateType=approval, what the console's approve form starts from.
  { method: 'GET', path: '/loans/:loanId/template', operation: 'LoanApprovalTemplate', variables: loanId, result: (d) => d.loanApprovalTemplate, notes: 'templateType=approval.' },
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
  // Waivers held above loan-interest-waiver-ceiling: this service's own paths (Fineract holds them in its generic inbox).
  { method: 'GET', path: '/loans/:loanId/waiverrequests', operation: 'LoanInterestWaiverRequests', variables: loanId, result: (d) => d.loanInterestWaiverRequests, notes: 'At most 200, newest first.' },
  ...(['approve', 'reject'] as const).map((command): Route => ({
    method: 'POST', path: '/loans/:loanId/waiverrequests/:id', command, operation: command === 'approve' ? 'ApproveLoanInterestWaiver' : 'RejectLoanInterestWaiver', body: 'none',
    variables: (req) => ({ ...loanId(req), id: intParam(req.params.id) }), result: result(command === 'approve' ? 'approveLoanInterestWaiver' : 'rejectLoanInterestWaiver'),
  })),
  ...rescheduleRoutes,
];
