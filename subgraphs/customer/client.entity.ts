import { PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantOwned } from '../kernel/tenant-owned.entity.js';

export const LEGAL_FORM_PERSON = 1;
export const LEGAL_FORM_ENTITY = 2;

export const CLIENT_STATUS_PENDING = 100;
export const CLIENT_STATUS_ACTIVE = 300;
export const CLIENT_STATUS_WITHDRAWN = 800;
export const CLIENT_STATUS_CLOSED = 600;
export const CLIENT_STATUS_REJECTED = 700;

/**
 * A customer (Fineract m_client): a person or a corporate entity, identified by its CIF, which never
 * changes. The corporate details (clientNonPersonDetails and corporate KYC) live on the same row:
 * there is at most one set per client.
 */
@Entity({ tableName: 'client', schema: 'customer' })
export class Client extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  /** "CIF" + 8 digits, assigned once from a per-tenant counter. */
  @Property({ type: 'string', length: 11 })
  cif!: string;

  /** 9 digits, assigned once from a per-tenant counter. */
  @Property({ type: 'string', length: 9 })
  accountNo!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  externalId: string | null = null;

  @Property({ type: 'smallint' })
  legalFormId!: number;

  @Property({ type: 'string', length: 50, nullable: true })
  firstname: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  middlename: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  lastname: string | null = null;

  @Property({ type: 'string', length: 160, nullable: true })
  fullname: string | null = null;

  @Property({ type: 'string', length: 200 })
  displayName!: string;

  @Property({ type: 'integer' })
  officeId!: number;

  @Property({ type: 'integer', nullable: true })
  staffId: number | null = null;

  @Property({ type: 'smallint' })
  statusId: number = CLIENT_STATUS_PENDING;

  @Property({ type: 'date' })
  submittedOnDate!: string;

  @Property({ type: 'date', nullable: true })
  activationDate: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  mobileNo: string | null = null;

  @Property({ type: 'string', length: 150, nullable: true })
  emailAddress: string | null = null;

  @Property({ type: 'date', nullable: true })
  dateOfBirth: string | null = null;

  @Property({ type: 'string', length: 11, nullable: true })
  bvn: string | null = null;

  @Property({ type: 'boolean' })
  bvnVerified = false;

  /** Set when the BVN was found on another active client of the tenant (bvn.duplicate_detected). */
  @Property({ type: 'boolean' })
  bvnDuplicate = false;

  @Property({ type: 'string', length: 11, nullable: true })
  nin: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  proofOfAddressReference: string | null = null;

  @Property({ type: 'smallint' })
  kycTier = 1;

  // clientNonPersonDetails (entities only)
  @Property({ type: 'integer', nullable: true })
  constitutionId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  mainBusinessLineId: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  incorpNumber: string | null = null;

  @Property({ type: 'date', nullable: true })
  incorpValidityTillDate: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  remarks: string | null = null;

  // corporate KYC (entities only); scumlNumber is shared with clientNonPersonDetails
  @Property({ type: 'string', length: 100, nullable: true })
  scumlNumber: string | null = null;

  @Property({ type: 'date', nullable: true })
  scumlExpiry: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  tin: string | null = null;

  // Code values (organisation module's codes Gender, ClientType, ClientClassification)
  @Property({ type: 'integer', nullable: true })
  genderId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  clientTypeId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  clientClassificationId: number | null = null;

  // Lifecycle (close, reject, withdraw and their undoing); reasons are code values
  @Property({ type: 'integer', nullable: true })
  closureReasonId: number | null = null;

  @Property({ type: 'date', nullable: true })
  closedOnDate: string | null = null;

  @Property({ type: 'integer', nullable: true })
  rejectionReasonId: number | null = null;

  @Property({ type: 'date', nullable: true })
  rejectedOnDate: string | null = null;

  @Property({ type: 'integer', nullable: true })
  withdrawalReasonId: number | null = null;

  @Property({ type: 'date', nullable: true })
  withdrawnOnDate: string | null = null;

  @Property({ type: 'date', nullable: true })
  reactivatedOnDate: string | null = null;

  @Property({ type: 'date', nullable: true })
  reopenedOnDate: string | null = null;
}

export const OFFICIAL_TYPES = ['DIRECTOR', 'SIGNATORY', 'BENEFICIAL_OWNER'] as const;
export type OfficialType = (typeof OFFICIAL_TYPES)[number];

/** A director, signatory or beneficial owner of a corporate client. */
@Entity({ tableName: 'client_official', schema: 'customer' })
export class ClientOfficial extends TenantOwned {
  [PrimaryKeyProp]?: ['tenantId', 'id'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'integer' })
  clientId!: number;

  @Property({ type: 'string', length: 20 })
  officialType!: OfficialType;

  @Property({ type: 'string', length: 160 })
  name!: string;

  @Property({ type: 'string', length: 11, nullable: true })
  bvn: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  tin: string | null = null;

  /** Percentage 0..100 with two decimals, as an exact decimal string. */
  @Property({ type: 'decimal', precision: 5, scale: 2, nullable: true })
  ownershipPct: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  phone: string | null = null;

  @Property({ type: 'string', length: 150, nullable: true })
  email: string | null = null;
}
