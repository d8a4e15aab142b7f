import type { Tx } from '../kernel/tx.js';
import { pgArray } from '../kernel/pg-array.js';

/** Clients activated per day between two dates (inclusive), at the given offices (null: every office). */
export async function activationsByDay(tx: Tx, officeIds: readonly number[] | null, from: string, to: string): Promise<{ day: string; count: number }[]> {
  const rows = await tx.query<{ day: string; count: string }>(
    `select to_char(activation_date, 'YYYY-MM-DD') as day, count(*) as count from customer.client
     where tenant_id = ? and activation_date between ?::date and ?::date and (?::int[] is null or office_id = any(?::int[]))
     group by activation_date order by activation_date`,
    [tx.tenantId, from, to, officeIds === null ? null : pgArray(officeIds), officeIds === null ? null : pgArray(officeIds)],
  );
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}
