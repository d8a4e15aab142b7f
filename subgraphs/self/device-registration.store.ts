import type { Tx } from '../kernel/tx.js';

/** A client's registered push token. */
export interface DeviceRegistrationRow {
  id: number;
  clientId: number;
  registrationId: string;
  /** YYYY-MM-DD in the database's time zone: when the app last registered. */
  updatedOn: string;
}

interface RawRegistration { id: string; client_id: number; registration_id: string; updated_on: string }

const SELECT = `select id, client_id, registration_id, to_char(updated_at, 'YYYY-MM-DD') as updated_on from self.device_registration`;

const toRow = (r: RawRegistration): DeviceRegistrationRow => ({ id: Number(r.id), clientId: Number(r.client_id), registrationId: r.registration_id, updatedOn: r.updated_on });

/** Records the client's token, replacing the one it had (an app registers again when its token changes). */
export async function upsertRegistration(tx: Tx, clientId: number, registrationId: string, by: number): Promise<DeviceRegistrationRow> {
  const rows = await tx.query<RawRegistration>(
    `insert into self.device_registration (tenant_id, client_id, registration_id, updated_by) values (?, ?, ?, ?)
       on conflict (tenant_id, client_id) do update set registration_id = excluded.registration_id, updated_by = excluded.updated_by, updated_at = now()
     returning id, client_id, registration_id, to_char(updated_at, 'YYYY-MM-DD') as updated_on`,
    [tx.tenantId, clientId, registrationId, by],
  );
  return toRow(rows[0]!);
}

export async function registrationOfClient(tx: Tx, clientId: number): Promise<DeviceRegistrationRow | null> {
  const rows = await tx.query<RawRegistration>(`${SELECT} where tenant_id = ? and client_id = ?`, [tx.tenantId, clientId]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function registrationById(tx: Tx, id: number): Promise<DeviceRegistrationRow | null> {
  const rows = await tx.query<RawRegistration>(`${SELECT} where tenant_id = ? and id = ?`, [tx.tenantId, id]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** Moves a registration to a token (and a client of the same customer, as Fineract's PUT allows). */
export async function updateRegistration(tx: Tx, id: number, clientId: number, registrationId: string, by: number): Promise<DeviceRegistrationRow> {
  const rows = await tx.query<RawRegistration>(
    `update self.device_registration set client_id = ?, registration_id = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?
     returning id, client_id, registration_id, to_char(updated_at, 'YYYY-MM-DD') as updated_on`,
    [clientId, registrationId, by, tx.tenantId, id],
  );
  return toRow(rows[0]!);
}
