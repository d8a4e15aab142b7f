import type { Tx } from '../kernel/tx.js';
import { CLIENT_STATUS_ACTIVE } from './client.entity.js';
import { pgArray } from '../kernel/pg-array.js';

/** What the account module reads of a client, inside its own transaction. */
export interface ClientForAccounts {
  id: number;
  active: boolean;
  officeId: number;
  staffId: number | null;
  kycTier: number;
  cif: string;
  displayName: string;
}

interface Row {
  id: number;
  status_id: number;
  office_id: number;
  staff_id: number | null;
  kyc_tier: number;
  cif: string;
  display_name: string;
}

const SELECT = `select id, status_id, office_id, staff_id, kyc_tier, cif, display_name from customer.client`;

const toClient = (r: Row): ClientForAccounts => ({
  id: Number(r.id),
  active: Number(r.status_id) === CLIENT_STATUS_ACTIVE,
  officeId: Number(r.office_id),
  staffId: r.staff_id == null ? null : Number(r.staff_id),
  kycTier: Number(r.kyc_tier),
  cif: r.cif,
  displayName: r.display_name,
});

/**
 * Small in-transaction reads of client rows for the account module (the customer module stays the only
 * writer). `lock` takes FOR NO KEY UPDATE: it serializes KYC-checked credits of one client without
 * blocking the key-share locks that inserting an account (foreign key to the client) takes.
 */
export const clientsForAccounts = {
  async forAccount(tx: Tx, clientId: number, options: { lock?: boolean } = {}): Promise<ClientForAccounts | null> {
    const rows = await tx.query<Row>(`${SELECT} where tenant_id = ? and id = ?${options.lock ? ' for no key update' : ''}`, [tx.tenantId, clientId]);
    return rows[0] ? toClient(rows[0]) : null;
  },

  async many(tx: Tx, clientIds: readonly number[]): Promise<Map<number, ClientForAccounts>> {
    if (clientIds.length === 0) return new Map();
    const rows = await tx.query<Row>(`${SELECT} where tenant_id = ? and id = any(?::int[])`, [tx.tenantId, pgArray(clientIds)]);
    return new Map(rows.map((r) => [Number(r.id), toClient(r)]));
  },

  async idsOfStaff(tx: Tx, staffId: number): Promise<number[]> {
    const rows = await tx.query<{ id: number }>(`select id from customer.client where tenant_id = ? and staff_id = ?`, [tx.tenantId, staffId]);
    return rows.map((r) => Number(r.id));
  },
};
