import type { Tx } from '../../kernel/tx.js';
import { formatAmount } from '../../kernel/money.js';

/** A command held for a checker: what it is, the account whose available balance it holds, and its input. */
export interface NewHold {
  entityName: 'SAVINGSACCOUNT' | 'ACCOUNTTRANSFER';
  actionName: 'WITHDRAWAL' | 'CREATE';
  accountId: number;
  officeId: number;
  amount: string;
  command: unknown;
  makerId: number;
  /** Who issued the API key the maker acted through, when another user did (kernel/identity.ts sameEyes). */
  makerDelegatedBy: number | null;
  /** The business date: the hold lapses with it. */
  madeOn: string;
}

export interface MakerCheckerEntry {
  id: number;
  entityName: string;
  actionName: string;
  resourceId: number;
  officeId: number;
  makerId: number;
  makerDelegatedBy: number | null;
  madeOnDate: string;
  status: string;
  commandAsJson: string;
  amount: string;
  savingsAccountNo: string;
  checkerId: number | null;
  transactionId: number | null;
}

/** How an entry stops waiting: a checker's verdict, or its maker withdrawing it. */
export type EntryClosing = 'approved' | 'rejected' | 'deleted';

const SELECT = `select m.id, m.entity_name, m.action_name, m.account_id, m.office_id, m.maker_id, m.maker_delegated_by, to_char(m.made_on_date, 'YYYY-MM-DD') as made_on_date, m.status,
    m.command_json::text as command_json, m.amount::text as amount, a.account_no, m.checker_id, m.transaction_id
  from account.maker_checker m join account.savings_account a on a.tenant_id = m.tenant_id and a.id = m.account_id`;

interface RawEntry {
  id: string; entity_name: string; action_name: string; account_id: number; office_id: number; maker_id: number; maker_delegated_by: number | null; made_on_date: string; status: string;
  command_json: string; amount: string; account_no: string; checker_id: number | null; transaction_id: string | null;
}

const toEntry = (r: RawEntry): MakerCheckerEntry => ({
  id: Number(r.id), entityName: r.entity_name, actionName: r.action_name, resourceId: Number(r.account_id), officeId: Number(r.office_id), makerId: Number(r.maker_id), makerDelegatedBy: r.maker_delegated_by == null ? null : Number(r.maker_delegated_by),
  madeOnDate: r.made_on_date, status: r.status, commandAsJson: r.command_json, amount: formatAmount(r.amount), savingsAccountNo: r.account_no,
  checkerId: r.checker_id, transactionId: r.transaction_id == null ? null : Number(r.transaction_id),
});

/** Writes a pending maker-checker entry (the caller holds the account's row lock) and returns its id. */
export async function insertHold(tx: Tx, hold: NewHold): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `insert into account.maker_checker (tenant_id, entity_name, action_name, account_id, office_id, amount, command_json, maker_id, maker_delegated_by, made_on_date, status, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::date, 'awaiting.approval', ?, ?) returning id`,
    [tx.tenantId, hold.entityName, hold.actionName, hold.accountId, hold.officeId, hold.amount, JSON.stringify(hold.command), hold.makerId, hold.makerDelegatedBy, hold.madeOn, hold.makerId, hold.makerId],
  );
  return Number(rows[0]!.id);
}

/** Records the expiry of entries made before `today`: they already hold nothing (expiry is recorded lazily). */
export async function expireEntriesBefore(tx: Tx, today: string): Promise<void> {
  await tx.query(`update account.maker_checker set status = 'expired', updated_at = now() where tenant_id = ? and status = 'awaiting.approval' and made_on_date < ?::date`, [tx.tenantId, today]);
}

/** The first 200 pending entries, by id, of these offices (null: of every office). */
export async function pendingEntries(tx: Tx, officeIds: readonly number[] | null): Promise<MakerCheckerEntry[]> {
  const where = [`m.tenant_id = ?`, `m.status = 'awaiting.approval'`];
  if (officeIds) where.push(`m.office_id in (${officeIds.map(() => '?').join(', ')})`);
  const rows = await tx.query<RawEntry>(`${SELECT} where ${where.join(' and ')} order by m.id limit 200`, [tx.tenantId, ...(officeIds ?? [])]);
  return rows.map(toEntry);
}

export async function findEntry(tx: Tx, id: number): Promise<MakerCheckerEntry | null> {
  const rows = await tx.query<RawEntry>(`${SELECT} where m.tenant_id = ? and m.id = ?`, [tx.tenantId, id]);
  return rows[0] ? toEntry(rows[0]) : null;
}

/** Locks the entry's row until commit; false when there is no such entry. */
export async function lockEntry(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(`select id from account.maker_checker where tenant_id = ? and id = ? for update`, [tx.tenantId, id]);
  return rows.length > 0;
}

export async function closeEntry(tx: Tx, id: number, status: EntryClosing, checkerId: number): Promise<void> {
  await tx.query(
    `update account.maker_checker set status = ?, checker_id = ?, checked_at = now(), updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`,
    [status, checkerId, checkerId, tx.tenantId, id],
  );
}

/** The savings transaction an approved entry executed. */
export async function setEntryTransaction(tx: Tx, id: number, transactionId: number): Promise<void> {
  await tx.query(`update account.maker_checker set transaction_id = ? where tenant_id = ? and id = ?`, [transactionId, tx.tenantId, id]);
}
