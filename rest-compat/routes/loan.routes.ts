import { intParam, UNDO_BODY, type Route, type RouteRequest, type RouteData } from '../route.js';
import { loanServicingRoutes } from './loan-servicing.routes.js';
import { productTemplateExtras } from './template-options.js';
import { changesWithStatus, loanStatus, withStatus } from '../status-flags.js';
import { loanApplicationConsoleDefaults, loanProductConsoleDefaults } from './loan-console-templates.js';

interface LinkableAccount { id: number; accountNo: string; clientId: number; clientName?: string; productId: number; productName: string; currency: unknown }

const INDIVIDUAL = { id: 1, code: 'accountType.individual', value: 'Individual' };

/**
 * Fineract's GET /loans/template?templateType=individual&clientId=&productId=: the module's template,
 * completed with the client's account number, the loan officers, the active savings accounts a loan may be
 * linked to, the product's day counts and grace and charges, and the features not offered (funds, purposes,
 * tranches, interest recalculation, variable instalments) as empty or off.
 */
function loanTemplate(d: RouteData) {
  const product = d.loanProduct as RouteData | undefined;
  const client = d.client as { accountNo: string; savingsAccounts: (LinkableAccount & { status: { id: number } })[] } | undefined;
  const charges = d.loanProductChargeTemplate as { chargeOptions: RouteData[]; charges: RouteData[] } | undefined;
  return {
    ...loanApplicationConsoleDefaults(product ? d.loanTemplate.loanProductId : undefined, d.loanTemplate.loanProductName),
    ...d.loanTemplate,
    ...(client ? {
      clientAccountNo: client.accountNo,
      accountLinkingOptions: client.savingsAccounts.filter((a) => a.status.id === 300).map((a): LinkableAccount => ({
        id: a.id, accountNo: a.accountNo, clientId: a.clientId, clientName: a.clientName, productId: a.productId, productName: a.productName, currency: a.currency,
      })),
    } : {}),
    ...(product ? {
      loanProductDescription: product.description, daysInYearType: product.daysInYearType, daysInMonthType: product.daysInMonthType,
      graceOnPrincipalPayment: product.graceOnPrincipalPayment, graceOnInterestPayment: product.graceOnInterestPayment,
      inArrearsTolerance: product.inArrearsTolerance ?? 0, graceOnArrearsAgeing: product.graceOnArrearsAgeing ?? 0,
      proposedPrincipal: d.loanTemplate.principal, approvedPrincipal: d.loanTemplate.principal,
    } : {}),
    loanType: INDIVIDUAL,
    // A loan to a group itself is not offered; a member's own loan within a group (JLG) is.
    loanTypeOptions: [INDIVIDUAL, { id: 3, code: 'accountType.jlg', value: 'JLG' }],
    loanOfficerOptions: (d.staff as { isActive: boolean }[]).filter((s) => s.isActive),
    loanPurposeOptions: [], fundOptions: [],
    // The product's charges as Fineract's template lists them (LoanChargeData: chargeId, amountOrPercentage), and the options.
    chargeOptions: charges?.chargeOptions ?? [],
    charges: (charges?.charges ?? []).map((c) => ({ ...c, chargeId: c.id, amountOrPercentage: c.amount })),
    // Repayments on the nth weekday of a month or on a day of the week are not offered: schedules step from the disbursement.
    repaymentFrequencyNthDayTypeOptions: [], repaymentFrequencyDaysOfWeekTypeOptions: [],
    multiDisburseLoan: false, canDefineInstallmentAmount: false, isInterestRecalculationEnabled: false, isVariableInstallmentsAllowed: false,
    isEqualAmortization: false, allowPartialPeriodInterestCalcualtion: false, isFloatingInterestRate: false, isLoanProductLinkedToFloatingRate: false,
  };
}

const id = (name: string) => (req: RouteRequest) => ({ id: intParam(req.params[name]) });
const text = (req: RouteRequest, name: string) => req.query.get(name) ?? undefined;
const bool = (value: string | null): boolean | undefined => (value === 'true' ? true : value === 'false' ? false : undefined);
const command = (name: string) => (d: RouteData) => {
  const r = d[name];
  const out: Record<string, unknown> = { officeId: r.officeId, clientId: r.clientId, loanId: r.loanId, resourceId: r.resourceId };
  if (r.resourceExternalId != null) out.resourceExternalId = r.resourceExternalId;
  if (r.changes != null) out.changes = changesWithStatus(r.changes, loanStatus);
  return out;
};
const loanCommand = (cmd: string, operation: string, field: string, body: 'input' | 'args' = 'input'): Route => ({
  method: 'POST', path: '/loans/:loanId', command: cmd, operation, body, variables: id('loanId'), result: command(field),
});

/** Fineract's loan paths, the interface's /approval-policies, /delinquency and /jobs. */
export const loanRoutes: Route[] = [
  { method: 'GET', path: '/loanproducts', operation: 'LoanProducts', result: (d) => d.loanProducts },
  // Before /loanproducts/:productId, which would take "template" for an id.
  {
    method: 'GET', path: '/loanproducts/template', operation: 'LoanProductTemplate',
    result: (d) => ({ ...loanProductConsoleDefaults(), ...d.loanProductTemplate, ...productTemplateExtras(d), delinquencyBucketOptions: d.delinquencyBuckets }),
  },
  { method: 'GET', path: '/loanproducts/:productId', operation: 'LoanProduct', variables: id('productId'), result: (d) => d.loanProduct },
  {
    method: 'POST', path: '/loanproducts', operation: 'CreateLoanProduct', body: 'input', resource: 'loanproduct',
    required: ['repaymentFrequencyType', 'amortizationType', 'interestType'], result: (d) => ({ resourceId: d.createLoanProduct.id }),
  },
  {
    method: 'PUT', path: '/loanproducts/:productId', operation: 'UpdateLoanProduct', body: 'input', variables: id('productId'),
    result: (d) => ({ resourceId: d.updateLoanProduct.loanProduct.id, changes: d.updateLoanProduct.changes }),
  },

  // /loans/template before /loans/:loanId, which would take "template" for an id.
  {
    method: 'GET', path: '/loans/template', operation: 'LoanTemplate',
    variables: (req) => {
      const clientId = intParam(req.query.get('clientId'));
      const productId = intParam(req.query.get('productId'));
      return { clientId, productId, withClient: clientId !== undefined, withProduct: productId !== undefined, productRef: productId ?? 0 };
    },
    result: loanTemplate,
  },
  { method: 'POST', path: '/loans', command: 'calculateLoanSchedule', operation: 'CalculateLoanSchedule', body: 'input', resource: 'loan', result: (d) => d.calculateLoanSchedule },
  { method: 'POST', path: '/loans', operation: 'CreateLoan', body: 'input', resource: 'loan', result: command('createLoan') },
  {
    method: 'GET', path: '/loans', operation: 'Loans',
    variables: (req) => ({
      officeId: intParam(req.query.get('officeId')), clientId: intParam(req.query.get('clientId')), status: text(req, 'status'),
      externalId: text(req, 'externalId'), loanOfficerId: intParam(req.query.get('loanOfficerId')), delinquent: bool(req.query.get('delinquent')),
      offset: intParam(req.query.get('offset')), limit: intParam(req.query.get('limit')),
    }),
    result: (d) => ({ totalFilteredRecords: d.loans.totalFilteredRecords, pageItems: (d.loans.pageItems ?? []).map((l: RouteData) => withStatus(l, loanStatus)) }),
  },
  {
    method: 'GET', path: '/loans/:loanId', operation: 'Loan',
    variables: (req) => {
      const associations = (req.query.get('associations') ?? '').split(',').map((a) => a.trim());
      const all = associations.includes('all');
      return {
        id: intParam(req.params.loanId), withSchedule: all || associations.includes('repaymentSchedule'), withTransactions: all || associations.includes('transactions'),
        withCharges: all || associations.includes('charges'),
      };
    },
    result: (d) => withStatus(d.loan, loanStatus),
  },
  { method: 'PUT', path: '/loans/:loanId', operation: 'UpdateLoan', body: 'input', variables: id('loanId'), result: command('updateLoan') },
  loanCommand('approve', 'ApproveLoan', 'approveLoan'),
  loanCommand('undoApproval', 'UndoLoanApproval', 'undoLoanApproval', 'args'),
  loanCommand('reject', 'RejectLoan', 'rejectLoan'),
  loanCommand('withdrawnByApplicant', 'WithdrawLoan', 'withdrawLoan'),
  loanCommand('disburse', 'DisburseLoan', 'disburseLoan'),
  loanCommand('undoDisbursal', 'UndoLoanDisbursal', 'undoLoanDisbursal', 'args'),
  {
    method: 'POST', path: '/loans/:loanId/transactions', command: 'repayment', operation: 'MakeLoanRepayment', body: 'input', resource: 'loan.transaction',
    variables: (req) => ({ loanId: intParam(req.params.loanId) }), result: command('makeLoanRepayment'),
  },
  // The transactions templates (prepayLoan, foreclosure, writeoff...) before /loans/:loanId/transactions/:transactionId.
  ...loanServicingRoutes,
  {
    method: 'GET', path: '/loans/:loanId/transactions/:transactionId', operation: 'LoanTransaction',
    variables: (req) => ({ loanId: intParam(req.params.loanId), id: intParam(req.params.transactionId) }), result: (d) => d.loanTransaction,
  },
  {
    method: 'POST', path: '/loans/:loanId/transactions/:transactionId', command: 'undo', operation: 'UndoLoanTransaction', ignores: UNDO_BODY,
    variables: (req) => ({ loanId: intParam(req.params.loanId), id: intParam(req.params.transactionId) }), result: command('undoLoanTransaction'),
  },

  { method: 'GET', path: '/approval-policies', operation: 'ApprovalPolicies', result: (d) => d.approvalPolicies },
  // /approval-policies/queue before /approval-policies/:policyId.
  {
    method: 'GET', path: '/approval-policies/queue', operation: 'ApprovalQueue',
    variables: (req) => ({ roleId: intParam(req.query.get('roleId')), officeId: intParam(req.query.get('officeId')) }),
    result: (d) => d.approvalQueue,
  },
  { method: 'GET', path: '/approval-policies/:policyId', operation: 'ApprovalPolicy', variables: id('policyId'), result: (d) => d.approvalPolicy },
  { method: 'POST', path: '/approval-policies', operation: 'CreateApprovalPolicy', body: 'input', resource: 'approvalpolicy', result: (d) => ({ resourceId: d.createApprovalPolicy.id }) },
  { method: 'PUT', path: '/approval-policies/:policyId', operation: 'UpdateApprovalPolicy', body: 'input', variables: id('policyId'), result: (d) => ({ resourceId: d.updateApprovalPolicy.id }) },
  { method: 'DELETE', path: '/approval-policies/:policyId', operation: 'DeleteApprovalPolicy', variables: id('policyId'), result: (d) => ({ resourceId: d.deleteApprovalPolicy.id }) },

  { method: 'GET', path: '/delinquency/ranges', operation: 'DelinquencyRanges', result: (d) => d.delinquencyRanges },
  { method: 'GET', path: '/delinquency/ranges/:rangeId', operation: 'DelinquencyRange', variables: id('rangeId'), result: (d) => d.delinquencyRange },
  { method: 'POST', path: '/delinquency/ranges', operation: 'CreateDelinquencyRange', body: 'input', resource: 'delinquencyRange', result: (d) => ({ resourceId: d.createDelinquencyRange.id }) },
  { method: 'PUT', path: '/delinquency/ranges/:rangeId', operation: 'UpdateDelinquencyRange', body: 'input', variables: id('rangeId'), result: (d) => ({ resourceId: d.updateDelinquencyRange.id }) },
  { method: 'GET', path: '/delinquency/buckets', operation: 'DelinquencyBuckets', result: (d) => d.delinquencyBuckets },
  { method: 'GET', path: '/delinquency/buckets/:bucketId', operation: 'DelinquencyBucket', variables: id('bucketId'), result: (d) => d.delinquencyBucket },
  { method: 'POST', path: '/delinquency/buckets', operation: 'CreateDelinquencyBucket', body: 'input', resource: 'delinquencyBucket', result: (d) => ({ resourceId: d.createDelinquencyBucket.id }) },
  { method: 'PUT', path: '/delinquency/buckets/:bucketId', operation: 'UpdateDelinquencyBucket', body: 'input', variables: id('bucketId'), result: (d) => ({ resourceId: d.updateDelinquencyBucket.id }) },
];
