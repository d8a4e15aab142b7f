import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Base of every tenant-owned row: `tenant_id` leads the primary key (and so every unique index and
 * foreign key built on it), and the audit columns record who changed the row and when.
 */
export abstract class TenantOwned {
  @PrimaryKey({ type: 'string', length: 64 })
  tenantId!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'integer', nullable: true })
  createdBy: number | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'integer', nullable: true })
  updatedBy: number | null = null;
}

/** SQL for the audit columns every tenant table carries (kept beside the entity that maps them). */
export const AUDIT_COLUMNS = `created_at timestamptz not null default now(),
  created_by integer,
  updated_at timestamptz not null default now(),
  updated_by integer`;
