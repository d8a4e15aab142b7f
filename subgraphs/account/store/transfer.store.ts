import type { Statement, Tx } from '../../kernel/tx.js';
import { formatAmount } from '../../kernel/money.js';
import type { AccountClient } from '../account.ports.js';
import type { AccountRow } from '../account.rows.js';
import { ACCOUNT_COLUMNS, ACCOUNT_FROM, CLIENT_COLUMNS, toAccountRow, toClient, type RawAccount, type RawClient } from './account-read.store.js';
import { HOLDER_FOR_CREDIT, lockAccountRows } from './locks.js';

export interface TransferRow {
  id: number;
  fromOfficeId: number;
  fromClientId: number;
  fromAccountId: number;
  fromAccountNo: string;
  toOfficeId: number;
  toClientId: number;
  toAccountId: number;
  toAccountNo: string;
  amount: string;
  currencyCode: string;
  transferDate: string;
  description: string | null;
  fromTransactionId: number;
  toTransactionId: number;
}

const SELECT = `select t.id, f.office_id as from_office_id, f.client_id as from_client_id, t.from_account_id, f.account_no as from_account_no,
    d.office_id as to_office_id, d.client_id as to_client_id, t.to_account_id, d.account_no as to_account_no, t.amount::text as amount, t.currency_code,
    to_char(t.transfer_date, 'YYYY-MM-DD') as transfer_date, t.description, t.from_transaction_id, t.to_transaction_id
  from account.account_transfer t
  join account.savings_account f on f.tenant_id = t.tenant_id and f.id = t.from_account_id
  join account.savings_account d on d.tenant_id = t.tenant_id and d.id = t.to_account_id`;

interface RawTransfer {
  id: string; from_office_id: number; from_client_id: number; from_account_id: number; from_account_no: string; to_office_id: number; to_client_id: number;
  to_account_id: number; to_account_no: string; amount: string; currency_code: string; transfer_date: string; description: string | null;
  from_transaction_id: string; to_transaction_id: string;
}

const toRow = (r: RawTransfer): TransferRow => ({
  id: Number(r.id), fromOfficeId: Number(r.from_office_id), fromClientId: Number(r.from_client_id), fromAccountId: Number(r.from_account_id), fromAccountNo: r.from_account_no,
  toOfficeId: Number(r.to_office_id), toClientId: Number(r.to_client_id), toAccountId: Number(r.to_account_id), toAccountNo: r.to_account_no,
  amount: formatAmount(r.amount), currencyCode: r.currency_code, transferDate: r.transfer_date, description: r.description,
  fromTransactionId: Number(r.from_transaction_id), toTransactionId: Number(r.to_transaction_id),
});

/**
 * A transfer's first statement: locks the receiving account's client (HOLDER_FOR_CREDIT, for its KYC cap)
 * and draws the transfer's id. Null when there is no such account.
 */
export async function lockReceiver(tx: Tx, toAccountId: number): Promise<{ client: AccountClient; creditLocked: boolean | null; transferId: number } | null> {
  const locked = await tx.query<RawClient & { transfer_id: string }>(
    `with c as (${HOLDER_FOR_CREDIT}) select ${CLIENT_COLUMNS}, c.credit_locked, nextval('account.account_transfer_seq') as transfer_id from c`,
    [tx.tenantId, tx.tenantId, toAccountId],
  );
  const row = locked[0];
  return row ? { client: toClient(row), creditLocked: row.credit_locked ?? null, transferId: Number(row.transfer_id) } : null;
}

/** A side of a transfer as its second statement reads it: the (locked) account, its client and its leg's transaction id. */
export interface TransferSide {
  account: AccountRow;
  client: AccountClient;
  transactionId: number;
}

/**
 * Locks both accounts in id order (the lock sent ahead of the read, lockAccountRows), then reads them with
 * their clients and draws a transaction id for each; an account that does not exist is absent.
 */
export async function lockTransferSides(tx: Tx, today: string, fromId: number, toId: number): Promise<TransferSide[]> {
  const rows = await tx.query<RawAccount & RawClient & { next_id: string }>(
    `select ${ACCOUNT_COLUMNS}, ${CLIENT_COLUMNS}, nextval('account.savings_transaction_seq') as next_id
       ${ACCOUNT_FROM} join customer.account_holder c on c.tenant_id = a.tenant_id and c.id = a.client_id
       where a.tenant_id = ? and a.id in (?, ?)`,
    [today, tx.tenantId, fromId, toId],
    [lockAccountRows(tx.tenantId, [fromId, toId])],
  );
  return rows.map((row) => ({ account: toAccountRow(row), client: toClient(row), transactionId: Number(row.next_id) }));
}

/** The transfer's row, as a statement for its debit leg's statement to run (writeLeg's `also`). */
export function transferInsert(tx: Tx, t: Omit<TransferRow, 'fromOfficeId' | 'fromClientId' | 'fromAccountNo' | 'toOfficeId' | 'toClientId' | 'toAccountNo'>, actor: number): Statement {
  return {
    sql: `insert into account.account_transfer (tenant_id, id, from_account_id, to_account_id, amount, currency_code, transfer_date, description, from_transaction_id, to_transaction_id, created_by, updated_by)
          values (?, ?, ?, ?, ?::numeric, ?, ?::date, ?, ?, ?, ?, ?)`,
    params: [tx.tenantId, t.id, t.fromAccountId, t.toAccountId, t.amount, t.currencyCode, t.transferDate, t.description, t.fromTransactionId, t.toTransactionId, actor, actor],
  };
}

/** One page of transfers, newest first, touching these offices (null: any) and, when given, this account; and how many match. */
export async function listTransfers(
  tx: Tx, filter: { officeIds: readonly number[] | null; accountId: number | null }, page: { offset: number; limit: number },
): Promise<{ total: number; items: TransferRow[] }> {
  const where = ['t.tenant_id = ?'];
  const params: unknown[] = [tx.tenantId];
  if (filter.officeIds) {
    const list = filter.officeIds.map(() => '?').join(', ');
    where.push(`(f.office_id in (${list}) or d.office_id in (${list}))`);
    params.push(...filter.officeIds, ...filter.officeIds);
  }
  if (filter.accountId != null) {
    where.push('(t.from_account_id = ? or t.to_account_id = ?)');
    params.push(filter.accountId, filter.accountId);
  }
  const from = SELECT.slice(SELECT.indexOf('from account.account_transfer'));
  const count = await tx.query<{ n: string }>(`select count(*) as n ${from} where ${where.join(' and ')}`, params);
  const rows = await tx.query<RawTransfer>(`${SELECT} where ${where.join(' and ')} order by t.id desc limit ? offset ?`, [...params, page.limit, page.offset]);
  return { total: Number(count[0]!.n), items: rows.map(toRow) };
}

export async function findTransfer(tx: Tx, id: number): Promise<TransferRow | null> {
  const rows = await tx.query<RawTransfer>(`${SELECT} where t.tenant_id = ? and t.id = ?`, [tx.tenantId, id]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** An id from the account transfers' sequence. */
export async function nextTransferId(tx: Tx): Promise<number> {
  return Number((await tx.query<{ id: string }>(`select nextval('account.account_transfer_seq') as id`, []))[0]!.id);
}
