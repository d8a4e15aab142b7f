import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { Validator } from '../kernel/errors.js';
import type { KeysetPage } from '../kernel/connection.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import type { AccountDependencies } from './account.ports.js';
import { txnNotFound } from './movement-rules.js';
import { MAX_LIMIT, type SavingsAccountService } from './savings-account.service.js';

/** How many transactions GET /savingsaccounts/{id}?associations=transactions carries at most: the latest. */
export const ASSOCIATED_TRANSACTIONS_CAP = 500;
import { accountTransaction, transactionById, transactionKeysetPage, transactionPage, transactionPagesOfAccounts, type PositionedTransaction, type TransactionRow } from './store/savings-transaction.store.js';

/** The transaction reads: an account's pages, every transaction, one transaction, and the pages of several accounts. */
export class SavingsTransactionQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly accounts: SavingsAccountService,
  ) {}

  /** `transactionType`: only deposits (TXN_DEPOSIT) or only withdrawals (TXN_WITHDRAWAL). */
  async list(identity: Identity, accountId: number, page: { offset?: number | null; limit?: number | null; transactionType?: number | null }): Promise<{ total: number; items: TransactionRow[] }> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    const offset = page.offset ?? 0;
    const limit = page.limit ?? MAX_LIMIT;
    const v = new Validator('savingsaccount');
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter `offset` must be zero or greater.', offset);
    v.check(Number.isInteger(limit) && limit >= 1, 'limit', 'must.be.greater.than.zero', 'The parameter `limit` must be greater than zero.', limit);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      return this.page(tx, accountId, offset, limit, page.transactionType ?? null);
    });
  }

  /** The account's transactions as a connection: newest first, `page.first` before the cursor's position. */
  async keysetPage(identity: Identity, accountId: number, page: KeysetPage, transactionType: number | null): Promise<{ total: number; items: PositionedTransaction[] }> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      // One row beyond the page tells whether another follows.
      const { total, items } = await transactionKeysetPage(tx, accountId, page.after?.[0] ?? null, page.first + 1, transactionType);
      return { total, items: await this.withPaymentTypes(tx, items) };
    });
  }

  /**
   * A page of each account's transactions, newest first, in one statement for all of them (the accounts
   * of a screen's clients). Accounts outside the caller's scope get no transactions.
   */
  async pageByAccounts(identity: Identity, accountIds: readonly number[], page: { limit: number; offset: number }): Promise<Map<number, TransactionRow[]>> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    const limit = Math.min(Math.max(page.limit, 1), MAX_LIMIT);
    const offset = Math.max(page.offset, 0);
    const result = new Map<number, TransactionRow[]>(accountIds.map((id) => [id, []]));
    if (accountIds.length === 0) return result;
    return this.db.tx(staff.tenantId, async (tx) => {
      const scope = await this.accounts.scope(tx, staff);
      if (scope === null) return result;
      const rows = await transactionPagesOfAccounts(tx, accountIds, scope, { limit, offset });
      for (const row of await this.withPaymentTypes(tx, rows)) result.get(row.accountId)?.push(row);
      return result;
    });
  }

  /** One page of an account's transactions, newest first, for a caller that has already checked scope. */
  async page(tx: Tx, accountId: number, offset: number, limit: number, transactionType: number | null = null): Promise<{ total: number; items: TransactionRow[] }> {
    const { total, items } = await transactionPage(tx, accountId, offset, Math.min(limit, MAX_LIMIT), transactionType);
    return { total, items: await this.withPaymentTypes(tx, items) };
  }

  /**
   * The account's latest ASSOCIATED_TRANSACTIONS_CAP transactions, newest first (Fineract's
   * associations=transactions): an account's whole history is unbounded, so older ones are read through
   * the paged list.
   */
  async all(identity: Identity, accountId: number): Promise<TransactionRow[]> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      return this.withPaymentTypes(tx, (await transactionPage(tx, accountId, 0, ASSOCIATED_TRANSACTIONS_CAP)).items);
    });
  }

  async get(identity: Identity, accountId: number, transactionId: number): Promise<TransactionRow> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      const found = await accountTransaction(tx, accountId, transactionId);
      if (!found) throw txnNotFound(transactionId);
      return (await this.withPaymentTypes(tx, [found]))[0]!;
    });
  }

  /** A transaction the caller has just written or found (it exists). */
  async txn(tx: Tx, id: number): Promise<TransactionRow> {
    return (await transactionById(tx, id))!;
  }

  /** Each transaction with its payment type's name (one look-up per distinct type). */
  private async withPaymentTypes<R extends TransactionRow>(tx: Tx, items: R[]): Promise<R[]> {
    const names = new Map<number, string | null>();
    for (const id of new Set(items.map((i) => i.paymentTypeId).filter((x): x is number => x != null))) names.set(id, (await this.deps.paymentType(tx, id))?.name ?? null);
    return items.map((i) => ({ ...i, paymentTypeName: i.paymentTypeId == null ? null : (names.get(i.paymentTypeId) ?? null) }));
  }
}
