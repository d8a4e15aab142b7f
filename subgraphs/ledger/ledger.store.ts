import type { Tx } from '../kernel/tx.js';
import { formatAmount } from '../kernel/money.js';
import { officeLockSql } from './posting-engine.js';
import { pgArray } from '../kernel/pg-array.js';

/*
 * The ledger's own statements outside the posting engine: closures' office lock, in-use checks, currency
 * seeding, payment details and the journal's read side. Every function runs in the caller's transaction.
 */

/**
 * The exclusive per-office lock of an accounting closure, to the end of the transaction: postings of the
 * office (which take it shared, see posting-engine.ts) finish first, and later ones see the closure.
 */
export async function lockOfficeForClosure(tx: Tx, officeId: number): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(${officeLockSql})`, [tx.tenantId, officeId]);
}

export async function currencyHasEntries(tx: Tx, code: string): Promise<boolean> {
  return (await tx.query(`select 1 from ledger.journal_entry where tenant_id = ? and currency_code = ? limit 1`, [tx.tenantId, code])).length > 0;
}

/** The tenant's base currency (the one its single-currency answers are in); null before it is seeded. */
export async function baseCurrencyCode(tx: Tx): Promise<string | null> {
  const rows = await tx.query<{ code: string }>(`select code from ledger.currency where tenant_id = ? and base limit 1`, [tx.tenantId]);
  return rows[0]?.code ?? null;
}

/**
 * The currencies these offices have journal lines in (all of them when `officeIds` is null). A currency
 * with lines cannot be removed, so ledger.currency lists every candidate; each is one index probe.
 */
export async function currenciesWithEntries(tx: Tx, officeIds: readonly number[] | null): Promise<string[]> {
  const rows = await tx.query<{ code: string }>(
    `select c.code from ledger.currency c
     where c.tenant_id = ? and exists (
       select 1 from ledger.journal_entry je
       where je.tenant_id = c.tenant_id and je.currency_code = c.code and (?::int[] is null or je.office_id = any(?::int[])))
     order by c.code`,
    [tx.tenantId, officeIds ? pgArray(officeIds) : null, officeIds ? pgArray(officeIds) : null],
  );
  return rows.map((r) => r.code);
}

export async function glAccountHasEntries(tx: Tx, glAccountId: number): Promise<boolean> {
  return (await tx.query(`select 1 from ledger.journal_entry where tenant_id = ? and gl_account_id = ? limit 1`, [tx.tenantId, glAccountId])).length > 0;
}

export interface CurrencyWrite {
  code: string;
  name: string;
  decimalPlaces: number;
  inMultiplesOf: number | null;
  displaySymbol: string | null;
  nameCode: string;
  base: boolean;
}

/** Enables a currency unless the tenant has it already (tenant seeding is idempotent). */
export async function insertCurrencyIfAbsent(tx: Tx, c: CurrencyWrite): Promise<void> {
  await tx.query(
    `insert into ledger.currency (tenant_id, code, name, decimal_places, in_multiples_of, display_symbol, name_code, base)
     values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (tenant_id, code) do nothing`,
    [tx.tenantId, c.code, c.name, c.decimalPlaces, c.inMultiplesOf, c.displaySymbol, c.nameCode, c.base],
  );
}

export interface PaymentDetail {
  paymentTypeId: number;
  accountNumber: string | null;
  checkNumber: string | null;
  routingCode: string | null;
  receiptNumber: string | null;
  bankNumber: string | null;
}

export async function insertPaymentDetail(tx: Tx, transactionId: string, detail: PaymentDetail, actor: number | null): Promise<void> {
  await tx.query(
    `insert into ledger.payment_detail (tenant_id, transaction_id, payment_type_id, account_number, check_number, routing_code, receipt_number, bank_number, created_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [tx.tenantId, transactionId, detail.paymentTypeId, detail.accountNumber, detail.checkNumber, detail.routingCode, detail.receiptNumber, detail.bankNumber, actor],
  );
}

/** Whether a journal transaction is manual, and its office; null when it does not exist. */
export async function journalTransactionHead(tx: Tx, transactionId: string): Promise<{ manual: boolean; officeId: number } | null> {
  const rows = await tx.query<{ manual_entry: boolean; office_id: number }>(
    `select manual_entry, office_id from ledger.journal_entry where tenant_id = ? and transaction_id = ? limit 1`,
    [tx.tenantId, transactionId],
  );
  return rows[0] ? { manual: rows[0].manual_entry, officeId: Number(rows[0].office_id) } : null;
}

export interface JournalEntryRow {
  id: number;
  officeId: number;
  glAccountId: number;
  glAccountCode: string;
  glAccountName: string;
  glAccountType: number;
  transactionDate: string;
  entryType: number;
  amount: string;
  currencyCode: string;
  transactionId: string;
  manualEntry: boolean;
  reversed: boolean;
  reversalTransactionId: string | null;
  reversalOf: string | null;
  entityType: string | null;
  entityId: number | null;
  referenceNumber: string | null;
  comments: string | null;
  createdBy: number | null;
  createdAt: Date;
  paymentDetail: PaymentDetail | null;
  officeRunningBalance?: string | null;
  organizationRunningBalance?: string | null;
}

/** Which journal lines a page covers; null or false leaves a filter out. */
export interface JournalQuery {
  officeId: number | null;
  glAccountId: number | null;
  manualEntriesOnly: boolean;
  fromDate: string | null;
  toDate: string | null;
  transactionId: string | null;
  entityType: string | null;
  entityId: number | null;
  /** Only credit lines (ENTRY_CREDIT) or only debit lines (ENTRY_DEBIT). */
  entryType: number | null;
  /** The offices the caller sees (null: all). */
  officeIds: readonly number[] | null;
}

/** The columns a page may be ordered by, with their SQL. */
export const JOURNAL_ORDER_COLUMNS = {
  id: 'je.id', transactionDate: 'je.transaction_date', transactionId: 'je.transaction_id', amount: 'je.amount', glAccountId: 'je.gl_account_id', officeId: 'je.office_id',
} as const;

const SELECT = `select je.id, je.office_id, je.gl_account_id, ga.gl_code, ga.name as gl_name, ga.type as gl_type,
    to_char(je.transaction_date, 'YYYY-MM-DD') as transaction_date, je.entry_type, je.amount::text as amount, je.currency_code,
    je.transaction_id, je.manual_entry, je.reversed, je.reversal_transaction_id, je.reversal_of, je.entity_type, je.entity_id,
    je.reference_number, je.comments, je.created_by, je.created_at,
    pd.payment_type_id, pd.account_number, pd.check_number, pd.routing_code, pd.receipt_number, pd.bank_number
  from ledger.journal_entry je
  join ledger.gl_account ga on ga.tenant_id = je.tenant_id and ga.id = je.gl_account_id
  left join ledger.payment_detail pd on pd.tenant_id = je.tenant_id and pd.transaction_id = je.transaction_id`;

/**
 * The conditions of the filters given, values as parameters: the journal is the largest table, so each
 * combination gets its own text (and plan) rather than one text of `? is null or ...` for all.
 */
function filterOf(tx: Tx, q: JournalQuery): { where: string; params: unknown[] } {
  const where = ['je.tenant_id = ?'];
  const params: unknown[] = [tx.tenantId];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (q.officeId !== null) add('je.office_id = ?', q.officeId);
  if (q.glAccountId !== null) add('je.gl_account_id = ?', q.glAccountId);
  if (q.manualEntriesOnly) where.push('je.manual_entry');
  if (q.fromDate !== null) add('je.transaction_date >= ?::date', q.fromDate);
  if (q.toDate !== null) add('je.transaction_date <= ?::date', q.toDate);
  if (q.transactionId !== null) add('je.transaction_id = ?', q.transactionId);
  if (q.entityType !== null) add('je.entity_type = ?', q.entityType);
  if (q.entityId !== null) add('je.entity_id = ?', q.entityId);
  if (q.entryType !== null) add('je.entry_type = ?', q.entryType);
  if (q.officeIds !== null) add('je.office_id = any(?::int[])', pgArray(q.officeIds));
  return { where: where.join(' and '), params };
}

export async function journalCount(tx: Tx, q: JournalQuery): Promise<number> {
  const { where, params } = filterOf(tx, q);
  const rows = await tx.query<{ n: string }>(`select count(*) as n from ledger.journal_entry je where ${where}`, params);
  return Number(rows[0]!.n);
}

/** A page of journal lines ordered by `column` (the id breaks ties, so pages never overlap). */
export async function journalPage(
  tx: Tx, q: JournalQuery, column: keyof typeof JOURNAL_ORDER_COLUMNS, direction: 'asc' | 'desc', limit: number, offset: number,
): Promise<JournalEntryRow[]> {
  const order = `${JOURNAL_ORDER_COLUMNS[column]} ${direction}, je.id ${direction}`;
  const { where, params } = filterOf(tx, q);
  const rows = await tx.query<RawRow>(`${SELECT} where ${where} order by ${order} limit ? offset ?`, [...params, limit, offset]);
  return rows.map(toRow);
}

/**
 * A keyset page of journal lines, newest first by id (a connection): `limit` lines with ids below
 * `beforeId` (from the newest when null), read from the primary key's order rather than skipping rows.
 */
export async function journalKeysetPage(tx: Tx, q: JournalQuery, beforeId: string | null, limit: number): Promise<JournalEntryRow[]> {
  const { where, params } = filterOf(tx, q);
  const keyset = beforeId === null ? '' : ' and je.id < ?::bigint';
  const rows = await tx.query<RawRow>(`${SELECT} where ${where}${keyset} order by je.id desc limit ?`, [...params, ...(beforeId === null ? [] : [beforeId]), limit]);
  return rows.map(toRow);
}

export async function journalLine(tx: Tx, id: number): Promise<JournalEntryRow | null> {
  const rows = await tx.query<RawRow>(`${SELECT} where je.tenant_id = ? and je.id = ?`, [tx.tenantId, id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function journalTransaction(tx: Tx, transactionId: string): Promise<JournalEntryRow[]> {
  return (await tx.query<RawRow>(`${SELECT} where je.tenant_id = ? and je.transaction_id = ? order by je.id`, [tx.tenantId, transactionId])).map(toRow);
}

interface RawRow {
  id: string;
  office_id: number;
  gl_account_id: number;
  gl_code: string;
  gl_name: string;
  gl_type: number;
  transaction_date: string;
  entry_type: number;
  amount: string;
  currency_code: string;
  transaction_id: string;
  manual_entry: boolean;
  reversed: boolean;
  reversal_transaction_id: string | null;
  reversal_of: string | null;
  entity_type: string | null;
  entity_id: string | null;
  reference_number: string | null;
  comments: string | null;
  created_by: number | null;
  created_at: Date;
  payment_type_id: number | null;
  account_number: string | null;
  check_number: string | null;
  routing_code: string | null;
  receipt_number: string | null;
  bank_number: string | null;
}

function toRow(r: RawRow): JournalEntryRow {
  return {
    id: Number(r.id),
    officeId: r.office_id,
    glAccountId: r.gl_account_id,
    glAccountCode: r.gl_code,
    glAccountName: r.gl_name,
    glAccountType: Number(r.gl_type),
    transactionDate: r.transaction_date,
    entryType: Number(r.entry_type),
    amount: formatAmount(r.amount),
    currencyCode: r.currency_code,
    transactionId: r.transaction_id,
    manualEntry: r.manual_entry,
    reversed: r.reversed,
    reversalTransactionId: r.reversal_transaction_id,
    reversalOf: r.reversal_of,
    entityType: r.entity_type,
    entityId: r.entity_id == null ? null : Number(r.entity_id),
    referenceNumber: r.reference_number,
    comments: r.comments,
    createdBy: r.created_by,
    createdAt: r.created_at,
    paymentDetail:
      r.payment_type_id == null
        ? null
        : { paymentTypeId: r.payment_type_id, accountNumber: r.account_number, checkNumber: r.check_number, routingCode: r.routing_code, receiptNumber: r.receipt_number, bankNumber: r.bank_number },
  };
}

/** Which journal lines the report totals cover; null leaves a filter out. */
export interface TotalsFilter {
  /** The offices whose lines count (null: all). */
  officeIds: readonly number[] | null;
  startDate: string | null;
  endDate: string | null;
  currencyCode: string | null;
}

export interface AccountTotalRow {
  id: number;
  gl_code: string;
  name: string;
  type: number;
  debits: string;
  credits: string;
}

/**
 * Debit and credit totals per GL account over the filtered lines, by GL code. The lines are summed per account
 * first and the few sums joined to their accounts after: joining each line to its account (and grouping by the
 * account's columns) cost about half the report's time. The sums are materialized, so they are computed once:
 * under row-level security the planner expects one account row, and would otherwise put the sums inside a
 * nested loop, computed again for every account.
 */
export async function accountTotals(tx: Tx, filter: TotalsFilter): Promise<AccountTotalRow[]> {
  const where = ['je.tenant_id = ?'];
  const params: unknown[] = [tx.tenantId];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (filter.officeIds) add('je.office_id = any(?::int[])', pgArray(filter.officeIds));
  if (filter.startDate) add('je.transaction_date >= ?::date', filter.startDate);
  if (filter.endDate) add('je.transaction_date <= ?::date', filter.endDate);
  if (filter.currencyCode) add('je.currency_code = ?', filter.currencyCode);
  return tx.query<AccountTotalRow>(
    `with t as materialized (
       select je.gl_account_id,
         coalesce(sum(je.amount) filter (where je.entry_type = 2), 0) as debits,
         coalesce(sum(je.amount) filter (where je.entry_type = 1), 0) as credits
       from ledger.journal_entry je
       where ${where.join(' and ')}
       group by je.gl_account_id)
     select ga.id, ga.gl_code, ga.name, ga.type, t.debits::text as debits, t.credits::text as credits
     from t join ledger.gl_account ga on ga.tenant_id = ? and ga.id = t.gl_account_id
     order by ga.gl_code`,
    [...params, tx.tenantId],
  );
}
