import type { Tx } from '../kernel/tx.js';

/** A two-step registration waiting for its token. */
export interface RegistrationRequestRow {
  id: number;
  clientId: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  mobileNo: string;
  passwordHash: string;
  tokenHash: string;
  expired: boolean;
  failedAttempts: number;
  used: boolean;
}

export async function insertRegistrationRequest(
  tx: Tx,
  r: { clientId: number; username: string; firstname: string; lastname: string; email: string; mobileNo: string; passwordHash: string; mode: string; tokenHash: string; minutes: number },
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `insert into self.registration_request (tenant_id, client_id, username, firstname, lastname, email, mobile_no, password_hash, authentication_mode, token_hash, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now() + make_interval(mins => ?)) returning id`,
    [tx.tenantId, r.clientId, r.username, r.firstname, r.lastname, r.email, r.mobileNo, r.passwordHash, r.mode, r.tokenHash, r.minutes],
  );
  return Number(rows[0]!.id);
}

/** The request, locked to the end of the transaction (two tries of one token are serialised). */
export async function lockRegistrationRequest(tx: Tx, id: number): Promise<RegistrationRequestRow | null> {
  const rows = await tx.query<{
    id: string; client_id: number; username: string; firstname: string; lastname: string; email: string; mobile_no: string; password_hash: string; token_hash: string;
    expired: boolean; failed_attempts: number; used: boolean;
  }>(
    `select id, client_id, username, firstname, lastname, email, mobile_no, password_hash, token_hash, expires_at <= now() as expired, failed_attempts, used_at is not null as used
     from self.registration_request where tenant_id = ? and id = ? for update`,
    [tx.tenantId, id],
  );
  const r = rows[0];
  return r
    ? {
        id: Number(r.id), clientId: Number(r.client_id), username: r.username, firstname: r.firstname, lastname: r.lastname, email: r.email, mobileNo: r.mobile_no,
        passwordHash: r.password_hash, tokenHash: r.token_hash, expired: r.expired, failedAttempts: Number(r.failed_attempts), used: r.used,
      }
    : null;
}

export async function countFailedToken(tx: Tx, id: number): Promise<void> {
  await tx.query(`update self.registration_request set failed_attempts = failed_attempts + 1 where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

export async function markRegistrationUsed(tx: Tx, id: number): Promise<void> {
  await tx.query(`update self.registration_request set used_at = now() where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}
