import type { Tx } from '../kernel/tx.js';
import type { Actor, CustomerIdentity } from '../kernel/identity.js';
import { errors } from '../kernel/errors.js';
import type { AccountRow } from './account.rows.js';
import { loadAccount, loadAccountByNumber, loadAccountsOfClients } from './store/account-read.store.js';
import { productIdByName, selfServiceProducts } from './store/product.store.js';
import type { AccountDependencies } from './account.ports.js';
import { availableBalance } from './domain/balance-rules.js';
import type { SavingsAccountService } from './savings-account.service.js';
import type { SavingsTransactionQueries } from './savings-transaction.queries.js';
import { transactionPageOfAccounts, type TransactionRow } from './store/savings-transaction.store.js';
import type { TransferRow } from './store/transfer.store.js';
import { validateTransfer, type TransferInput, type TransferService } from './transfer.service.js';
import { ACCOUNT_CODES } from './codes.js';
import { DORMANT } from './dormancy.js';
import type { AccountForSelf, AccountRecentTransactionForSelf, AccountTransactionForSelf, SavingsProductForSelf } from './contract.js';

/**
 * What the account module offers the self-service module, each call inside the caller's transaction and
 * without a permission check: self-service has decided that the customer owns what it asks about (and a
 * transfer's source is checked again by the scope service, which knows customers).
 */
export function accountsForSelf(deps: Required<AccountDependencies>, accounts: SavingsAccountService, transactions: SavingsTransactionQueries, transfers: TransferService) {
  const view = (a: AccountRow): AccountForSelf => {
    const currency = deps.currencyInfo(a.currencyCode);
    return {
      id: a.id, accountNo: a.accountNo, clientId: a.clientId, officeId: a.officeId, productId: a.productId, productName: a.productName, accountType: a.accountType,
      currency: { code: a.currencyCode, name: currency?.name ?? a.currencyCode, displaySymbol: currency?.displaySymbol ?? null, decimalPlaces: a.digitsAfterDecimal },
      accountBalance: a.accountBalance, availableBalance: availableBalance(a).toFixed(), status: a.status,
      shortProductName: a.shortProductName, nominalAnnualInterestRate: a.nominalAnnualInterestRate, totalDeposits: a.totalDeposits, totalWithdrawals: a.totalWithdrawals,
      submittedOnDate: a.submittedOnDate, approvedOnDate: a.approvedOnDate, activatedOnDate: a.activatedOnDate, closedOnDate: a.closedOnDate,
      blocked: a.blocked, debitBlocked: a.debitBlocked, creditBlocked: a.creditBlocked,
    };
  };
  const today = (tx: Tx) => deps.businessDates.today(tx);
  return {
    async openActive(tx: Tx, actor: Actor, clientId: number, productName: string, date: string): Promise<AccountForSelf> {
      const productId = await productIdByName(tx, productName);
      if (productId === null) throw errors.notFound(ACCOUNT_CODES.savingsproductIdInvalid, `Savings product ${productName} does not exist`, productName);
      const opened = await accounts.createCore(tx, actor, { clientId, productId, submittedOnDate: date });
      const { account } = await accounts.changeStatusCore(tx, actor, opened.id, 'activate', { date });
      return view(account);
    },
    /** The customer's own application (status 100) on `date`: the staff approval flow follows. */
    async apply(tx: Tx, customer: CustomerIdentity, input: { clientId: number; productId: number; date: string }): Promise<AccountForSelf> {
      return view(await accounts.createCore(tx, customer, { clientId: input.clientId, productId: input.productId, submittedOnDate: input.date }));
    },
    /** The customer's own submitted application moved to another product; answers Fineract's `changes`. */
    async changeProduct(tx: Tx, customer: CustomerIdentity, id: number, productId: number): Promise<Record<string, unknown>> {
      return (await accounts.changeProductCore(tx, customer, id, productId)).changes;
    },
    /** The customer withdraws their own submitted application on the business date (status 400). */
    async withdraw(tx: Tx, customer: CustomerIdentity, id: number): Promise<Record<string, unknown>> {
      return (await accounts.changeStatusCore(tx, customer, id, 'withdrawnByApplicant', {})).changes;
    },
    /** The products marked for self-service, with what the customer apps' savings template shows of them. */
    async selfServiceProducts(tx: Tx): Promise<SavingsProductForSelf[]> {
      return (await selfServiceProducts(tx)).map((p) => {
        const currency = deps.currencyInfo(p.currencyCode);
        return {
          id: p.id, name: p.name, shortName: p.shortName, description: p.description, accountType: p.accountType, nominalAnnualInterestRate: p.nominalAnnualInterestRate,
          currency: { code: p.currencyCode, name: currency?.name ?? p.currencyCode, displaySymbol: currency?.displaySymbol ?? null, decimalPlaces: p.digitsAfterDecimal },
        };
      });
    },
    ofClients: async (tx: Tx, clientIds: readonly number[]) => (await loadAccountsOfClients(tx, await today(tx), clientIds)).map(view),
    async get(tx: Tx, id: number) {
      const account = await loadAccount(tx, await today(tx), id);
      return account && view(account);
    },
    async byAccountNo(tx: Tx, accountNo: string) {
      const account = await loadAccountByNumber(tx, await today(tx), accountNo);
      return account && view(account);
    },
    async transactions(tx: Tx, accountId: number, offset: number, limit: number) {
      const page = await transactions.page(tx, accountId, offset, limit);
      return {
        total: page.total,
        items: page.items.map((t: TransactionRow): AccountTransactionForSelf => ({
          id: t.id, transactionType: t.transactionType, credit: t.credit, date: t.date, amount: t.amount, runningBalance: t.runningBalance, note: t.note, reversed: t.reversed, transferId: t.transferId,
        })),
      };
    },
    /** The accounts' transactions together, newest day first (a customer's recent transactions). */
    async recentTransactions(tx: Tx, accountIds: readonly number[], offset: number, limit: number) {
      const page = await transactionPageOfAccounts(tx, accountIds, offset, limit);
      return {
        total: page.total,
        items: page.items.map((t): AccountRecentTransactionForSelf => ({
          id: t.id, transactionType: t.transactionType, credit: t.credit, date: t.date, amount: t.amount, runningBalance: t.runningBalance, note: t.note, reversed: t.reversed,
          transferId: t.transferId, accountId: t.accountId, accountNo: t.accountNo, currencyCode: t.currencyCode, submittedOnDate: t.submittedOnDate,
        })),
      };
    },
    validateTransfer: (input: TransferInput) => validateTransfer(input),
    transfer: async (tx: Tx, customer: CustomerIdentity, input: TransferInput): Promise<TransferRow> => {
      // A dormant account's money moves only through staff (Fineract's dormancy): the customer is refused.
      const source = input.fromAccountId == null ? null : await loadAccount(tx, await today(tx), Number(input.fromAccountId));
      if (source && source.dormancyStatus >= DORMANT) {
        throw errors.domainRule(ACCOUNT_CODES.savingsaccountTransactionAccountIsDormant, `Account ${source.accountNo} is dormant: withdrawals are made at a branch.`, [source.id]);
      }
      // No ceiling is given, so a customer's transfer always executes (maker-checker holds staff transfers).
      const outcome = await transfers.createCore(tx, customer, input);
      if (outcome.kind !== 'executed') throw new Error('a transfer without a ceiling was held');
      return outcome.transfer;
    },
    findTransfer: (tx: Tx, id: number): Promise<TransferRow | null> => transfers.find(tx, id),
  };
}
