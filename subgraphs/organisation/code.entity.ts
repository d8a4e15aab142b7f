import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantOwned } from '../kernel/tenant-owned.entity.js';

/**
 * A code (Fineract m_code): a named list of values that other records point at (gender, closure
 * reasons...). System-defined codes are the ones the platform's own rules read; they keep their name.
 */
@Entity({ tableName: 'code', schema: 'organisation' })
export class Code extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'boolean' })
  systemDefined = false;
}

/** One value of a code (Fineract m_code_value). */
@Entity({ tableName: 'code_value', schema: 'organisation' })
export class CodeValue extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'integer' })
  codeId!: number;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'integer' })
  position = 0;

  @Property({ type: 'string', length: 500, nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean' })
  isActive = true;

  @Property({ type: 'boolean' })
  isMandatory = false;
}
