import { intParam, queryDate, type Route } from '../route.js';
import { accounts, client, loan, loanTemplate, savingsAccount, savingsTransaction } from './self-apps.shapes.js';
import { selfSavingsTemplateRoute } from './self-apps.routes.js';

type Data = Record<string, any>;

const id = (name: string) => (req: { params: Record<string, string> }) => ({ id: intParam(req.params[name]) });

const page = (p: Data) => ({ totalFilteredRecords: p.totalFilteredRecords, pageItems: p.pageItems ?? [] });

/**
 * The self-service interface (docs/interface.md, Fineract's /self paths). Customer sessions reach only these;
 * staff sessions are refused on them (rest-handler). The staff paths of loan offers close the list.
 */
export const selfRoutes: Route[] = [
  // A body with `bvn`: the one-step BVN registration; without: Fineract's two-step registration (self-apps.routes.ts has its second step).
  { method: 'POST', path: '/self/registration', operation: 'SelfRegistration', body: 'input', resource: 'self.registration', anonymous: true, result: (d) => d.selfRegistration },
  // The older web app sends the credentials as query parameters with an empty body, as Fineract accepts them; the
  // edge is HTTPS only and logs a request's route, never its query string.
  {
    method: 'POST', path: '/self/authentication', operation: 'SelfAuthenticate', body: 'args', anonymous: true,
    variables: (req) => (Object.keys(req.body).length === 0 && (req.query.has('username') || req.query.has('password')) ? { username: req.query.get('username'), password: req.query.get('password') } : {}),
    result: (d) => d.selfAuthenticate,
  },
  {
    method: 'PUT', path: '/self/user', operation: 'SelfChangePassword', body: 'args',
    result: (d) => ({ resourceId: d.selfChangePassword, changes: { passwordEncoded: '[redacted]' } }),
  },
  { method: 'POST', path: '/self/authentication/logout', operation: 'SelfLogout', body: 'none', result: (d) => ({ loggedOut: d.selfLogout }) },

  // Fineract's page: the apps read pageItems[0] after login.
  { method: 'GET', path: '/self/clients', operation: 'MyClients', result: (d) => page({ totalFilteredRecords: d.me.clients.length, pageItems: d.me.clients.map(client) }) },
  { method: 'GET', path: '/self/clients/:clientId', operation: 'MyClient', variables: id('clientId'), result: (d) => client(d.me.clientById) },
  { method: 'GET', path: '/self/clients/:clientId/accounts', operation: 'MyAccounts', variables: (req) => ({ clientId: intParam(req.params.clientId) }), result: (d) => accounts(d.me.accounts) },
  { method: 'GET', path: '/self/accounts', operation: 'MyAccounts', result: (d) => accounts(d.me.accounts) },

  selfSavingsTemplateRoute,
  {
    method: 'GET', path: '/self/savingsaccounts/:accountId', operation: 'MySavingsAccount',
    variables: (req) => ({ id: intParam(req.params.accountId), withTransactions: (req.query.get('associations') ?? '').split(',').includes('transactions') }),
    result: (d) => {
      const { transactionPage, ...account } = d.me.savingsAccount;
      const clientName = d.me.clients.find((c: Data) => c.id === account.clientId)?.displayName;
      const shaped = savingsAccount(account);
      return { ...shaped, clientName, ...(transactionPage ? { transactions: (transactionPage.pageItems ?? []).map(savingsTransaction(shaped)) } : {}) };
    },
  },
  {
    method: 'GET', path: '/self/savingsaccounts/:accountId/transactions', operation: 'MySavingsTransactions',
    variables: (req) => ({ id: intParam(req.params.accountId), offset: intParam(req.query.get('offset')), limit: intParam(req.query.get('limit')) }),
    result: (d) => page(d.me.savingsAccount.transactionPage),
  },

  // /self/loans/template before /self/loans/:loanId, which would take "template" for an id.
  {
    method: 'GET', path: '/self/loans/template', operation: 'MyLoanTemplate',
    variables: (req) => {
      const productId = intParam(req.query.get('productId'));
      return { ...(productId == null ? {} : { productId }), withProduct: productId != null, clientId: intParam(req.query.get('clientId')) };
    },
    result: (d) => loanTemplate(d.me),
  },
  // The mobile app also sends the product's name, the currency, a purpose and the strategy's id: the offer and
  // the product decide those, so they are accepted and dropped (missing terms are the product's).
  {
    method: 'POST', path: '/self/loans', operation: 'SelfApplyForLoan', body: 'input', resource: 'loan',
    ignores: ['productName', 'currency', 'loanPurpose', 'loanPurposeId', 'transactionProcessingStrategyId', 'maxOutstandingLoanBalance'], result: (d) => d.selfApplyForLoan,
  },
  { method: 'GET', path: '/self/loans/:loanId', operation: 'MyLoan', variables: id('loanId'), result: (d) => loan(d.me.loan) },
  { method: 'GET', path: '/self/loans/:loanId/transactions', operation: 'MyLoanTransactions', variables: id('loanId'), result: (d) => d.me.loanTransactions },
  // "To close your loan today, pay N": the payoff of the customer's own loan (another's is 404).
  {
    method: 'GET', path: '/self/loans/:loanId/transactions/template', command: 'prepayLoan', operation: 'MyLoanPayoff',
    variables: (req) => ({ id: intParam(req.params.loanId), transactionDate: queryDate(req, 'transactionDate') }),
    result: (d) => {
      const { currencyCode, ...payoff } = d.me.loanPayoff;
      return { ...payoff, type: { id: 2, code: 'loanTransactionType.repayment', value: 'Repayment' }, currency: { code: currencyCode } };
    },
  },

  { method: 'POST', path: '/self/accounttransfers', operation: 'SelfTransfer', body: 'input', result: (d) => d.selfTransfer },
  { method: 'GET', path: '/self/accounttransfers/template', operation: 'MyTransferTemplate', result: (d) => d.me.transferTemplate },
  { method: 'GET', path: '/self/accounttransfers/:transferId', operation: 'MyTransfer', variables: id('transferId'), result: (d) => d.me.transfer },

  { method: 'GET', path: '/self/interbank/banks', operation: 'MyInterbankBanks', result: (d) => d.me.interbankBanks },
  {
    method: 'GET', path: '/self/interbank/nameenquiry', operation: 'MyNameEnquiry',
    variables: (req) => ({ bankCode: req.query.get('bankCode'), accountNumber: req.query.get('accountNumber') }), result: (d) => d.me.interbankNameEnquiry,
  },

  { method: 'GET', path: '/self/beneficiaries/tpt/template', operation: 'MyBeneficiaryTemplate', result: (d) => d.me.beneficiaryTemplate },
  { method: 'GET', path: '/self/beneficiaries/tpt', operation: 'MyBeneficiaries', result: (d) => d.me.beneficiaries },
  { method: 'POST', path: '/self/beneficiaries/tpt', operation: 'CreateBeneficiary', body: 'input', resource: 'beneficiary', result: (d) => ({ resourceId: d.createBeneficiary.id }) },
  {
    method: 'PUT', path: '/self/beneficiaries/tpt/:beneficiaryId', operation: 'UpdateBeneficiary', body: 'input', variables: id('beneficiaryId'),
    result: (d) => ({ resourceId: d.updateBeneficiary.beneficiary.id, changes: d.updateBeneficiary.changes }),
  },
  { method: 'DELETE', path: '/self/beneficiaries/tpt/:beneficiaryId', operation: 'DeleteBeneficiary', variables: id('beneficiaryId'), result: (d) => ({ resourceId: d.deleteBeneficiary }) },

  // Staff hold a client's self-service login: disable, enable, resetPassword (a one-time password).
  ...['disable', 'enable', 'resetPassword'].map((command): Route => ({
    method: 'POST', path: '/clients/:clientId/selfservice', command, operation: 'ClientSelfService', body: 'none',
    variables: (req) => ({ clientId: intParam(req.params.clientId), command }),
    result: (d) => {
      const { clientId, userIds, oneTimePassword } = d.clientSelfService;
      return { clientId, resourceId: clientId, changes: { command, userIds, ...(oneTimePassword ? { oneTimePassword } : {}) } };
    },
  })),
  // Staff record the offers that pre-qualify a client for POST /self/loans.
  { method: 'GET', path: '/clients/:clientId/loanoffers', operation: 'LoanOffers', variables: (req) => ({ clientId: intParam(req.params.clientId) }), result: (d) => d.loanOffers },
  {
    method: 'POST', path: '/clients/:clientId/loanoffers', operation: 'CreateLoanOffer', body: 'input', resource: 'loanoffer', variables: (req) => ({ clientId: intParam(req.params.clientId) }),
    result: (d) => ({ clientId: d.createLoanOffer.clientId, resourceId: d.createLoanOffer.id }),
  },
  {
    method: 'DELETE', path: '/clients/:clientId/loanoffers/:offerId', operation: 'DeleteLoanOffer',
    variables: (req) => ({ clientId: intParam(req.params.clientId), offerId: intParam(req.params.offerId) }), result: (d) => ({ resourceId: d.deleteLoanOffer }),
  },
];
