import type { Tx } from '../kernel/tx.js';
import type { Identity, StaffIdentity } from '../kernel/identity.js';
import type { Scope, ScopedRecord } from '../kernel/ports.js';
import { ReferenceMap } from '../platform/reference-cache.js';
import { Office } from './office.entity.js';
import { ACCOUNT_OFFICER_ROLE_ID } from './permissions.js';
import { officeHierarchy } from './store/offices.store.js';

/**
 * Data scope for every module (clients, accounts, tills, loans): the office subtree, the Account Officer's
 * portfolio and the self-service customer's own clients, decided here once.
 */
export class ScopeService implements Scope {
  /** Each office's hierarchy path (null: no such office), cached: every scoped command checks its record's office. */
  private readonly hierarchies = new ReferenceMap((tx: Tx, officeId: number) => officeHierarchy(tx, officeId));

  async officeIds(tx: Tx, staff: StaffIdentity): Promise<number[] | null> {
    if (staff.officeHierarchy === '.') return null;
    const offices = await tx.em.find(Office, { hierarchy: { $like: `${staff.officeHierarchy}%` } }, { fields: ['id'] });
    return offices.map((o) => o.id);
  }

  async officeVisible(tx: Tx, staff: StaffIdentity, officeId: number): Promise<boolean> {
    const hierarchy = await this.hierarchies.get(tx, officeId);
    return hierarchy !== null && hierarchy.startsWith(staff.officeHierarchy);
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
