import type { Tx } from '../../kernel/tx.js';
import type { Tier } from '../domain/tiers.js';
import { rows } from './rows.js';

/** Loan approval policies (loan.approval_policy): tiers by amount, optionally per product. */

export interface ApprovalPolicyRow {
  id: number;
  name: string;
  description: string | null;
  productId: number | null;
  isDefault: boolean;
  active: boolean;
  tiers: Tier[];
}

const COLUMNS = 'id, name, description, product_id, is_default, active, tiers';

export async function listPolicies(tx: Tx): Promise<ApprovalPolicyRow[]> {
  return rows<ApprovalPolicyRow>(await tx.query(`select ${COLUMNS} from loan.approval_policy where tenant_id = ? order by id`, [tx.tenantId]));
}

/** The policy; `lock` takes its row lock until the transaction ends. */
export async function findPolicy(tx: Tx, id: number, lock = false): Promise<ApprovalPolicyRow | null> {
  return rows<ApprovalPolicyRow>(await tx.query(`select ${COLUMNS} from loan.approval_policy where tenant_id = ? and id = ?${lock ? ' for update' : ''}`, [tx.tenantId, id]))[0] ?? null;
}

/** The product's active policy, else the tenant's active default. */
export async function policyOfProduct(tx: Tx, productId: number): Promise<ApprovalPolicyRow | null> {
  const found = await tx.query(
    `select ${COLUMNS} from loan.approval_policy
      where tenant_id = ? and active and (product_id = ? or (is_default and product_id is null))
      order by (product_id is null), id limit 1`,
    [tx.tenantId, productId],
  );
  return rows<ApprovalPolicyRow>(found)[0] ?? null;
}

export type PolicyValues = Omit<ApprovalPolicyRow, 'id'>;

export async function insertPolicy(tx: Tx, id: number, p: PolicyValues, userId: number | null): Promise<void> {
  await tx.query(
    `insert into loan.approval_policy (tenant_id, id, name, description, product_id, is_default, active, tiers, created_by, updated_by) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)`,
    [tx.tenantId, id, p.name, p.description, p.productId, p.isDefault, p.active, JSON.stringify(p.tiers), userId, userId],
  );
}

export async function updatePolicy(tx: Tx, id: number, p: PolicyValues, userId: number): Promise<void> {
  await tx.query(
    `update loan.approval_policy set name = ?, description = ?, product_id = ?, is_default = ?, active = ?, tiers = ?::jsonb, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`,
    [p.name, p.description, p.productId, p.isDefault, p.active, JSON.stringify(p.tiers), userId, tx.tenantId, id],
  );
}

export async function deletePolicy(tx: Tx, id: number): Promise<void> {
  await tx.query(`delete from loan.approval_policy where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

/** Whether another active policy than `exceptId` is the product's. */
export async function productHasActivePolicy(tx: Tx, productId: number, exceptId: number | null): Promise<boolean> {
  return (await tx.query(`select 1 from loan.approval_policy where tenant_id = ? and product_id = ? and active and id <> ?`, [tx.tenantId, productId, exceptId ?? -1])).length > 0;
}

/** Every policy but `exceptId` stops being the default. */
export async function clearDefaultExcept(tx: Tx, exceptId: number | null): Promise<void> {
  await tx.query(`update loan.approval_policy set is_default = false, updated_at = now() where tenant_id = ? and is_default and id <> ?`, [tx.tenantId, exceptId ?? -1]);
}

/** Whether the tenant has any policy (seeding leaves an existing tenant's policies alone). */
export async function anyPolicy(tx: Tx): Promise<boolean> {
  return (await tx.query(`select 1 from loan.approval_policy where tenant_id = ? limit 1`, [tx.tenantId])).length > 0;
}
