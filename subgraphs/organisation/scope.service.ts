import type { Tx } from '../kernel/database.js';
import type { Identity, StaffIdentity } from '../kernel/identity.js';
import type { Scope, ScopedRecord } from '../kernel/ports.js';
import { Office } from './office.entity.js';
import { ACCOUNT_OFFICER_ROLE_ID } from './permissions.js';

/**
 * Data scope for every module (clients, accounts, tills, loans): the office subtree, the Account Officer's
 * portfolio and the self-service customer's own clients, decided here once.
 */
export class ScopeService implements Scope {
  async officeIds(tx: Tx, staff: StaffIdentity): Promise<number[] | null> {
    if (staff.officeHierarchy === '.') return null;
    const offices = await tx.em.find(Office, { hierarchy: { $like: `${staff.officeHierarchy}%` } }, { fields: ['id'] });
    return offices.map((o) => o.id);
  }

  async officeVisible(tx: Tx, staff: StaffIdentity, officeId: number): Promise<boolean> {
    if (staff.officeHierarchy === '.') return (await tx.em.count(Office, { id: officeId })) > 0;
    return (await tx.em.count(Office, { id: officeId, hierarchy: { $like: `${staff.officeHierarchy}%` } })) > 0;
  }

  portfolioStaffId(staff: StaffIdentity): number | undefined {
    if (!staff.roleIds.includes(ACCOUNT_OFFICER_ROLE_ID)) return undefined;
    return staff.staffId ?? -1;
  }

  async canSee(tx: Tx, identity: Identity, record: ScopedRecord): Promise<boolean> {
    if (identity.kind === 'anonymous') return false;
    if (identity.kind === 'customer') return record.clientId != null && identity.clientIds.includes(record.clientId);
    const portfolio = this.portfolioStaffId(identity);
    if (portfolio !== undefined && record.staffId !== portfolio) return false;
    return this.officeVisible(tx, identity, record.officeId);
  }
}
