import type { Tx } from '../../kernel/tx.js';
import { pgArray } from '../../kernel/pg-array.js';
import type { PeriodAllocation } from '../domain/allocation.js';

/** What the charges module writes into a loan's schedule: each period's fee and penalty due. */

export async function setChargesDue(tx: Tx, loanId: number, totals: readonly { period: number; fee: string; penalty: string }[]): Promise<void> {
  await tx.query(
    `update loan.schedule_period s set fee_due = coalesce(t.fee, 0), penalty_due = coalesce(t.penalty, 0)
       from loan.schedule_period s2
       left join unnest(?::int[], ?::numeric[], ?::numeric[]) as t(period, fee, penalty) on t.period = s2.period
      where s.tenant_id = ? and s.loan_id = ? and s2.tenant_id = s.tenant_id and s2.loan_id = s.loan_id and s2.period = s.period`,
    [pgArray(totals.map((t) => t.period)), pgArray(totals.map((t) => t.fee)), pgArray(totals.map((t) => t.penalty)), tx.tenantId, loanId],
  );
}

/** How a repayment was split over the instalments (its stored allocation), for its undo. */
export async function allocationOf(tx: Tx, transactionId: number): Promise<PeriodAllocation[]> {
  const rows = await tx.query<{ allocation: PeriodAllocation[] | null }>(`select allocation from loan.transaction where tenant_id = ? and id = ?`, [tx.tenantId, transactionId]);
  return (rows[0]?.allocation ?? []).map((p) => ({ period: p.period, principal: String(p.principal), interest: String(p.interest), fee: String(p.fee), penalty: String(p.penalty) }));
}
