import { intParam, UNDO_BODY, type Route, type RouteData, type RouteRequest } from '../route.js';
import { savingsChanges, savingsStatus, withStatus } from '../status-flags.js';
import {
  accountTransferTemplate, accountTransferTemplateVariables, savingsAccountTemplate, savingsAccountTemplateVariables, savingsProductView, savingsTransactionTemplate,
} from './account-templates.js';
import { productTemplateExtras } from './template-options.js';

const savingsId = (req: RouteRequest) => ({ savingsAccountId: intParam(req.params.savingsId) });
const id = (name: string) => (req: RouteRequest) => ({ id: intParam(req.params[name]) });

/** How many transactions associations=transactions carries at most (the account module's cap). */
const ASSOCIATED_TRANSACTIONS = 500;

/** The associated transactions with their count, and the paged list's next page when some are left out. */
const transactionsWindow = (accountId: number, transactions: unknown[], total: number) => ({
  transactions,
  totalFilteredRecords: total,
  ...(total > transactions.length ? { nextTransactions: `/savingsaccounts/${accountId}/transactions?offset=${transactions.length}&limit=200` } : {}),
});

/** Fineract's `associations` query parameter: a comma-separated list (transactions, charges, all). */
const associations = (req: RouteRequest) => (req.query.get('associations') ?? '').split(',').map((a) => a.trim());

const STATUS_NAMES: Record<string, number> = { submitted: 100, pending: 100, approved: 200, active: 300, withdrawn: 400, rejected: 500, closed: 600 };
/** `status` as Fineract's list filter: a status id or its name. */
const statusParam = (value: string | null): number | undefined => (value == null || value === '' ? undefined : (STATUS_NAMES[value.toLowerCase()] ?? intParam(value)));

const accountChange = (payload: { savingsAccount: { id: number; officeId: number; clientId: number }; changes: Record<string, unknown> }) => ({
  officeId: payload.savingsAccount.officeId,
  clientId: payload.savingsAccount.clientId,
  savingsId: payload.savingsAccount.id,
  resourceId: payload.savingsAccount.id,
  changes: savingsChanges(payload.changes),
});

interface MoneyResult { officeId: number; clientId: number; savingsId: number; resourceId?: number; commandId?: number; changes: Record<string, unknown> }
/** An executed transaction, or (above the teller ceiling) the maker-checker entry that holds it. */
const moneyResult = (r: MoneyResult) =>
  r.commandId != null ? { commandId: r.commandId, savingsId: r.savingsId, changes: { status: 'awaiting.approval' } } : { officeId: r.officeId, clientId: r.clientId, savingsId: r.savingsId, resourceId: r.resourceId, changes: r.changes };

const statusCommand = (command: string, operation: string, field: string): Route => ({
  method: 'POST', path: '/savingsaccounts/:savingsId', command, operation, body: 'input', variables: id('savingsId'), result: (d) => accountChange(d[field]),
});
const blockCommand = (command: string, operation: string, field: string): Route => ({
  method: 'POST', path: '/savingsaccounts/:savingsId', command, operation, body: 'none', variables: id('savingsId'), result: (d) => accountChange(d[field]),
});

/** Fineract's savings product, savings account, account transfer and maker-checker paths. */
export const accountRoutes: Route[] = [
  { method: 'GET', path: '/savingsproducts', operation: 'SavingsProducts', result: (d) => d.savingsProducts.map((p: Record<string, unknown>) => savingsProductView(p, d.savingsProductTemplate)) },
  // Before /savingsproducts/:productId, which would take "template" for an id.
  { method: 'GET', path: '/savingsproducts/template', operation: 'SavingsProductTemplate', result: (d) => ({ ...d.savingsProductTemplate, ...productTemplateExtras(d) }) },
  { method: 'GET', path: '/savingsproducts/:productId', operation: 'SavingsProduct', variables: id('productId'), result: (d) => savingsProductView(d.savingsProduct, d.savingsProductTemplate) },
  { method: 'POST', path: '/savingsproducts', operation: 'CreateSavingsProduct', body: 'input', resource: 'savingsproduct', result: (d) => ({ resourceId: d.createSavingsProduct.id }) },
  {
    method: 'PUT', path: '/savingsproducts/:productId', operation: 'UpdateSavingsProduct', body: 'input', variables: id('productId'),
    result: (d) => ({ resourceId: d.updateSavingsProduct.savingsProduct.id, changes: d.updateSavingsProduct.changes }),
  },

  // The templates before the /:id paths, which would take "template" for an id.
  { method: 'GET', path: '/savingsaccounts/template', operation: 'SavingsAccountTemplate', variables: savingsAccountTemplateVariables, result: savingsAccountTemplate },
  { method: 'GET', path: '/savingsaccounts/:savingsId/transactions/template', operation: 'SavingsTransactionTemplate', variables: id('savingsId'), result: savingsTransactionTemplate },
  { method: 'GET', path: '/accounttransfers/template', operation: 'AccountTransferTemplate', variables: accountTransferTemplateVariables, result: accountTransferTemplate },
  {
    method: 'POST', path: '/savingsaccounts', operation: 'CreateSavingsAccount', body: 'input', resource: 'savingsaccount',
    result: (d) => ({ officeId: d.createSavingsAccount.officeId, clientId: d.createSavingsAccount.clientId, savingsId: d.createSavingsAccount.id, resourceId: d.createSavingsAccount.id, changes: { accountNo: d.createSavingsAccount.accountNo } }),
  },
  {
    method: 'GET', path: '/savingsaccounts', operation: 'SavingsAccounts',
    variables: (req) => ({
      clientId: intParam(req.query.get('clientId')),
      officeId: intParam(req.query.get('officeId')),
      status: statusParam(req.query.get('status')),
      externalId: req.query.get('externalId') ?? undefined,
      offset: intParam(req.query.get('offset')),
      limit: intParam(req.query.get('limit')),
    }),
    result: (d) => ({ totalFilteredRecords: d.savingsAccounts.totalFilteredRecords, pageItems: (d.savingsAccounts.pageItems ?? []).map((a: RouteData) => withStatus(a, savingsStatus)) }),
  },
  {
    method: 'GET', path: '/savingsaccounts/:savingsId', operation: 'SavingsAccount',
    variables: (req) => ({
      id: intParam(req.params.savingsId), withTransactions: associations(req).some((a) => a === 'transactions' || a === 'all'),
      withCharges: associations(req).some((a) => a === 'charges' || a === 'all'),
    }),
    // associations=all (or charges) adds the account's charges. The transactions are the latest
    // 500 (an account's history is unbounded): totalFilteredRecords counts them all, and when some are left
    // out, nextTransactions is the paged list's next page.
    result: (d) => ({
      ...withStatus(d.savingsAccount, savingsStatus),
      ...(d.allSavingsTransactions ? transactionsWindow(d.savingsAccount.id, d.allSavingsTransactions, d.transactionCount.totalFilteredRecords) : {}),
      ...(d.savingsAccountCharges ? { charges: (d.savingsAccountCharges as RouteData[]).map(({ feeOnMonth, feeOnDay, ...c }) => ({ ...c, ...(feeOnMonth != null ? { feeOnMonthDay: [feeOnMonth, feeOnDay] } : {}) })) } : {}),
    }),
    notes: `With associations=transactions or all, \`transactions\` holds the latest ${ASSOCIATED_TRANSACTIONS} transactions, newest first; \`totalFilteredRecords\` counts all of them and, when some are left out, \`nextTransactions\` names the next page of GET /savingsaccounts/{savingsId}/transactions (offset, limit).`,
  },
  statusCommand('approve', 'ApproveSavingsAccount', 'approveSavingsAccount'),
  statusCommand('activate', 'ActivateSavingsAccount', 'activateSavingsAccount'),
  statusCommand('reject', 'RejectSavingsAccount', 'rejectSavingsAccount'),
  statusCommand('withdrawnByApplicant', 'WithdrawSavingsApplication', 'withdrawSavingsApplication'),
  statusCommand('close', 'CloseSavingsAccount', 'closeSavingsAccount'),
  blockCommand('block', 'BlockSavingsAccount', 'blockSavingsAccount'),
  blockCommand('unblock', 'UnblockSavingsAccount', 'unblockSavingsAccount'),
  blockCommand('blockDebit', 'BlockSavingsAccountDebit', 'blockSavingsAccountDebit'),
  blockCommand('unblockDebit', 'UnblockSavingsAccountDebit', 'unblockSavingsAccountDebit'),
  blockCommand('blockCredit', 'BlockSavingsAccountCredit', 'blockSavingsAccountCredit'),
  blockCommand('unblockCredit', 'UnblockSavingsAccountCredit', 'unblockSavingsAccountCredit'),

  {
    method: 'GET', path: '/savingsaccounts/:savingsId/transactions', operation: 'SavingsTransactions',
    variables: (req) => ({ ...savingsId(req), offset: intParam(req.query.get('offset')), limit: intParam(req.query.get('limit')) }),
    result: (d) => ({ totalFilteredRecords: d.savingsTransactions.totalFilteredRecords, pageItems: d.savingsTransactions.pageItems ?? [] }),
  },
  {
    method: 'GET', path: '/savingsaccounts/:savingsId/transactions/:transactionId', operation: 'SavingsTransaction',
    variables: (req) => ({ ...savingsId(req), transactionId: intParam(req.params.transactionId) }),
    result: (d) => d.savingsTransaction,
  },
  { method: 'POST', path: '/savingsaccounts/:savingsId/transactions', command: 'deposit', operation: 'DepositToSavingsAccount', body: 'input', resource: 'savingsaccount.transaction', variables: savingsId, result: (d) => moneyResult(d.depositToSavingsAccount) },
  { method: 'POST', path: '/savingsaccounts/:savingsId/transactions', command: 'withdrawal', operation: 'WithdrawFromSavingsAccount', body: 'input', resource: 'savingsaccount.transaction', variables: savingsId, result: (d) => moneyResult(d.withdrawFromSavingsAccount) },
  {
    method: 'POST', path: '/savingsaccounts/:savingsId/transactions/:transactionId', command: 'undo', operation: 'UndoSavingsTransaction', body: 'none', ignores: UNDO_BODY,
    variables: (req) => ({ ...savingsId(req), transactionId: intParam(req.params.transactionId) }),
    result: (d) => moneyResult(d.undoSavingsTransaction),
  },

  { method: 'GET', path: '/savingsaccounts/:savingsId/references', operation: 'SavingsReferences', variables: savingsId, result: (d) => d.savingsReferences },
  {
    method: 'GET', path: '/savingsaccounts/:savingsId/references/:referenceId', operation: 'SavingsReference',
    variables: (req) => ({ ...savingsId(req), referenceId: intParam(req.params.referenceId) }), result: (d) => d.savingsReference,
  },
  {
    method: 'POST', path: '/savingsaccounts/:savingsId/references', operation: 'CreateSavingsReference', body: 'input', resource: 'savingsaccount.reference', variables: savingsId,
    result: (d) => ({ savingsId: d.createSavingsReference.savingsId, resourceId: d.createSavingsReference.id }),
  },
  {
    method: 'PUT', path: '/savingsaccounts/:savingsId/references/:referenceId', operation: 'UpdateSavingsReference', body: 'input',
    variables: (req) => ({ ...savingsId(req), referenceId: intParam(req.params.referenceId) }),
    result: (d) => ({ savingsId: d.updateSavingsReference.reference.savingsId, resourceId: d.updateSavingsReference.reference.id, changes: d.updateSavingsReference.changes }),
  },
  {
    method: 'DELETE', path: '/savingsaccounts/:savingsId/references/:referenceId', operation: 'DeleteSavingsReference',
    variables: (req) => ({ ...savingsId(req), referenceId: intParam(req.params.referenceId) }),
    result: (d) => ({ savingsId: d.deleteSavingsReference.savingsId, resourceId: d.deleteSavingsReference.id }),
  },

  {
    method: 'POST', path: '/accounttransfers', operation: 'SubmitAccountTransfer', body: 'input', resource: 'accounttransfer',
    result: (d) => {
      const s = d.submitAccountTransfer;
      // Held for a checker: Fineract's maker-checker answer (commandId), as for a held withdrawal.
      return s.commandId != null ? { savingsId: s.savingsId, commandId: s.commandId, changes: s.changes } : { savingsId: s.savingsId, resourceId: s.resourceId };
    },
  },
  {
    method: 'GET', path: '/accounttransfers', operation: 'AccountTransfers',
    variables: (req) => ({ offset: intParam(req.query.get('offset')), limit: intParam(req.query.get('limit')), accountId: intParam(req.query.get('accountId')) }),
    result: (d) => ({ totalFilteredRecords: d.accountTransfers.totalFilteredRecords, pageItems: d.accountTransfers.pageItems ?? [] }),
  },
  { method: 'GET', path: '/accounttransfers/:transferId', operation: 'AccountTransfer', variables: id('transferId'), result: (d) => d.accountTransfer },

  { method: 'GET', path: '/makercheckers', operation: 'MakerCheckers', result: (d) => d.makerCheckers ?? [] },
  { method: 'POST', path: '/makercheckers/:entryId', command: 'approve', operation: 'ApproveMakerChecker', body: 'none', variables: id('entryId'), result: (d, req) => ({ commandId: intParam(req.params.entryId), ...moneyResult(d.approveMakerChecker) }) },
  {
    method: 'POST', path: '/makercheckers/:entryId', command: 'reject', operation: 'RejectMakerChecker', body: 'none', variables: id('entryId'),
    result: (d) => ({ commandId: d.rejectMakerChecker.id, resourceId: d.rejectMakerChecker.resourceId, changes: { status: d.rejectMakerChecker.processingResult } }),
  },
  {
    method: 'DELETE', path: '/makercheckers/:entryId', operation: 'DeleteMakerChecker', variables: id('entryId'),
    result: (d) => ({ commandId: d.deleteMakerChecker.id, resourceId: d.deleteMakerChecker.resourceId, changes: { status: d.deleteMakerChecker.processingResult } }),
  },
];
