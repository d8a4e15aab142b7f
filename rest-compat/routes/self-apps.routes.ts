import { intParam, type Route } from '../route.js';
import { currencyObject, savingsTransactionType } from './self-apps.shapes.js';

type Data = Record<string, any>;

/** Fineract's DeviceRegistrationData: the client as an object. */
const device = ({ clientId, ...r }: Data) => ({ ...r, clientData: { id: clientId } });

/** A recent transaction as Fineract's GET /self/clients/{id}/transactions lists it, with its account's currency object. */
const recentTransaction = (currencies: Map<number, Data>) => ({ accountId, accountNo, currencyCode, ...t }: Data) => ({
  ...t, type: savingsTransactionType(t.type), currency: currencies.get(accountId) ?? { code: currencyCode }, savingsAccountId: accountId, accountNo,
});

/** Fineract's answer to a savings application command: the account is the resource. */
const savingsCommand = ({ savingsId, clientId, changes }: Data) => ({ clientId, savingsId, resourceId: savingsId, ...(Object.keys(changes).length > 0 ? { changes } : {}) });

/**
 * GET /self/savingsaccounts/template: Fineract's SavingsAccountTemplate as the apps read it (the client, the
 * products it may apply for). Listed in self.routes.ts before /self/savingsaccounts/:accountId, which would
 * take "template" for an id. No charges are applied at opening, so there are no charge options.
 */
export const selfSavingsTemplateRoute: Route = {
  method: 'GET', path: '/self/savingsaccounts/template', operation: 'MySavingsTemplate', variables: (req) => ({ clientId: intParam(req.query.get('clientId')) }),
  result: (d) => {
    const t = d.me.savingsTemplate;
    return { ...t, productOptions: t.productOptions.map((p: Data) => ({ ...p, currency: currencyObject(p.currency) })), chargeOptions: [] };
  },
};

/**
 * What Fineract's own customer apps (the Mifos mobile app, the web self-service app) call on /self beyond
 * the interface's own paths (issue 42); the interface's routes are in self.routes.ts.
 */
export const selfAppsRoutes: Route[] = [
  // The apps' "Recent Transactions": the client's savings transactions across its accounts, newest day first.
  {
    method: 'GET', path: '/self/clients/:clientId/transactions', operation: 'MyRecentTransactions',
    variables: (req) => ({ clientId: intParam(req.params.clientId), offset: intParam(req.query.get('offset')), limit: intParam(req.query.get('limit')) }),
    result: (d) => {
      const currencies = new Map<number, Data>(d.me.accounts.savingsAccounts.map((a: Data) => [a.id, currencyObject(a.currency)]));
      const page = d.me.recentTransactions;
      return { totalFilteredRecords: page.totalFilteredRecords, pageItems: (page.pageItems ?? []).map(recentTransaction(currencies)) };
    },
  },
  // No photos are kept: Fineract's "no image" 404 from a route that exists (the apps then draw initials).
  { method: 'GET', path: '/self/clients/:clientId/images', operation: 'MyClientImage', variables: (req) => ({ clientId: intParam(req.params.clientId) }), result: (d) => d.me.clientImage },
  // The apps withdraw a pending application with Fineract's body (a note and the date): the business date is the date.
  {
    method: 'POST', path: '/self/loans/:loanId', command: 'withdrawnByApplicant', operation: 'SelfWithdrawLoan', body: 'none', ignores: ['note', 'withdrawnOnDate', 'dateFormat', 'locale'],
    variables: (req) => ({ id: intParam(req.params.loanId) }),
    result: (d) => ({ loanId: d.selfWithdrawLoan, resourceId: d.selfWithdrawLoan, changes: { status: { id: 400, code: 'loanStatusType.withdrawn.by.client', value: 'Withdrawn by applicant' } } }),
  },
  // The mobile app changes a pending application with the same body it applied with (its extra fields dropped).
  {
    method: 'PUT', path: '/self/loans/:loanId', operation: 'SelfUpdateLoanApplication', body: 'input', resource: 'loan',
    ignores: ['productName', 'currency', 'loanPurpose', 'loanPurposeId', 'transactionProcessingStrategyId', 'maxOutstandingLoanBalance'],
    variables: (req) => ({ id: intParam(req.params.loanId) }),
    result: (d, req) => ({ resourceId: intParam(req.params.loanId), loanId: intParam(req.params.loanId), changes: d.selfUpdateLoanApplication }),
  },
  // The app's push token, one per client (Fineract's device registration).
  {
    method: 'GET', path: '/self/device/registration/client/:clientId', operation: 'MyDeviceRegistration', variables: (req) => ({ clientId: intParam(req.params.clientId) }),
    result: (d) => device(d.me.deviceRegistration),
  },
  {
    method: 'POST', path: '/self/device/registration', operation: 'RegisterDevice', body: 'input', resource: 'device.registration',
    result: (d) => ({ resourceId: d.registerDevice.id, clientId: d.registerDevice.clientId }),
  },
  {
    method: 'PUT', path: '/self/device/registration/:registrationId', operation: 'UpdateDeviceRegistration', body: 'input', resource: 'device.registration',
    variables: (req) => ({ id: intParam(req.params.registrationId) }),
    result: (d) => ({ resourceId: d.updateDeviceRegistration.id, clientId: d.updateDeviceRegistration.clientId, changes: { registrationId: d.updateDeviceRegistration.registrationId } }),
  },
  // Savings applications (item 6): submitted on the business date for staff to approve; the apps' dates and notes are not the bank's day.
  {
    method: 'POST', path: '/self/savingsaccounts', operation: 'SelfApplyForSavings', body: 'input', resource: 'savingsaccount',
    result: (d) => savingsCommand(d.selfApplyForSavings),
  },
  {
    method: 'PUT', path: '/self/savingsaccounts/:accountId', operation: 'SelfUpdateSavingsApplication', body: 'input', resource: 'savingsaccount',
    variables: (req) => ({ id: intParam(req.params.accountId) }), result: (d) => savingsCommand(d.selfUpdateSavingsApplication),
  },
  {
    method: 'POST', path: '/self/savingsaccounts/:accountId', command: 'withdrawnByApplicant', operation: 'SelfWithdrawSavings', body: 'none', ignores: ['note', 'withdrawnOnDate', 'dateFormat', 'locale'],
    variables: (req) => ({ id: intParam(req.params.accountId) }), result: (d) => savingsCommand(d.selfWithdrawSavings),
  },
  // The second step of Fineract's two-step registration: the token sent for the request creates the user.
  {
    method: 'POST', path: '/self/registration/user', operation: 'SelfRegistrationUser', body: 'input', resource: 'self.registration', anonymous: true,
    result: (d) => ({ resourceId: d.selfRegistrationUser }),
  },
  // Guarantors are not kept: an own loan has none (another's is 404).
  { method: 'GET', path: '/self/loans/:loanId/guarantors', operation: 'MyLoanGuarantors', variables: (req) => ({ id: intParam(req.params.loanId) }), result: () => [] },
];
