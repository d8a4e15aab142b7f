import type { Tx } from '../../kernel/tx.js';

/** Whether a charge definition is carried by a product, an account, a loan or a client (its kind and currency are then fixed). */
export interface ChargeUsage {
  inUse(tx: Tx, chargeId: number): Promise<boolean>;
}

export const chargeUsage: ChargeUsage = {
  async inUse(tx, chargeId) {
    const rows = await tx.query(
      `select exists (select 1 from charges.product_charge where tenant_id = ? and charge_id = ?)
           or exists (select 1 from charges.savings_charge where tenant_id = ? and charge_id = ? and active)
           or exists (select 1 from charges.loan_charge where tenant_id = ? and charge_id = ? and active)
           or exists (select 1 from charges.client_charge where tenant_id = ? and charge_id = ? and active) as used`,
      [tx.tenantId, chargeId, tx.tenantId, chargeId, tx.tenantId, chargeId, tx.tenantId, chargeId],
    );
    return (rows[0] as { used: boolean }).used;
  },
};
