import type { Tx } from '../../kernel/tx.js';
import { date, rows } from './rows.js';

/** Interest waivers above the tenant's ceiling, waiting for a second person (loan.waiver_request). */

export const WAIVER_PENDING = 100;
export const WAIVER_APPROVED = 200;
export const WAIVER_REJECTED = 500;

export interface WaiverRequestRow {
  id: number;
  loanId: number;
  statusId: number;
  amount: string;
  transactionDate: string;
  note: string | null;
  makerId: number;
  makerDelegatedBy: number | null;
  checkerId: number | null;
  decidedOn: string | null;
  transactionId: number | null;
}

const COLUMNS = `id, loan_id, status_id, amount::text as amount, ${date('transaction_date')}, note, maker_id, maker_delegated_by, checker_id, ${date('decided_on')}, transaction_id`;

export async function insertWaiverRequest(tx: Tx, r: Pick<WaiverRequestRow, 'loanId' | 'amount' | 'transactionDate' | 'note' | 'makerId' | 'makerDelegatedBy'>): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into loan.waiver_request (tenant_id, loan_id, status_id, amount, transaction_date, note, maker_id, maker_delegated_by, created_by, updated_by)
     values (?, ?, ?, ?::numeric, ?::date, ?, ?, ?, ?, ?) returning id`,
    [tx.tenantId, r.loanId, WAIVER_PENDING, r.amount, r.transactionDate, r.note, r.makerId, r.makerDelegatedBy, r.makerId, r.makerId],
  );
  return Number(row!.id);
}

export async function findWaiverRequest(tx: Tx, loanId: number, id: number, options: { lock?: boolean } = {}): Promise<WaiverRequestRow | null> {
  const raw = await tx.query(`select ${COLUMNS} from loan.waiver_request where tenant_id = ? and loan_id = ? and id = ?${options.lock ? ' for update' : ''}`, [tx.tenantId, loanId, id]);
  return rows<WaiverRequestRow>(raw, ['transactionId'])[0] ?? null;
}

/** The loan's waiver requests, newest first, at most `limit`. */
export async function waiverRequestsOf(tx: Tx, loanId: number, limit: number): Promise<WaiverRequestRow[]> {
  const raw = await tx.query(`select ${COLUMNS} from loan.waiver_request where tenant_id = ? and loan_id = ? order by id desc limit ?`, [tx.tenantId, loanId, limit]);
  return rows<WaiverRequestRow>(raw, ['transactionId']);
}

export async function decideWaiverRequest(tx: Tx, id: number, statusId: number, on: string, checkerId: number, transactionId: number | null): Promise<void> {
  await tx.query(
    `update loan.waiver_request set status_id = ?, decided_on = ?::date, checker_id = ?, transaction_id = ?, updated_by = ?, updated_at = now()
      where tenant_id = ? and id = ? and status_id = ?`,
    [statusId, on, checkerId, transactionId, checkerId, tx.tenantId, id, WAIVER_PENDING],
  );
}
