import type { Tx } from '../../kernel/tx.js';

/*
 * account.payment_hold: amounts an inter-bank transfer holds on its source account until the switch
 * answers. Every change of a hold's status is made under the account's row lock (the caller's), and only
 * from `held`, so of two concurrent settlements or releases one changes the row and the other finds none.
 */

/** Holds `amount` on the (locked) account; returns the hold's id. */
export async function insertPaymentHold(tx: Tx, accountId: number, amount: string, reference: string): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `insert into account.payment_hold (tenant_id, account_id, amount, reference) values (?, ?, ?::numeric, ?) returning id`,
    [tx.tenantId, accountId, amount, reference],
  );
  return Number(rows[0]!.id);
}

/** The account the hold is on; null when there is no such hold. */
export async function paymentHoldAccountId(tx: Tx, holdId: number): Promise<number | null> {
  const found = await tx.query<{ account_id: string }>(`select account_id from account.payment_hold where tenant_id = ? and id = ?`, [tx.tenantId, holdId]);
  return found[0] ? Number(found[0].account_id) : null;
}

/** Marks a held hold settled by the savings transaction; its amount (exact text), or null when it was no longer held. */
export async function settlePaymentHold(tx: Tx, holdId: number, savingsTransactionId: number): Promise<string | null> {
  const held = await tx.query<{ amount: string }>(
    `update account.payment_hold set status = 'settled', savings_transaction_id = ?, updated_at = now() where tenant_id = ? and id = ? and status = 'held' returning amount::text as amount`,
    [savingsTransactionId, tx.tenantId, holdId],
  );
  return held[0]?.amount ?? null;
}

/** Releases a held hold; false when it was no longer held (settled or released before). */
export async function releasePaymentHold(tx: Tx, holdId: number): Promise<boolean> {
  const rows = await tx.query(`update account.payment_hold set status = 'released', updated_at = now() where tenant_id = ? and id = ? and status = 'held' returning id`, [tx.tenantId, holdId]);
  return rows.length > 0;
}
