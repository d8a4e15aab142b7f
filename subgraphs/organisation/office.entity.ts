import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantOwned } from '../kernel/tenant-owned.entity.js';

@Entity({ tableName: 'office', schema: 'organisation' })
export class Office extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'integer', nullable: true })
  parentId: number | null = null;

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** Fineract's materialized path: "." for the head office, ".2." for its child, ".2.5." below that. */
  @Property({ type: 'string', length: 255 })
  hierarchy!: string;

  @Property({ type: 'date' })
  openingDate!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  externalId: string | null = null;
}

export const HEAD_OFFICE_ID = 1;
