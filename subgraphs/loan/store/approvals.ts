import type { Statement, Tx } from '../../kernel/tx.js';
import { date, rows } from './rows.js';
import { pgArray } from '../../kernel/pg-array.js';

/** Approvals recorded against submitted loans (loan.approval): one per approver and loan. */

export interface ApprovalRow {
  loanId: number;
  userId: number;
  /** Who issued the API key the approval was given with, when another user did (four eyes). */
  delegatedBy: number | null;
  roleId: number;
  approvedOn: string;
  note: string | null;
}

export async function loadApprovals(tx: Tx, loanIds: readonly number[]): Promise<ApprovalRow[]> {
  if (loanIds.length === 0) return [];
  const raw = await tx.query(
    `select loan_id, user_id, delegated_by, role_id, ${date('approved_on')}, note from loan.approval where tenant_id = ? and loan_id = any(?::int[]) order by created_at, user_id`,
    [tx.tenantId, pgArray(loanIds)],
  );
  return rows<ApprovalRow>(raw);
}

export async function insertApproval(tx: Tx, approval: ApprovalRow): Promise<void> {
  await tx.query(
    `insert into loan.approval (tenant_id, loan_id, user_id, delegated_by, role_id, approved_on, note, created_by, updated_by) values (?, ?, ?, ?, ?, ?::date, ?, ?, ?)`,
    [tx.tenantId, approval.loanId, approval.userId, approval.delegatedBy, approval.roleId, approval.approvedOn, approval.note, approval.userId, approval.userId],
  );
}

/** The statement that drops a loan's approvals (its terms changed, or its approval was undone). */
export const approvalsCleared = (tx: Tx, loanId: number): Statement => ({
  sql: `delete from loan.approval where tenant_id = ? and loan_id = ?`,
  params: [tx.tenantId, loanId],
});

export async function clearApprovals(tx: Tx, loanId: number): Promise<void> {
  const statement = approvalsCleared(tx, loanId);
  await tx.query(statement.sql, statement.params);
}
