import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantOwned } from '../kernel/tenant-owned.entity.js';

@Entity({ tableName: 'payment_type', schema: 'organisation' })
export class PaymentType extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 500, nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean' })
  isCashPayment = false;

  @Property({ type: 'integer' })
  position = 0;
}
