import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantOwned } from '../kernel/tenant-owned.entity.js';

@Entity({ tableName: 'role', schema: 'organisation' })
export class Role extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 500, nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean' })
  disabled = false;
}

@Entity({ tableName: 'role_permission', schema: 'organisation' })
export class RolePermission {
  [PrimaryKeyProp]?: ['tenantId', 'roleId', 'code'];

  @PrimaryKey({ type: 'string', length: 64 })
  tenantId!: string;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  roleId!: number;

  @PrimaryKey({ type: 'string', length: 100 })
  code!: string;
}
