import type { Tx } from '../kernel/tx.js';
import { formatAmount } from '../kernel/money.js';

/** The other bank's party of an inbound credit, as the switch sent it. */
interface Originator { bankName: string; accountNo: string; senderName: string }

/** A return's direction: an outbound transfer's debit refunded, or an inbound credit sent back. */
export type ReturnDirection = 'OUTBOUND' | 'INBOUND';
export type ReturnStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface InterbankReturnRow {
  id: number;
  direction: ReturnDirection;
  sessionId: string;
  transferId: number | null;
  accountId: number;
  accountNo: string;
  clientId: number;
  officeId: number;
  originalTransactionId: number;
  amount: string;
  currencyCode: string;
  reason: string;
  status: ReturnStatus;
  makerId: number;
  makerDelegatedBy: number | null;
  madeAt: Date;
  checkerId: number | null;
  checkedAt: Date | null;
  savingsTransactionId: number | null;
  returnedOn: string | null;
}

interface RawReturn {
  id: string; direction: ReturnDirection; session_id: string; transfer_id: string | null; account_id: number; account_no: string; client_id: number; office_id: number;
  original_transaction_id: string; amount: string; currency_code: string; reason: string; status: ReturnStatus; maker_id: number; maker_delegated_by: number | null;
  made_at: Date; checker_id: number | null; checked_at: Date | null; savings_transaction_id: string | null; returned_on: string | null;
}

const RETURN_SELECT = `select id, direction, session_id, transfer_id, account_id, account_no, client_id, office_id, original_transaction_id, amount::text as amount, currency_code,
    reason, status, maker_id, maker_delegated_by, made_at, checker_id, checked_at, savings_transaction_id, to_char(returned_on, 'YYYY-MM-DD') as returned_on
  from payments.interbank_return`;

const toReturn = (r: RawReturn): InterbankReturnRow => ({
  id: Number(r.id), direction: r.direction, sessionId: r.session_id, transferId: r.transfer_id == null ? null : Number(r.transfer_id), accountId: Number(r.account_id),
  accountNo: r.account_no, clientId: Number(r.client_id), officeId: Number(r.office_id), originalTransactionId: Number(r.original_transaction_id), amount: formatAmount(r.amount),
  currencyCode: r.currency_code, reason: r.reason, status: r.status, makerId: Number(r.maker_id), makerDelegatedBy: r.maker_delegated_by == null ? null : Number(r.maker_delegated_by),
  madeAt: new Date(r.made_at), checkerId: r.checker_id == null ? null : Number(r.checker_id), checkedAt: r.checked_at == null ? null : new Date(r.checked_at),
  savingsTransactionId: r.savings_transaction_id == null ? null : Number(r.savings_transaction_id), returnedOn: r.returned_on,
});

export type NewInterbankReturn = Pick<InterbankReturnRow,
  'direction' | 'sessionId' | 'transferId' | 'accountId' | 'accountNo' | 'clientId' | 'officeId' | 'originalTransactionId' | 'amount' | 'currencyCode' | 'reason' | 'makerId' | 'makerDelegatedBy'>;

/**
 * Records a PENDING return; null when the leg already has a live one (PENDING or APPROVED). The partial
 * unique index decides: a concurrent second submission waits for the first to commit, then conflicts.
 */
export async function insertReturn(tx: Tx, r: NewInterbankReturn): Promise<number | null> {
  const rows = await tx.query<{ id: string }>(
    `insert into payments.interbank_return (tenant_id, direction, session_id, transfer_id, account_id, account_no, client_id, office_id, original_transaction_id, amount,
       currency_code, reason, maker_id, maker_delegated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::numeric, ?, ?, ?, ?)
     on conflict (tenant_id, direction, session_id) where status <> 'REJECTED' do nothing returning id`,
    [tx.tenantId, r.direction, r.sessionId, r.transferId, r.accountId, r.accountNo, r.clientId, r.officeId, r.originalTransactionId, r.amount,
      r.currencyCode, r.reason, r.makerId, r.makerDelegatedBy],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function findReturn(tx: Tx, id: number): Promise<InterbankReturnRow | null> {
  const rows = await tx.query<RawReturn>(`${RETURN_SELECT} where tenant_id = ? and id = ?`, [tx.tenantId, id]);
  return rows[0] ? toReturn(rows[0]) : null;
}

/** The return locked until the caller's transaction ends: of two concurrent decisions, the second sees the first's status. */
export async function lockReturn(tx: Tx, id: number): Promise<InterbankReturnRow | null> {
  const rows = await tx.query<RawReturn>(`${RETURN_SELECT} where tenant_id = ? and id = ? for update`, [tx.tenantId, id]);
  return rows[0] ? toReturn(rows[0]) : null;
}

export async function decideReturn(
  tx: Tx, id: number, decision: { status: 'APPROVED' | 'REJECTED'; checkerId: number; savingsTransactionId: number | null; returnedOn: string | null },
): Promise<void> {
  await tx.query(
    `update payments.interbank_return set status = ?, checker_id = ?, checked_at = now(), savings_transaction_id = ?, returned_on = ?::date where tenant_id = ? and id = ?`,
    [decision.status, decision.checkerId, decision.savingsTransactionId, decision.returnedOn, tx.tenantId, id],
  );
}

export async function listReturns(tx: Tx, filter: { status?: string | null; officeIds: number[] | null }): Promise<InterbankReturnRow[]> {
  const where = ['tenant_id = ?'];
  const params: unknown[] = [tx.tenantId];
  if (filter.status) {
    where.push('status = ?');
    params.push(filter.status);
  }
  if (filter.officeIds) {
    where.push('office_id = any(?::int[])');
    params.push(filter.officeIds);
  }
  const rows = await tx.query<RawReturn>(`${RETURN_SELECT} where ${where.join(' and ')} order by id desc limit 1000`, params);
  return rows.map(toReturn);
}

/** A CREDITED inbound credit by its session id: what a return sends back. */
export async function creditedInbound(tx: Tx, sessionId: string): Promise<{ accountId: number; accountNo: string; amount: string; currency: string; savingsTransactionId: number; originator: Originator } | null> {
  const rows = await tx.query<{ account_id: number; account_number: string; amount: string; currency_code: string; savings_transaction_id: string; originator: Originator }>(
    `select account_id, account_number, amount::text as amount, currency_code, savings_transaction_id, originator from payments.inbound_credit
      where tenant_id = ? and session_id = ? and status = 'CREDITED'`,
    [tx.tenantId, sessionId],
  );
  const r = rows[0];
  return r ? { accountId: Number(r.account_id), accountNo: r.account_number, amount: formatAmount(r.amount), currency: r.currency_code, savingsTransactionId: Number(r.savings_transaction_id), originator: r.originator } : null;
}

/** Approved returns posted on `date`, per currency and direction, for the settlement report. */
export async function returnTotals(tx: Tx, date: string): Promise<{ currency: string; direction: ReturnDirection; count: number; total: string }[]> {
  const rows = await tx.query<{ currency: string; direction: ReturnDirection; n: string; s: string }>(
    `select currency_code as currency, direction, count(*)::text as n, sum(amount)::text as s from payments.interbank_return
      where tenant_id = ? and status = 'APPROVED' and returned_on = ?::date group by currency_code, direction`,
    [tx.tenantId, date],
  );
  return rows.map((r) => ({ currency: r.currency, direction: r.direction, count: Number(r.n), total: formatAmount(r.s) }));
}
