import { escapeLike } from '../../kernel/db-errors.js';
import type { Tx } from '../../kernel/tx.js';
import { STATUS_ACTIVE, STATUS_APPROVED, STATUS_SUBMITTED, type AccountRow, type AccountType } from '../account.rows.js';
import { ACCOUNT_SELECT, toAccountRow, type RawAccount } from './account-read.store.js';

/*
 * account.savings_account outside the money path: listing, opening, lifecycle and block changes, and the
 * client-wide reads a movement needs (a loan's operating account, a client's balance total).
 */

/**
 * What a staff member may see of accounts: the accounts of these offices (null: every office) and of
 * these clients (null: every client, else an Account Officer's portfolio). A scope that covers nothing is
 * not represented: the caller answers with nothing before it reaches the store.
 */
export interface AccountScope {
  officeIds: readonly number[] | null;
  clientIds: readonly number[] | null;
}

/** The scope as conditions on `a` (an account) with their parameters. */
export function scopeConditions(scope: AccountScope): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (scope.officeIds) {
    where.push(`a.office_id in (${scope.officeIds.map(() => '?').join(', ')})`);
    params.push(...scope.officeIds);
  }
  if (scope.clientIds) {
    where.push(`a.client_id in (${scope.clientIds.map(() => '?').join(', ')})`);
    params.push(...scope.clientIds);
  }
  return { where, params };
}

export interface AccountListFilter {
  clientId?: number | null;
  officeId?: number | null;
  status?: number | null;
  accountType?: AccountType | null;
  externalId?: string | null;
  /** A substring of the account number or the external id. */
  search?: string | null;
}

function listConditions(tx: Tx, scope: AccountScope, filter: AccountListFilter): { where: string; params: unknown[] } {
  const scoped = scopeConditions(scope);
  const where = ['a.tenant_id = ?', ...scoped.where];
  const params: unknown[] = [tx.tenantId, ...scoped.params];
  const equal = (column: string, value: unknown) => {
    where.push(`a.${column} = ?`);
    params.push(value);
  };
  if (filter.clientId != null) equal('client_id', filter.clientId);
  if (filter.officeId != null) equal('office_id', filter.officeId);
  if (filter.status != null) equal('status', filter.status);
  if (filter.accountType != null) equal('account_type', filter.accountType);
  if (filter.externalId) equal('external_id', filter.externalId);
  const text = filter.search?.trim();
  if (text) {
    where.push(`(a.account_no like ? or a.external_id ilike ?)`);
    params.push(`%${escapeLike(text)}%`, `%${escapeLike(text)}%`);
  }
  return { where: where.join(' and '), params };
}

/** One page of the accounts in scope that match the filter, by id, and how many match in all. */
export async function listAccounts(
  tx: Tx, today: string, scope: AccountScope, filter: AccountListFilter, page: { offset: number; limit: number },
): Promise<{ total: number; items: AccountRow[] }> {
  const { where, params } = listConditions(tx, scope, filter);
  const count = await tx.query<{ n: string }>(`select count(*) as n from account.savings_account a where ${where}`, params);
  const rows = await tx.query<RawAccount>(`${ACCOUNT_SELECT} where ${where} order by a.id limit ? offset ?`, [today, ...params, page.limit, page.offset]);
  return { total: Number(count[0]!.n), items: rows.map(toAccountRow) };
}

/** A keyset page of accounts by id (a connection): `limit` accounts with ids above `afterId`, and how many the list has. */
export async function accountKeysetPage(
  tx: Tx, today: string, scope: AccountScope, filter: AccountListFilter, afterId: number | null, limit: number,
): Promise<{ total: number; items: AccountRow[] }> {
  const { where, params } = listConditions(tx, scope, filter);
  const count = await tx.query<{ n: string }>(`select count(*) as n from account.savings_account a where ${where}`, params);
  const rows = await tx.query<RawAccount>(`${ACCOUNT_SELECT} where ${where} and (?::bigint is null or a.id > ?::bigint) order by a.id limit ?`, [today, ...params, afterId, afterId, limit]);
  return { total: Number(count[0]!.n), items: rows.map(toAccountRow) };
}

/** Each client's accounts in scope, oldest first, one page per client, in one statement. */
export async function accountsOfClientsPaged(
  tx: Tx, today: string, scope: AccountScope, clientIds: readonly number[], page: { offset: number; limit: number },
): Promise<AccountRow[]> {
  const scoped = scopeConditions(scope);
  const rows = await tx.query<RawAccount>(
    `select * from (${ACCOUNT_SELECT.replace('select ', 'select row_number() over (partition by a.client_id order by a.id) as position_in_client, ')}
       where a.tenant_id = ? and a.client_id in (${clientIds.map(() => '?').join(', ')}) ${scoped.where.map((w) => `and ${w}`).join(' ')}) paged
     where position_in_client > ? and position_in_client <= ? order by id`,
    [today, tx.tenantId, ...clientIds, ...scoped.params, page.offset, page.offset + page.limit],
  );
  return rows.map(toAccountRow);
}

/** The client's accounts not yet closed, rejected or withdrawn. */
export async function openAccountCount(tx: Tx, clientId: number): Promise<number> {
  const rows = await tx.query<{ n: string }>(
    `select count(*) as n from account.savings_account where tenant_id = ? and client_id = ? and status in (?, ?, ?)`,
    [tx.tenantId, clientId, STATUS_SUBMITTED, STATUS_APPROVED, STATUS_ACTIVE],
  );
  return Number(rows[0]!.n);
}

/** The ids of the client's active accounts, in id order. */
export async function activeAccountIdsOfClient(tx: Tx, clientId: number): Promise<number[]> {
  const rows = await tx.query<{ id: string }>(`select id from account.savings_account where tenant_id = ? and client_id = ? and status = ? order by id`, [tx.tenantId, clientId, STATUS_ACTIVE]);
  return rows.map((r) => Number(r.id));
}

/** The sum of the client's account balances (exact text); the caller holds the client's lock when it decides on it. */
export async function clientBalanceTotal(tx: Tx, clientId: number): Promise<string> {
  const rows = await tx.query<{ total: string }>(`select coalesce(sum(account_balance), 0)::text as total from account.savings_account where tenant_id = ? and client_id = ?`, [tx.tenantId, clientId]);
  return rows[0]!.total;
}

/** A product's terms an account opens with. */
export interface ProductTerms {
  accountType: AccountType;
  currencyCode: string;
  digitsAfterDecimal: number;
  nominalAnnualInterestRate: string;
  allowOverdraft: boolean;
  overdraftLimit: string | null;
  minRequiredBalance: string | null;
  enforceMinRequiredBalance: boolean;
}

export async function productTerms(tx: Tx, productId: number): Promise<ProductTerms | null> {
  const rows = await tx.query<{
    account_type: AccountType; currency_code: string; digits_after_decimal: number; nominal_annual_interest_rate: string; allow_overdraft: boolean;
    overdraft_limit: string | null; min_required_balance: string | null; enforce_min_required_balance: boolean;
  }>(
    `select account_type, currency_code, digits_after_decimal, nominal_annual_interest_rate::text as nominal_annual_interest_rate, allow_overdraft,
       overdraft_limit::text as overdraft_limit, min_required_balance::text as min_required_balance, enforce_min_required_balance
     from account.savings_product where tenant_id = ? and id = ?`,
    [tx.tenantId, productId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    accountType: r.account_type, currencyCode: r.currency_code, digitsAfterDecimal: Number(r.digits_after_decimal), nominalAnnualInterestRate: r.nominal_annual_interest_rate,
    allowOverdraft: r.allow_overdraft, overdraftLimit: r.overdraft_limit, minRequiredBalance: r.min_required_balance, enforceMinRequiredBalance: r.enforce_min_required_balance,
  };
}

/** An application as it is opened (status submitted). */
export interface NewAccount {
  id: number;
  accountNo: string;
  externalId: string | null;
  clientId: number;
  officeId: number;
  productId: number;
  accountType: AccountType;
  currencyCode: string;
  digitsAfterDecimal: number;
  submittedOnDate: string;
  nominalAnnualInterestRate: string;
  allowOverdraft: boolean;
  overdraftLimit: string;
  minRequiredBalance: string | null;
  enforceMinRequiredBalance: boolean;
  actor: number | null;
}

/** Inserts the application; a duplicate external id fails on index savings_account_external_id. */
export async function insertAccount(tx: Tx, a: NewAccount): Promise<void> {
  await tx.query(
    `insert into account.savings_account (tenant_id, id, account_no, external_id, client_id, office_id, product_id, account_type, currency_code,
       digits_after_decimal, status, submitted_on_date, nominal_annual_interest_rate, allow_overdraft, overdraft_limit, min_required_balance,
       enforce_min_required_balance, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::date, ?::numeric, ?, ?::numeric, ?::numeric, ?, ?, ?)`,
    [
      tx.tenantId, a.id, a.accountNo, a.externalId, a.clientId, a.officeId, a.productId, a.accountType, a.currencyCode, a.digitsAfterDecimal, STATUS_SUBMITTED,
      a.submittedOnDate, a.nominalAnnualInterestRate, a.allowOverdraft, a.overdraftLimit, a.minRequiredBalance, a.enforceMinRequiredBalance, a.actor, a.actor,
    ],
  );
}

/** A submitted application moved to another product: the terms it opens with are the new product's. */
export async function changeApplicationProduct(tx: Tx, id: number, productId: number, terms: ProductTerms, actor: number): Promise<void> {
  await tx.query(
    `update account.savings_account set product_id = ?, account_type = ?, currency_code = ?, digits_after_decimal = ?, nominal_annual_interest_rate = ?::numeric,
       allow_overdraft = ?, overdraft_limit = ?::numeric, min_required_balance = ?::numeric, enforce_min_required_balance = ?, updated_at = now(), updated_by = ?
     where tenant_id = ? and id = ? and status = ?`,
    [
      productId, terms.accountType, terms.currencyCode, terms.digitsAfterDecimal, terms.nominalAnnualInterestRate, terms.allowOverdraft, terms.allowOverdraft ? (terms.overdraftLimit ?? '0') : '0',
      terms.minRequiredBalance, terms.enforceMinRequiredBalance, actor, tx.tenantId, id, STATUS_SUBMITTED,
    ],
  );
}

/** The lifecycle date a status change records (activation records its own, with approval's: activateAccount). */
export type StatusDateColumn = 'approved_on_date' | 'rejected_on_date' | 'withdrawn_on_date' | 'closed_on_date';

export async function setAccountStatus(tx: Tx, id: number, status: number, column: StatusDateColumn, date: string, actor: number): Promise<void> {
  await tx.query(`update account.savings_account set status = ?, ${column} = ?::date, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [status, date, actor, tx.tenantId, id]);
}

/** Activation; from submitted, approval happens in the same step (its date kept when it was approved before). */
export async function activateAccount(tx: Tx, id: number, date: string, actor: number): Promise<void> {
  await tx.query(
    `update account.savings_account set status = ?, approved_on_date = coalesce(approved_on_date, ?::date), activated_on_date = ?::date, updated_at = now(), updated_by = ?
     where tenant_id = ? and id = ?`,
    [STATUS_ACTIVE, date, date, actor, tx.tenantId, id],
  );
}

export type BlockColumn = 'blocked' | 'debit_blocked' | 'credit_blocked';

export async function setAccountBlock(tx: Tx, id: number, column: BlockColumn, value: boolean, actor: number): Promise<void> {
  await tx.query(`update account.savings_account set ${column} = ?, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [value, actor, tx.tenantId, id]);
}

/** The charges module's flags on an account (account.rows.ts CHARGE_*). */
export async function setChargeFlags(tx: Tx, accountId: number, flags: number): Promise<void> {
  await tx.query(`update account.savings_account set charge_flags = ? where tenant_id = ? and id = ?`, [flags, tx.tenantId, accountId]);
}

/** Sets and clears charge flags in one statement, whatever the others are. */
export async function changeChargeFlags(tx: Tx, accountId: number, set: number, clear: number): Promise<void> {
  await tx.query(`update account.savings_account set charge_flags = (charge_flags | ?::smallint) & ~?::smallint where tenant_id = ? and id = ?`, [set, clear, tx.tenantId, accountId]);
}
