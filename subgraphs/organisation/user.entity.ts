import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantOwned } from '../kernel/tenant-owned.entity.js';

@Entity({ tableName: 'app_user', schema: 'organisation' })
export class AppUser extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 100 })
  username!: string;

  /** scrypt$N$r$p$salt$hash, see password.ts. */
  @Property({ type: 'string', length: 255, hidden: true })
  passwordHash!: string;

  @Property({ type: 'string', length: 100 })
  firstname!: string;

  @Property({ type: 'string', length: 100 })
  lastname!: string;

  @Property({ type: 'string', length: 150, nullable: true })
  email: string | null = null;

  @Property({ type: 'integer' })
  officeId!: number;

  @Property({ type: 'integer', nullable: true })
  staffId: number | null = null;

  /** A customer's login (self-service); its client ids live in organisation.user_client. */
  @Property({ type: 'boolean' })
  isSelfServiceUser = false;

  @Property({ type: 'boolean' })
  passwordNeverExpires = false;

  @Property({ type: 'boolean' })
  enabled = true;

  @Property({ type: 'boolean' })
  deleted = false;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastPasswordChangeAt: Date | null = null;

  /** A one-time password staff set: until it is changed, the user's sessions may only change it. */
  @Property({ type: 'boolean' })
  mustChangePassword = false;
}

@Entity({ tableName: 'user_role', schema: 'organisation' })
export class UserRole {
  [PrimaryKeyProp]?: ['tenantId', 'userId', 'roleId'];

  @PrimaryKey({ type: 'string', length: 64 })
  tenantId!: string;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  userId!: number;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  roleId!: number;
}

/** Which clients a self-service user may act for (Fineract's m_selfservice_user_client_mapping). */
@Entity({ tableName: 'user_client', schema: 'organisation' })
export class UserClient {
  [PrimaryKeyProp]?: ['tenantId', 'userId', 'clientId'];

  @PrimaryKey({ type: 'string', length: 64 })
  tenantId!: string;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  userId!: number;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  clientId!: number;
}
