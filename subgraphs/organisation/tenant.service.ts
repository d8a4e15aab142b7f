import { TENANT_SLUG } from '../kernel/config.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { reserveUpTo } from '../kernel/sequence.js';
import { HEAD_OFFICE_ID, Office } from './office.entity.js';
import { hashPassword } from './password.js';
import { PaymentType } from './payment-type.entity.js';
import { SEED_ROLES, SUPER_USER_ROLE_ID } from './permissions.js';
import { Role, RolePermission } from './role.entity.js';
import { Tenant } from './tenant.entity.js';
import { AppUser, UserRole } from './user.entity.js';
import { allTenantIds, insertTenant } from './store/reference.store.js';

/** Old enough that any branch or back-dated record can open after it. */
const HEAD_OFFICE_OPENING_DATE = '2000-01-01';

/**
 * Per-tenant seeding other modules add to (the ledger's chart of accounts, currencies, products...). It runs
 * inside the provisioning transaction, so a tenant exists with all of its reference data or not at all.
 * Seeders must be idempotent: they also run for tenants that already exist (a module added later).
 */
export type TenantSeeder = (tx: Tx) => Promise<void>;

/**
 * Creates a tenant with everything an institution needs on day one: head office (id 1), the roles of
 * docs/interface.md with their ids, the super user `admin`, and the payment types Cash and Bank Transfer.
 * Idempotent: provisioning an existing tenant changes nothing (so TENANTS= can be applied at every start).
 */
export class TenantService {
  private readonly seeders: TenantSeeder[] = [];

  constructor(private readonly db: Database) {}

  addSeeder(seeder: TenantSeeder): void {
    this.seeders.push(seeder);
  }

  async provision(slug: string, options: { name?: string; adminPassword: string }): Promise<{ created: boolean }> {
    if (!TENANT_SLUG.test(slug)) throw new Error(`Invalid tenant slug "${slug}": lowercase letters, digits, - and _ only`);
    const passwordHash = await hashPassword(options.adminPassword);
    // Registering the slug and seeding its rows is one transaction: two instances starting together with
    // the same TENANTS race on the primary key, and the loser sees the tenant as already there.
    const created = await this.db
      .tx(slug, async (tx) => {
        if (!(await insertTenant(tx, slug, options.name ?? slug))) {
          await addMissingSeedRoles(tx);
          for (const seeder of this.seeders) await seeder(tx);
          return false;
        }
        const office = Object.assign(new Office(), {
          tenantId: slug,
          id: HEAD_OFFICE_ID,
          parentId: null,
          name: 'Head Office',
          hierarchy: '.',
          openingDate: HEAD_OFFICE_OPENING_DATE,
          externalId: null,
        });
        tx.em.persist(office);
        for (const seed of SEED_ROLES) {
          tx.em.persist(Object.assign(new Role(), { tenantId: slug, id: seed.id, name: seed.name, description: seed.description }));
          for (const code of seed.permissions) tx.em.persist(Object.assign(new RolePermission(), { tenantId: slug, roleId: seed.id, code }));
        }
        const admin = Object.assign(new AppUser(), {
          tenantId: slug,
          id: 1,
          username: 'admin',
          passwordHash,
          firstname: 'App',
          lastname: 'Administrator',
          email: null,
          officeId: HEAD_OFFICE_ID,
          passwordNeverExpires: true,
          lastPasswordChangeAt: new Date(),
        });
        tx.em.persist(admin);
        tx.em.persist(Object.assign(new UserRole(), { tenantId: slug, userId: 1, roleId: SUPER_USER_ROLE_ID }));
        tx.em.persist(Object.assign(new PaymentType(), { tenantId: slug, id: 1, name: 'Cash', description: 'Cash over the counter', isCashPayment: true, position: 1 }));
        tx.em.persist(Object.assign(new PaymentType(), { tenantId: slug, id: 2, name: 'Bank Transfer', description: 'Transfer from or to another bank', isCashPayment: false, position: 2 }));
        await tx.em.flush();
        await reserveUpTo(tx, 'office', HEAD_OFFICE_ID);
        await reserveUpTo(tx, 'user', 1);
        await reserveUpTo(tx, 'payment_type', 2);
        await reserveUpTo(tx, 'role', 2);
        for (const seeder of this.seeders) await seeder(tx);
        return true;
      });
    return { created };
  }

  async list(): Promise<Tenant[]> {
    return this.db.system((em) => em.find(Tenant, {}, { orderBy: { id: 'asc' } }));
  }

  /** Every tenant's id, in order (background jobs that visit each tenant). */
  async ids(): Promise<string[]> {
    return this.db.system((em) => allTenantIds(em));
  }
}

/** Roles added to the catalogue after a tenant was provisioned (Teller, the credit committees) reach it at the next start. */
async function addMissingSeedRoles(tx: Tx): Promise<void> {
  const existing = new Set((await tx.em.find(Role, {}, { fields: ['id'] })).map((r) => r.id));
  for (const seed of SEED_ROLES.filter((r) => !existing.has(r.id))) {
    tx.em.persist(Object.assign(new Role(), { tenantId: tx.tenantId, id: seed.id, name: seed.name, description: seed.description }));
    for (const code of seed.permissions) tx.em.persist(Object.assign(new RolePermission(), { tenantId: tx.tenantId, roleId: seed.id, code }));
  }
  await tx.em.flush();
}
