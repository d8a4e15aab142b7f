import type { Em, Tx } from '../kernel/tx.js';
import { formatAmount } from '../kernel/money.js';
import type { InterbankStatus } from './codes.js';

/**
 * The payments module's tables (schema `payments`), through the kernel's parameterised Tx.query. Every
 * function runs in the caller's transaction; the tenant is the transaction's (row-level security agrees).
 */

export interface InterbankTransferRow {
  id: number;
  sessionId: string;
  clientId: number;
  fromAccountId: number;
  fromAccountNo: string;
  officeId: number;
  holdId: number;
  toBankCode: string;
  toAccountNumber: string;
  toAccountName: string;
  amount: string;
  currencyCode: string;
  transferDate: string;
  description: string | null;
  status: InterbankStatus;
  reason: string | null;
  savingsTransactionId: number | null;
  settledOn: string | null;
  queryAttempts: number;
  createdAt: Date;
}

interface RawTransfer {
  id: string; session_id: string; client_id: number; from_account_id: number; from_account_no: string; office_id: number; hold_id: string; to_bank_code: string;
  to_account_number: string; to_account_name: string; amount: string; currency_code: string; transfer_date: string; description: string | null; status: InterbankStatus;
  reason: string | null; savings_transaction_id: string | null; settled_on: string | null; query_attempts: number; created_at: Date;
}

const TRANSFER_SELECT = `select id, session_id, client_id, from_account_id, from_account_no, office_id, hold_id, to_bank_code, to_account_number, to_account_name,
    amount::text as amount, currency_code, to_char(transfer_date, 'YYYY-MM-DD') as transfer_date, description, status, reason, savings_transaction_id,
    to_char(settled_on, 'YYYY-MM-DD') as settled_on, query_attempts, created_at
  from payments.interbank_transfer`;

const toTransfer = (r: RawTransfer): InterbankTransferRow => ({
  id: Number(r.id), sessionId: r.session_id, clientId: Number(r.client_id), fromAccountId: Number(r.from_account_id), fromAccountNo: r.from_account_no, officeId: Number(r.office_id),
  holdId: Number(r.hold_id), toBankCode: r.to_bank_code, toAccountNumber: r.to_account_number, toAccountName: r.to_account_name, amount: formatAmount(r.amount),
  currencyCode: r.currency_code, transferDate: r.transfer_date, description: r.description, status: r.status, reason: r.reason,
  savingsTransactionId: r.savings_transaction_id == null ? null : Number(r.savings_transaction_id), settledOn: r.settled_on, queryAttempts: Number(r.query_attempts),
  createdAt: new Date(r.created_at),
});

export type NewInterbankTransfer = Omit<InterbankTransferRow, 'status' | 'reason' | 'savingsTransactionId' | 'settledOn' | 'queryAttempts' | 'createdAt'>;

/** Records a PENDING transfer; the re-query worker leaves it alone until `firstQueryInMs` has passed. */
export async function insertTransfer(tx: Tx, t: NewInterbankTransfer, by: number, firstQueryInMs: number): Promise<void> {
  await tx.query(
    `insert into payments.interbank_transfer (tenant_id, id, session_id, client_id, from_account_id, from_account_no, office_id, hold_id, to_bank_code, to_account_number,
       to_account_name, amount, currency_code, transfer_date, description, next_query_at, created_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::numeric, ?, ?::date, ?, now() + (? * interval '1 millisecond'), ?)`,
    [tx.tenantId, t.id, t.sessionId, t.clientId, t.fromAccountId, t.fromAccountNo, t.officeId, t.holdId, t.toBankCode, t.toAccountNumber, t.toAccountName,
      t.amount, t.currencyCode, t.transferDate, t.description, firstQueryInMs, by],
  );
}

export async function findTransfer(tx: Tx, id: number): Promise<InterbankTransferRow | null> {
  const rows = await tx.query<RawTransfer>(`${TRANSFER_SELECT} where tenant_id = ? and id = ?`, [tx.tenantId, id]);
  return rows[0] ? toTransfer(rows[0]) : null;
}

/** A transfer by its switch session id (the name the switch and the other bank know it by). */
export async function findTransferBySession(tx: Tx, sessionId: string): Promise<InterbankTransferRow | null> {
  const rows = await tx.query<RawTransfer>(`${TRANSFER_SELECT} where tenant_id = ? and session_id = ?`, [tx.tenantId, sessionId]);
  return rows[0] ? toTransfer(rows[0]) : null;
}

/**
 * The transfer locked until the caller's transaction ends, only while it is still PENDING: the one step
 * that makes its final state happen once when the request, the re-query worker and a restarted process
 * all hold an answer for it at the same time.
 */
export async function lockPending(tx: Tx, id: number): Promise<InterbankTransferRow | null> {
  const rows = await tx.query<RawTransfer>(`${TRANSFER_SELECT} where tenant_id = ? and id = ? and status = 'PENDING' for update`, [tx.tenantId, id]);
  return rows[0] ? toTransfer(rows[0]) : null;
}

export async function finishTransfer(tx: Tx, id: number, outcome: { status: 'SUCCESSFUL' | 'FAILED'; reason: string | null; savingsTransactionId: number | null; settledOn: string | null }): Promise<void> {
  await tx.query(
    `update payments.interbank_transfer set status = ?, reason = ?, savings_transaction_id = ?, settled_on = ?::date, updated_at = now() where tenant_id = ? and id = ?`,
    [outcome.status, outcome.reason, outcome.savingsTransactionId, outcome.settledOn, tx.tenantId, id],
  );
}

/** Counts a status query that gave no final answer and schedules the next one. */
export async function scheduleRequery(tx: Tx, id: number, delayMs: number): Promise<void> {
  await tx.query(
    `update payments.interbank_transfer set query_attempts = query_attempts + 1, next_query_at = now() + (? * interval '1 millisecond'), updated_at = now()
     where tenant_id = ? and id = ? and status = 'PENDING'`,
    [delayMs, tx.tenantId, id],
  );
}

export async function listTransfers(tx: Tx, filter: { status?: string | null; fromDate?: string | null; toDate?: string | null; officeIds: number[] | null }): Promise<InterbankTransferRow[]> {
  const where = ['tenant_id = ?'];
  const params: unknown[] = [tx.tenantId];
  const add = (condition: string, value: unknown) => {
    where.push(condition);
    params.push(value);
  };
  if (filter.status) add('status = ?', filter.status);
  if (filter.fromDate) add('transfer_date >= ?::date', filter.fromDate);
  if (filter.toDate) add('transfer_date <= ?::date', filter.toDate);
  if (filter.officeIds) add('office_id = any(?::int[])', filter.officeIds);
  const rows = await tx.query<RawTransfer>(`${TRANSFER_SELECT} where ${where.join(' and ')} order by id desc limit 1000`, params);
  return rows.map(toTransfer);
}

// ---- the re-query worker (across tenants, outside row-level security) --------------------------

export interface DueTransfer {
  tenantId: string;
  id: number;
  sessionId: string;
}

/**
 * Claims PENDING transfers whose next query is due, pushing their next query `leaseMs` ahead so another
 * worker skips them meanwhile (SKIP LOCKED: several workers never query one transfer at once).
 */
export async function claimDue(em: Em, leaseMs: number, limit: number): Promise<DueTransfer[]> {
  const rows = await em.execute<{ tenant_id: string; id: string; session_id: string }[]>(
    `update payments.interbank_transfer t set next_query_at = now() + (? * interval '1 millisecond')
       from (select tenant_id, id from payments.interbank_transfer where status = 'PENDING' and next_query_at <= now()
             order by next_query_at limit ? for update skip locked) due
      where t.tenant_id = due.tenant_id and t.id = due.id
      returning t.tenant_id, t.id, t.session_id`,
    [leaseMs, limit],
  );
  return rows.map((r) => ({ tenantId: r.tenant_id, id: Number(r.id), sessionId: r.session_id }));
}

/** After a restart every PENDING transfer is due at once: the process that was waiting for them is gone. */
export async function makeAllPendingDue(em: Em): Promise<void> {
  await em.execute(`update payments.interbank_transfer set next_query_at = now() where status = 'PENDING'`, []);
}

// ---- inbound credits --------------------------------------------------------------------------

export interface InboundCreditRow {
  sessionId: string;
  accountNumber: string;
  amount: string;
  currency: string;
  status: 'CREDITED' | 'REJECTED';
  reasonCode: string | null;
  reason: string | null;
  savingsTransactionId: number | null;
}

interface RawInbound { session_id: string; account_number: string; amount: string; currency_code: string; status: 'CREDITED' | 'REJECTED'; reason_code: string | null; reason: string | null; savings_transaction_id: string | null }

const toInbound = (r: RawInbound): InboundCreditRow => ({
  sessionId: r.session_id, accountNumber: r.account_number, amount: formatAmount(r.amount), currency: r.currency_code, status: r.status, reasonCode: r.reason_code,
  reason: r.reason, savingsTransactionId: r.savings_transaction_id == null ? null : Number(r.savings_transaction_id),
});

/**
 * The recorded outcome of an inbound session, if any, read under the session's advisory lock (held to the
 * end of the transaction, sent ahead of the read in its round trip): every delivery of one session queues here.
 */
export async function lockInbound(tx: Tx, sessionId: string): Promise<InboundCreditRow | null> {
  const rows = await tx.query<RawInbound>(
    `select session_id, account_number, amount::text as amount, currency_code, status, reason_code, reason, savings_transaction_id from payments.inbound_credit where tenant_id = ? and session_id = ?`,
    [tx.tenantId, sessionId],
    [{ sql: `select pg_advisory_xact_lock(hashtextextended(?, 0))`, params: [`${tx.tenantId}:interbank-inbound:${sessionId}`] }],
  );
  return rows[0] ? toInbound(rows[0]) : null;
}

/**
 * Claims a switch session id for the transaction's tenant, across tenants (payments.inbound_session): false
 * when another tenant already recorded it, so a credit signed for one bank is never credited at another.
 */
export async function claimInboundSession(tx: Tx, sessionId: string): Promise<boolean> {
  const rows = await tx.query<{ claimed: boolean }>(`select payments.claim_inbound_session(?) as claimed`, [sessionId]);
  return rows[0]?.claimed === true;
}

export interface NewInbound {
  sessionId: string;
  accountNumber: string;
  amount: string;
  currency: string;
  narration: string | null;
  originator: { bankName: string; accountNo: string; senderName: string };
  status: 'CREDITED' | 'REJECTED';
  reasonCode: string | null;
  reason: string | null;
  accountId: number | null;
  savingsTransactionId: number | null;
  creditedOn: string | null;
}

/**
 * Records the session's outcome; false when the session id is already recorded. The primary key makes a
 * concurrent replay wait for the first to commit and then lose, so a session credits once.
 */
export async function insertInbound(tx: Tx, c: NewInbound): Promise<boolean> {
  const rows = await tx.query(
    `insert into payments.inbound_credit (tenant_id, session_id, account_number, amount, currency_code, narration, originator, status, reason_code, reason, account_id, savings_transaction_id, credited_on)
     values (?, ?, ?, ?::numeric, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?::date) on conflict (tenant_id, session_id) do nothing returning session_id`,
    [tx.tenantId, c.sessionId, c.accountNumber, c.amount, c.currency, c.narration, JSON.stringify(c.originator), c.status, c.reasonCode, c.reason, c.accountId, c.savingsTransactionId, c.creditedOn],
  );
  return rows.length > 0;
}

// ---- the settlement report --------------------------------------------------------------------

/** SUCCESSFUL outbound and credited inbound amounts settled on `date`, per currency. */
export async function settlementTotals(tx: Tx, date: string): Promise<{ currency: string; outboundCount: number; outbound: string; inboundCount: number; inbound: string }[]> {
  const rows = await tx.query<{ currency: string; out_n: string; out_sum: string; in_n: string; in_sum: string }>(
    `with o as (select currency_code as currency, count(*) as n, sum(amount) as s from payments.interbank_transfer where tenant_id = ? and status = 'SUCCESSFUL' and settled_on = ?::date group by currency_code),
          i as (select currency_code as currency, count(*) as n, sum(amount) as s from payments.inbound_credit where tenant_id = ? and status = 'CREDITED' and credited_on = ?::date group by currency_code)
     select coalesce(o.currency, i.currency) as currency, coalesce(o.n, 0)::text as out_n, coalesce(o.s, 0)::text as out_sum, coalesce(i.n, 0)::text as in_n, coalesce(i.s, 0)::text as in_sum
       from o full join i on i.currency = o.currency order by 1`,
    [tx.tenantId, date, tx.tenantId, date],
  );
  return rows.map((r) => ({ currency: r.currency, outboundCount: Number(r.out_n), outbound: formatAmount(r.out_sum), inboundCount: Number(r.in_n), inbound: formatAmount(r.in_sum) }));
}
