import { Money, formatAmount } from '../../kernel/money.js';
import type { CteFragment } from '../../kernel/cte.js';
import { outboxInsert, type DomainEvent } from '../../kernel/outbox.js';
import type { Statement, Tx } from '../../kernel/tx.js';
import type { AccountClient } from '../account.ports.js';
import { STATUS_ACTIVE, TXN_DEPOSIT, TXN_WITHDRAWAL, type AccountRow } from '../account.rows.js';
import { ACCOUNT_COLUMNS, ACCOUNT_FROM, CLIENT_COLUMNS, toAccountRow, toClient, type RawAccount, type RawClient } from './account-read.store.js';
import { BALANCE_COLUMN_MAX } from '../domain/balance-rules.js';
import { HOLDER_FOR_CREDIT, lockAccountRows } from './locks.js';
import { scopeConditions, type AccountScope } from './savings-account.store.js';

/*
 * account.savings_transaction and the balance columns a movement moves. The statements of the money path
 * (readForMovement, insertLeg) are counted by test/account/money.test.ts: a change here that adds a
 * statement or a round trip shows there.
 */

/** The details a deposit or withdrawal may carry (cheque, bank, receipt), as the API names them. */
export const DETAIL_KEYS = ['accountNumber', 'checkNumber', 'routingCode', 'receiptNumber', 'bankNumber'] as const;

export interface TransactionRow {
  id: number;
  accountId: number;
  accountNo: string;
  transactionType: number;
  credit: boolean;
  amount: string;
  runningBalance: string;
  date: string;
  submittedOnDate: string;
  reversed: boolean;
  paymentTypeId: number | null;
  paymentTypeName: string | null;
  accountNumber: string | null;
  checkNumber: string | null;
  routingCode: string | null;
  receiptNumber: string | null;
  bankNumber: string | null;
  note: string | null;
  transferId: number | null;
  currencyCode: string;
}

/** One side of a money movement on one (already locked) account. */
export interface Leg {
  /** A pre-allocated transaction id (its journal was posted first); the sequence's next value otherwise. */
  id?: number;
  account: AccountRow;
  credit: boolean;
  amount: string;
  date: string;
  type: number;
  paymentTypeId: number | null;
  isCash: boolean;
  details: Partial<Record<(typeof DETAIL_KEYS)[number], string | null>>;
  note: string | null;
  transferId?: number | null;
  loanId?: number | null;
  loanTransactionId?: number | null;
  actor: number | null;
}

const TXN_SELECT = `select t.id, t.account_id, a.account_no, t.transaction_type, t.credit, t.amount::text as amount, t.running_balance::text as running_balance,
    to_char(t.transaction_date, 'YYYY-MM-DD') as transaction_date, to_char(t.submitted_on_date, 'YYYY-MM-DD') as submitted_on_date, t.reversed,
    t.payment_type_id, t.account_number, t.check_number, t.routing_code, t.receipt_number, t.bank_number, t.note, t.transfer_id, a.currency_code,
    t.position::text as position
  from account.savings_transaction t join account.savings_account a on a.tenant_id = t.tenant_id and a.id = t.account_id`;

interface RawTxn {
  id: string;
  /** The order of postings on the account, for keyset pages (all()). */
  position: string;
  account_id: number;
  account_no: string;
  transaction_type: number;
  credit: boolean;
  amount: string;
  running_balance: string;
  transaction_date: string;
  submitted_on_date: string;
  reversed: boolean;
  payment_type_id: number | null;
  account_number: string | null;
  check_number: string | null;
  routing_code: string | null;
  receipt_number: string | null;
  bank_number: string | null;
  note: string | null;
  transfer_id: string | null;
  currency_code: string;
}

const toTxn = (r: RawTxn): TransactionRow => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  accountNo: r.account_no,
  transactionType: Number(r.transaction_type),
  credit: r.credit,
  amount: formatAmount(r.amount),
  runningBalance: formatAmount(r.running_balance),
  date: r.transaction_date,
  submittedOnDate: r.submitted_on_date,
  reversed: r.reversed,
  paymentTypeId: r.payment_type_id,
  paymentTypeName: null,
  accountNumber: r.account_number,
  checkNumber: r.check_number,
  routingCode: r.routing_code,
  receiptNumber: r.receipt_number,
  bankNumber: r.bank_number,
  note: r.note,
  transferId: r.transfer_id == null ? null : Number(r.transfer_id),
  currencyCode: r.currency_code,
});

/**
 * A movement's first statement. For a credit, it locks the account's client (HOLDER_FOR_CREDIT) and reads
 * the account, whose row the statement that moves the balance locks; for a debit, the account's row lock is
 * sent ahead of the read (lockAccountRows says why it is not part of it). Either way it draws the
 * movement's transaction id. Null when there is no such account. For a credit, `c` is the account's holder
 * by construction, so the account is joined to it by no client column: it is found by its primary key
 * whatever the planner's statistics say, never through the client's index and every other account of that client.
 */
export async function readForMovement(
  tx: Tx, accountId: number, today: string, credit: boolean,
): Promise<{ account: AccountRow; client: AccountClient; creditLocked: boolean | null; transactionId: number } | null> {
  const rows = await tx.query<RawAccount & RawClient & { next_id: string }>(
    credit
      ? `with c as (${HOLDER_FOR_CREDIT}) select ${ACCOUNT_COLUMNS}, ${CLIENT_COLUMNS}, c.credit_locked, nextval('account.savings_transaction_seq') as next_id
           ${ACCOUNT_FROM} cross join c where a.tenant_id = ? and a.id = ?`
      : `select ${ACCOUNT_COLUMNS}, ${CLIENT_COLUMNS}, nextval('account.savings_transaction_seq') as next_id
           ${ACCOUNT_FROM} join customer.account_holder c on c.tenant_id = a.tenant_id and c.id = a.client_id where a.tenant_id = ? and a.id = ?`,
    [...(credit ? [tx.tenantId, tx.tenantId, accountId] : []), today, tx.tenantId, accountId],
    credit ? [] : [lockAccountRows(tx.tenantId, [accountId])],
  );
  const row = rows[0];
  if (!row) return null;
  return { account: toAccountRow(row), client: toClient(row), creditLocked: row.credit_locked ?? null, transactionId: Number(row.next_id) };
}

/** What insertLeg wrote: the transaction's id and the account's figures after it. */
export interface WrittenLeg {
  id: number;
  runningBalance: string;
  totalDeposits: string;
  totalWithdrawals: string;
  /** Whether the till took the cash record (`cash`). */
  cashRecorded: boolean;
}

/**
 * One statement: moves the account's balance and totals and inserts the transaction, with `event` its
 * outbox row, with `also` one more write of the movement (a transfer's row), with `cash` the till's record
 * (gated on the CTE LEG_CTE names). The update moves nothing, and null is returned, when the balance or a
 * total would pass the columns' bounds; when `kycCap` is given, when the client's balances would pass it
 * after the credit; when `unlocked` (the account was read, not locked), when the account is no longer
 * usable for the movement's direction. With `unlocked` the event's running balance is the moved row's.
 */
export async function insertLeg(
  tx: Tx, leg: Leg, options: { event?: DomainEvent; kycCap?: string | null; also?: Statement; unlocked?: boolean; cash?: CteFragment } = {},
): Promise<WrittenLeg | null> {
  const signed = leg.credit ? leg.amount : new Money(leg.amount).negated().toFixed();
  const cap = options.kycCap ?? null;
  // The event's running balance, when the row was not locked before, is the moved row's (an exact number).
  const event = options.event
    ? outboxInsert(tx, options.event, { from: 'txn', computed: options.unlocked ? [{ path: ['data', 'runningBalance'], sql: 'to_jsonb(trim_scale(txn.running_balance))' }] : [] })
    : null;
  const usable = options.unlocked ? ` and status = ${STATUS_ACTIVE} and not blocked and not ${leg.credit ? 'credit_blocked' : 'debit_blocked'}` : '';
  const rows = await tx.query<{ id: string; running_balance: string; total_deposits: string; total_withdrawals: string; cash_recorded: number }>(
    `with moved as (
         update account.savings_account set account_balance = account_balance + ?::numeric,
           total_deposits = total_deposits + ?::numeric, total_withdrawals = total_withdrawals + ?::numeric, updated_at = now(), updated_by = ?,
           dormancy_status = case when ?::boolean then 0 else dormancy_status end
         where tenant_id = ? and id = ?${usable}
           and greatest(abs(account_balance + ?::numeric), total_deposits + ?::numeric, total_withdrawals + ?::numeric) <= ?::numeric${cap != null ? ` and (select coalesce(sum(s.account_balance), 0) from account.savings_account s where s.tenant_id = ? and s.client_id = ?) + ?::numeric <= ?::numeric` : ''}
         returning account_balance, total_deposits, total_withdrawals),
       txn as (
         insert into account.savings_transaction (tenant_id, id, account_id, transaction_type, credit, amount, running_balance, transaction_date, submitted_on_date,
           payment_type_id, is_cash, account_number, check_number, routing_code, receipt_number, bank_number, note, transfer_id, loan_id, loan_transaction_id, created_by, updated_by)
         select ?, coalesce(?::bigint, nextval('account.savings_transaction_seq')), ?, ?, ?, ?::numeric, moved.account_balance, ?::date, ?::date, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? from moved
         returning id, running_balance)${event ? `,
       ev as (${event.sql})` : ''}${options.also ? `,
       also as (${options.also.sql})` : ''}${options.cash ? `,
       ${options.cash.sql}` : ''}
       select txn.id, txn.running_balance::text as running_balance, moved.total_deposits::text as total_deposits, moved.total_withdrawals::text as total_withdrawals,
         ${options.cash ? `(select count(*) from ${options.cash.result})` : '0'}::int as cash_recorded
       from txn, moved`,
    [
      // A customer's deposit or withdrawal reactivates an inactive or dormant account (close of business classifies it again).
      signed, leg.credit ? leg.amount : '0', leg.credit ? '0' : leg.amount, leg.actor, leg.type === TXN_DEPOSIT || leg.type === TXN_WITHDRAWAL, tx.tenantId, leg.account.id,
      signed, leg.credit ? leg.amount : '0', leg.credit ? '0' : leg.amount, BALANCE_COLUMN_MAX,
      ...(cap != null ? [tx.tenantId, leg.account.clientId, leg.amount, cap] : []),
      tx.tenantId, leg.id ?? null, leg.account.id, leg.type, leg.credit, leg.amount, leg.date, leg.date, leg.paymentTypeId, leg.isCash,
      ...DETAIL_KEYS.map((k) => leg.details[k] ?? null), leg.note, leg.transferId ?? null, leg.loanId ?? null, leg.loanTransactionId ?? null, leg.actor, leg.actor,
      ...(event?.params ?? []), ...(options.also?.params ?? []), ...(options.cash?.params ?? []),
    ],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id), runningBalance: formatAmount(row.running_balance),
    totalDeposits: formatAmount(row.total_deposits), totalWithdrawals: formatAmount(row.total_withdrawals), cashRecorded: Number(row.cash_recorded) > 0,
  };
}

/**
 * Takes a transaction back out of its (locked) account by `delta`: the balance and totals, the
 * transaction marked reversed on `today`, and every later running balance.
 */
export async function reverseTransaction(tx: Tx, account: AccountRow, txn: TransactionRow, delta: string, actor: number | null, today: string): Promise<void> {
  await tx.query(
    `update account.savings_account set account_balance = account_balance + ?::numeric, total_deposits = total_deposits - ?::numeric,
         total_withdrawals = total_withdrawals - ?::numeric, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`,
    [delta, txn.credit ? txn.amount : '0', txn.credit ? '0' : txn.amount, actor, tx.tenantId, account.id],
  );
  await tx.query(`update account.savings_transaction set reversed = true, reversed_on_date = ?::date, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [today, actor, tx.tenantId, txn.id]);
  await tx.query(
    `update account.savings_transaction set running_balance = running_balance + ?::numeric
       where tenant_id = ? and account_id = ? and position > (select position from account.savings_transaction where tenant_id = ? and id = ?)`,
    [delta, tx.tenantId, account.id, tx.tenantId, txn.id],
  );
}

/** One transaction of the tenant (null: none such). */
export async function transactionById(tx: Tx, id: number): Promise<TransactionRow | null> {
  const rows = await tx.query<RawTxn>(`${TXN_SELECT} where t.tenant_id = ? and t.id = ?`, [tx.tenantId, id]);
  return rows[0] ? toTxn(rows[0]) : null;
}

/** One transaction of the account (null: none such). */
export async function accountTransaction(tx: Tx, accountId: number, id: number): Promise<TransactionRow | null> {
  const rows = await tx.query<RawTxn>(`${TXN_SELECT} where t.tenant_id = ? and t.account_id = ? and t.id = ?`, [tx.tenantId, accountId, id]);
  return rows[0] ? toTxn(rows[0]) : null;
}

/**
 * One transaction of the account with what decides whether and how it is undone: cash, a loan's leg, an
 * inter-bank leg. Inter-bank legs (an outbound transfer's settled debit, an inbound credit) are the only
 * deposits and withdrawals written without a payment type, a transfer or a loan (account-for-payments.ts);
 * every teller or staff deposit and withdrawal names its payment type.
 */
export async function transactionToUndo(tx: Tx, accountId: number, id: number): Promise<{ txn: TransactionRow; isCash: boolean; loanId: number | null; interbank: boolean } | null> {
  const rows = await tx.query<RawTxn & { is_cash: boolean; loan_id: string | null; interbank: boolean }>(
    `${TXN_SELECT.replace(
      't.transfer_id,',
      `t.transfer_id, t.is_cash, t.loan_id,
       (t.payment_type_id is null and t.transfer_id is null and t.loan_id is null and t.transaction_type in (${TXN_DEPOSIT}, ${TXN_WITHDRAWAL})) as interbank,`,
    )} where t.tenant_id = ? and t.account_id = ? and t.id = ?`,
    [tx.tenantId, accountId, id],
  );
  const raw = rows[0];
  return raw ? { txn: toTxn(raw), isCash: raw.is_cash, loanId: raw.loan_id == null ? null : Number(raw.loan_id), interbank: raw.interbank } : null;
}

/** The account of a loan's leg (a disbursement into savings, a repayment from it); null when there is no such leg. */
export async function loanLegAccountId(tx: Tx, id: number): Promise<number | null> {
  const found = await tx.query<{ account_id: string }>(`select account_id from account.savings_transaction where tenant_id = ? and id = ? and loan_id is not null`, [tx.tenantId, id]);
  return found[0] ? Number(found[0].account_id) : null;
}

/** One page of the account's transactions, newest first, and how many it has; `transactionType` keeps only that type. */
export async function transactionPage(tx: Tx, accountId: number, offset: number, limit: number, transactionType: number | null = null): Promise<{ total: number; items: TransactionRow[] }> {
  const count = await tx.query<{ n: string }>(
    `select count(*) as n from account.savings_transaction where tenant_id = ? and account_id = ? and (?::int is null or transaction_type = ?::int)`,
    [tx.tenantId, accountId, transactionType, transactionType],
  );
  const rows = await tx.query<RawTxn>(
    `${TXN_SELECT} where t.tenant_id = ? and t.account_id = ? and (?::int is null or t.transaction_type = ?::int) order by t.position desc limit ? offset ?`,
    [tx.tenantId, accountId, transactionType, transactionType, limit, offset],
  );
  return { total: Number(count[0]!.n), items: rows.map(toTxn) };
}

/** A transaction with its place in the account's order (the keyset of a connection's cursor). */
export type PositionedTransaction = TransactionRow & { position: string };

/**
 * A keyset page of the account's transactions, newest first (a connection): `limit` transactions before
 * position `beforePosition` (from the newest when null), read from the position index rather than skipping
 * rows; and how many the account has with this type filter.
 */
export async function transactionKeysetPage(tx: Tx, accountId: number, beforePosition: string | null, limit: number, transactionType: number | null): Promise<{ total: number; items: PositionedTransaction[] }> {
  const count = await tx.query<{ n: string }>(
    `select count(*) as n from account.savings_transaction where tenant_id = ? and account_id = ? and (?::int is null or transaction_type = ?::int)`,
    [tx.tenantId, accountId, transactionType, transactionType],
  );
  const rows = await tx.query<RawTxn>(
    `${TXN_SELECT} where t.tenant_id = ? and t.account_id = ? and (?::int is null or t.transaction_type = ?::int) and (?::bigint is null or t.position < ?::bigint) order by t.position desc limit ?`,
    [tx.tenantId, accountId, transactionType, transactionType, beforePosition, beforePosition, limit],
  );
  return { total: Number(count[0]!.n), items: rows.map((r) => ({ ...toTxn(r), position: r.position })) };
}

/**
 * A page of each account's transactions, newest first, in one statement for all of them: each account's
 * page comes from its own index range, never a scan of the rest. Accounts outside `scope` get none.
 */
export async function transactionPagesOfAccounts(tx: Tx, accountIds: readonly number[], scope: AccountScope, page: { limit: number; offset: number }): Promise<TransactionRow[]> {
  const scoped = scopeConditions(scope);
  const { limit, offset } = page;
  const rows = await tx.query<RawTxn>(
    `${TXN_SELECT} where t.tenant_id = ? and t.id in (
           select l.id from account.savings_account a
           cross join lateral (select s.id from account.savings_transaction s where s.tenant_id = a.tenant_id and s.account_id = a.id order by s.position desc limit ? offset ?) l
           where a.tenant_id = ? and a.id in (${accountIds.map(() => '?').join(', ')}) ${scoped.where.map((w) => `and ${w}`).join(' ')})
         order by t.account_id, t.position desc`,
    [tx.tenantId, limit, offset, tx.tenantId, ...accountIds, ...scoped.params],
  );
  return rows.map(toTxn);
}

/**
 * A page of the transactions of several accounts together, newest day first (a customer's "recent
 * transactions" across their accounts), with how many there are in all.
 */
export async function transactionPageOfAccounts(tx: Tx, accountIds: readonly number[], offset: number, limit: number): Promise<{ total: number; items: TransactionRow[] }> {
  if (accountIds.length === 0) return { total: 0, items: [] };
  const ids = `{${accountIds.map(Number).join(',')}}`;
  const count = await tx.query<{ n: string }>(`select count(*) as n from account.savings_transaction where tenant_id = ? and account_id = any(?::int[])`, [tx.tenantId, ids]);
  const rows = await tx.query<RawTxn>(
    `${TXN_SELECT} where t.tenant_id = ? and t.account_id = any(?::int[]) order by t.transaction_date desc, t.id desc limit ? offset ?`,
    [tx.tenantId, ids, limit, offset],
  );
  return { total: Number(count[0]!.n), items: rows.map(toTxn) };
}

/** A transaction id drawn ahead of its leg (its journal is posted first, under that id). */
export async function nextTransactionId(tx: Tx): Promise<number> {
  return Number((await tx.query<{ id: string }>(`select nextval('account.savings_transaction_seq') as id`, []))[0]!.id);
}
