import type { CustomerIdentity, StaffIdentity } from './identity.js';

/**
 * Credentials that stop working: a user's (password or role change, delete), one session of theirs
 * (logout), or every identity of a tenant (a role's permissions changed).
 */
export interface CredentialRevocation {
  tenantId: string;
  userId?: number;
  sessionHash?: string;
}

/** Whether `identity` was authenticated with credentials the revocation ends. */
export function revocationCovers(revocation: CredentialRevocation, identity: StaffIdentity | CustomerIdentity): boolean {
  return (
    identity.tenantId === revocation.tenantId &&
    (revocation.userId === undefined || identity.userId === revocation.userId) &&
    (revocation.sessionHash === undefined || identity.sessionHash === revocation.sessionHash)
  );
}
