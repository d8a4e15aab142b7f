import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../subgraphs/platform/database.js';
import type { Tx } from '../../subgraphs/kernel/tx.js';
import type { StaffIdentity } from '../../subgraphs/kernel/identity.js';
import { loadConfig } from '../../subgraphs/kernel/config.js';
import { createLogger } from '../../subgraphs/platform/logger.js';
import { startPlatform, type Platform, type Services } from '../../subgraphs/registry.js';
import { createTestDatabase } from './database.js';

/**
 * The services of every module in-process on a fresh PostgreSQL database, without the HTTP edge: for rules
 * that do not need REST or GraphQL to be proven (scope, limits, locking). One per test file; each test
 * seeds its own tenant with `harness.tenant()` and the fluent builder below.
 */
export class ModuleHarness {
  private constructor(
    readonly platform: Platform,
    private readonly drop: () => Promise<void>,
  ) {}

  static async start(): Promise<ModuleHarness> {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, TENANTS: '' });
    const platform = await startPlatform(config, createLogger('silent'), { provision: false, relay: false, poolMax: 8 });
    return new ModuleHarness(platform, database.drop);
  }

  get services(): Services {
    return this.platform.services;
  }

  get db(): Database {
    return this.platform.db;
  }

  async stop(): Promise<void> {
    await this.platform.close();
    await this.drop();
  }

  /** A fresh tenant (head office, roles, admin, reference data) and a builder to seed it further. */
  async tenant(prefix = 'm'): Promise<SeedTenant> {
    const slug = `${prefix}${randomBytes(4).toString('hex')}`;
    await this.services.organisation.tenants.provision(slug, { adminPassword: 'password' });
    return new SeedTenant(this, slug);
  }
}

/** A tenant under construction: offices, staff, clients and staff identities, created through the real services. */
export class SeedTenant {
  constructor(
    readonly harness: ModuleHarness,
    readonly id: string,
  ) {}

  /** The super user, as the edge would forward it. */
  get admin(): StaffIdentity {
    return { kind: 'staff', tenantId: this.id, userId: 1, username: 'admin', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'] };
  }

  /** A staff identity at `officeId` with the given roles' permissions (read from the tenant's role table). */
  async identity(options: { officeId: number; roleIds: number[]; staffId?: number | null; userId?: number }): Promise<StaffIdentity> {
    const office = await this.harness.services.organisation.offices.get(this.admin, options.officeId);
    const permissions = await this.tx((tx) =>
      tx.em.execute<{ code: string }[]>(`select distinct code from organisation.role_permission where tenant_id = ? and role_id in (?)`, [tx.tenantId, options.roleIds]),
    );
    return {
      kind: 'staff', tenantId: this.id, userId: options.userId ?? 1000 + Math.floor(Math.random() * 1e6), username: 'seeded', officeId: office.id,
      officeHierarchy: office.hierarchy, staffId: options.staffId ?? null, roleIds: options.roleIds, permissions: permissions.map((p) => p.code),
    };
  }

  async branch(parentId = 1): Promise<number> {
    const office = await this.harness.services.organisation.offices.create(this.admin, { name: `Branch ${randomBytes(3).toString('hex')}`, parentId, openingDate: '2024-01-01' });
    return office.id;
  }

  async staff(officeId: number): Promise<number> {
    return (await this.harness.services.organisation.staff.create(this.admin, { officeId, firstname: 'Seed', lastname: `Staff${randomBytes(2).toString('hex')}` })).id;
  }

  async client(officeId: number, extra: { staffId?: number } = {}): Promise<number> {
    return (await this.harness.services.customer.onboarding.create(this.admin, { officeId, legalFormId: 1, firstname: 'Seed', lastname: 'Client', ...extra })).id;
  }

  tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.harness.db.tx(this.id, fn);
  }
}
