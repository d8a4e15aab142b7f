import type { Tx } from '../../kernel/tx.js';
import { pgArray } from '../../kernel/pg-array.js';

/** charges.product_charge: the charges a loan (1) or savings (2) product carries to the accounts opened on it. */

export async function productChargeIds(tx: Tx, productType: number, productId: number): Promise<number[]> {
  const rows = await tx.query<{ chargeId: number }>(
    `select charge_id as "chargeId" from charges.product_charge where tenant_id = ? and product_type = ? and product_id = ? order by charge_id`,
    [tx.tenantId, productType, productId],
  );
  return rows.map((r) => r.chargeId);
}

/** Replaces a product's charges. */
export async function setProductCharges(tx: Tx, productType: number, productId: number, chargeIds: readonly number[]): Promise<void> {
  await tx.query(`delete from charges.product_charge where tenant_id = ? and product_type = ? and product_id = ?`, [tx.tenantId, productType, productId]);
  if (chargeIds.length === 0) return;
  await tx.query(
    `insert into charges.product_charge (tenant_id, product_type, product_id, charge_id) select ?, ?, ?, c from unnest(?::int[]) as c`,
    [tx.tenantId, productType, productId, pgArray(chargeIds)],
  );
}
