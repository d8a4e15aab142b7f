import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantOwned } from '../kernel/tenant-owned.entity.js';

@Entity({ tableName: 'staff', schema: 'organisation' })
export class Staff extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'integer' })
  officeId!: number;

  @Property({ type: 'string', length: 50 })
  firstname!: string;

  @Property({ type: 'string', length: 50 })
  lastname!: string;

  @Property({ type: 'boolean' })
  isLoanOfficer = false;

  @Property({ type: 'boolean' })
  isActive = true;

  @Property({ type: 'string', length: 50, nullable: true })
  mobileNo: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  externalId: string | null = null;

  @Property({ type: 'date', nullable: true })
  joiningDate: string | null = null;

  get displayName(): string {
    return `${this.lastname}, ${this.firstname}`;
  }
}
