import type { Tx } from './tx.js';

/**
 * Next value of a per-tenant counter (office ids, client ids, CIFs...). The upsert takes the counter's
 * row lock until the caller's transaction ends, so concurrent creators of the same kind in one tenant
 * queue on it and never share a number; a rolled-back transaction gives its number back.
 * Do not use it on hot money paths (postings): those take database sequences instead.
 */
export async function nextValue(tx: Tx, name: string, start = 1): Promise<number> {
  const rows = await tx.query<{ value: string }>(
    `insert into kernel.sequence (tenant_id, name, value) values (?, ?, ?)
     on conflict (tenant_id, name) do update set value = kernel.sequence.value + 1
     returning value`,
    [tx.tenantId, name, start],
  );
  return Number(rows[0]!.value);
}

/** Makes sure a counter continues after `value` (used when fixed ids are seeded, like Fineract's role ids). */
export async function reserveUpTo(tx: Tx, name: string, value: number): Promise<void> {
  await tx.query(
    `insert into kernel.sequence (tenant_id, name, value) values (?, ?, ?)
     on conflict (tenant_id, name) do update set value = greatest(kernel.sequence.value, excluded.value)`,
    [tx.tenantId, name, value],
  );
}
