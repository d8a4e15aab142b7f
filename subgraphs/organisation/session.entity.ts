import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A login session. Only the SHA-256 of the key is stored: a database leak yields no usable keys. */
@Entity({ tableName: 'session', schema: 'organisation' })
export class Session {
  [PrimaryKeyProp]?: ['tenantId', 'keyHash'];

  @PrimaryKey({ type: 'string', length: 64 })
  tenantId!: string;

  @PrimaryKey({ type: 'string', length: 64 })
  keyHash!: string;

  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;
}
