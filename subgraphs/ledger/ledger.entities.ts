import { BigIntType, DecimalType, PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantOwned } from '../kernel/tenant-owned.entity.js';

/** Fineract's GLAccountType: the root type of an account, which fixes its code range. */
export const GL_TYPES = {
  1: { code: 'accountType.asset', value: 'ASSET', from: 10000, to: 19999, normal: 'debit' },
  2: { code: 'accountType.liability', value: 'LIABILITY', from: 20000, to: 29999, normal: 'credit' },
  3: { code: 'accountType.equity', value: 'EQUITY', from: 30000, to: 39999, normal: 'credit' },
  4: { code: 'accountType.income', value: 'INCOME', from: 40000, to: 49999, normal: 'credit' },
  5: { code: 'accountType.expense', value: 'EXPENSE', from: 50000, to: 59999, normal: 'debit' },
} as const;
export type GLTypeId = keyof typeof GL_TYPES;

export const GL_USAGES = {
  1: { code: 'accountUsage.detail', value: 'DETAIL' },
  2: { code: 'accountUsage.header', value: 'HEADER' },
} as const;
export const USAGE_DETAIL = 1;
export const USAGE_HEADER = 2;

export { ENTRY_CREDIT, ENTRY_DEBIT } from './domain/posting.js';

/** One account of the chart. Header accounts only group; postings go to detail accounts. */
@Entity({ tableName: 'gl_account', schema: 'ledger' })
export class GLAccount extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'string', length: 45 })
  glCode!: string;

  @Property({ type: 'integer', nullable: true })
  parentId: number | null = null;

  @Property({ type: 'smallint' })
  type!: number;

  @Property({ type: 'smallint' })
  usage!: number;

  @Property({ type: 'boolean' })
  manualEntriesAllowed = true;

  @Property({ type: 'boolean' })
  disabled = false;

  @Property({ type: 'string', length: 500, nullable: true })
  description: string | null = null;

  /** A value of the tag code list of the account's type (AssetAccountTags...), or null. */
  @Property({ type: 'integer', nullable: true })
  tagId: number | null = null;
}

/** A currency the institution has enabled (Fineract's organisation currency). */
@Entity({ tableName: 'currency', schema: 'ledger' })
export class Currency extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'code'];

  @PrimaryKey({ type: 'string', length: 3 })
  code!: string;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'smallint' })
  decimalPlaces!: number;

  @Property({ type: 'integer', nullable: true })
  inMultiplesOf: number | null = null;

  @Property({ type: 'string', length: 10, nullable: true })
  displaySymbol: string | null = null;

  @Property({ type: 'string', length: 100 })
  nameCode!: string;

  @Property({ type: 'boolean' })
  base = false;
}

/**
 * One line of a journal transaction. Lines are immutable: the only later change is `reversed`, set when
 * a reversal transaction (new lines with opposite sides) is posted. Ids come from a database sequence.
 */
@Entity({ tableName: 'journal_entry', schema: 'ledger' })
export class JournalEntry extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: new BigIntType('number'), autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 50 })
  transactionId!: string;

  @Property({ type: 'integer' })
  officeId!: number;

  @Property({ type: 'integer' })
  glAccountId!: number;

  @Property({ type: 'string', length: 3 })
  currencyCode!: string;

  @Property({ type: 'date' })
  transactionDate!: string;

  /** 1 credit, 2 debit. */
  @Property({ type: 'smallint' })
  entryType!: number;

  @Property({ type: new DecimalType('string'), columnType: 'numeric(20,6)' })
  amount!: string;

  @Property({ type: 'boolean' })
  manualEntry = false;

  @Property({ type: 'boolean' })
  reversed = false;

  @Property({ type: 'string', length: 50, nullable: true })
  reversalTransactionId: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  reversalOf: string | null = null;

  @Property({ type: 'string', length: 30, nullable: true })
  entityType: string | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  entityId: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  referenceNumber: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  comments: string | null = null;
}

/** Accounting closure: no posting for the office on or before closingDate. */
@Entity({ tableName: 'gl_closure', schema: 'ledger' })
export class GLClosure extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'integer' })
  officeId!: number;

  @Property({ type: 'date' })
  closingDate!: string;

  @Property({ type: 'string', length: 500, nullable: true })
  comments: string | null = null;

  @Property({ type: 'boolean' })
  deleted = false;
}
