import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { notTenantOwned } from '../platform/database.js';

/** The tenants registry: one row per institution, keyed by its slug. Not itself tenant-owned. */
@Entity({ tableName: 'tenant', schema: 'organisation' })
export class Tenant {
  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
notTenantOwned(Tenant);
