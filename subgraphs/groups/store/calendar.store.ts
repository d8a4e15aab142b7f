import type { Tx } from '../../kernel/tx.js';

/** groups.calendar inside a tenant's transaction: the only SQL on meetings. */

export interface CalendarRow {
  id: number;
  groupingId: number;
  title: string;
  description: string | null;
  location: string | null;
  startDate: string;
  endDate: string | null;
  typeId: number;
  repeating: boolean;
  frequency: number | null;
  interval: number | null;
  repeatsOnDay: number | null;
}

const COLUMNS = `id, grouping_id as "groupingId", title, description, location, start_date::text as "startDate", end_date::text as "endDate",
  type_id as "typeId", repeating, frequency, repeat_interval as "interval", repeats_on_day as "repeatsOnDay"`;

export async function insertCalendar(tx: Tx, c: CalendarRow, by: number | null): Promise<void> {
  await tx.query(
    `insert into groups.calendar (tenant_id, id, grouping_id, title, description, location, start_date, end_date, type_id, repeating, frequency,
       repeat_interval, repeats_on_day, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [tx.tenantId, c.id, c.groupingId, c.title, c.description, c.location, c.startDate, c.endDate, c.typeId, c.repeating, c.frequency, c.interval, c.repeatsOnDay, by, by],
  );
}

export async function updateCalendar(tx: Tx, c: CalendarRow, by: number | null): Promise<void> {
  await tx.query(
    `update groups.calendar set title = ?, description = ?, location = ?, start_date = ?, end_date = ?, repeating = ?, frequency = ?, repeat_interval = ?,
       repeats_on_day = ?, updated_by = ?, updated_at = now()
     where tenant_id = ? and id = ?`,
    [c.title, c.description, c.location, c.startDate, c.endDate, c.repeating, c.frequency, c.interval, c.repeatsOnDay, by, tx.tenantId, c.id],
  );
}

/** The meeting of a center or group, if it has one; `lock` holds it for a change. */
export async function calendarOf(tx: Tx, groupingId: number, lock = false): Promise<CalendarRow | null> {
  const rows = await tx.query<CalendarRow>(`select ${COLUMNS} from groups.calendar where tenant_id = ? and grouping_id = ?${lock ? ' for update' : ''}`, [tx.tenantId, groupingId]);
  return rows[0] ?? null;
}

export async function findCalendar(tx: Tx, id: number, lock = false): Promise<CalendarRow | null> {
  const rows = await tx.query<CalendarRow>(`select ${COLUMNS} from groups.calendar where tenant_id = ? and id = ?${lock ? ' for update' : ''}`, [tx.tenantId, id]);
  return rows[0] ?? null;
}
