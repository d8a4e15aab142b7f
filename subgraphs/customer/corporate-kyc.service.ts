import { assertScumlOnFile } from './domain/client-rules.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { Money } from '../kernel/money.js';
import { parseLocalDate, todayIso } from '../kernel/scalars.js';
import { nextValue } from '../kernel/sequence.js';
import { BVN_PATTERN } from './bvn-verifier.js';
import { Client, ClientOfficial, LEGAL_FORM_ENTITY, OFFICIAL_TYPES, type OfficialType } from './client.entity.js';
import type { ClientQueries } from './client.queries.js';
import { BENEFICIAL_OWNER_MIN_PCT } from './kyc.js';
import { CUSTOMER_CODES } from './codes.js';

export interface CorporateKycInput {
  tin?: string | null;
  scumlNumber?: string | null;
  /** ISO 8601 YYYY-MM-DD (docs/interface.md), not a Fineract-formatted date. */
  scumlExpiry?: string | null;
}

export interface CorporateKyc {
  clientId: number;
  tin: string | null;
  scumlNumber: string | null;
  scumlExpiry: string | null;
}

export interface OfficialInput {
  officialType?: string | null;
  name?: string | null;
  bvn?: string | null;
  tin?: string | null;
  ownershipPct?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface CorporateKycStatus {
  clientId: number;
  kycTier: number;
  complete: boolean;
  /** Codes of the tier 3 requirements not yet on file. */
  missing: string[];
  beneficialOwnershipPct: string;
}

const officialNotFound = (id: number) => errors.notFound(CUSTOMER_CODES.clientOfficialIdInvalid, `Client official with identifier ${id} does not exist`, id);

/** Corporate KYC attributes (docs/interface.md) and officials (2.3) of corporate clients. The only writer of customer.client_official. */
export class CorporateKycService {
  constructor(
    private readonly db: Database,
    private readonly clients: ClientQueries,
  ) {}

  async get(identity: Identity, clientId: number): Promise<CorporateKyc> {
    const staff = requireStaff(identity, 'READ_CORPORATEKYC');
    return this.db.tx(staff.tenantId, async (tx) => toKyc(await this.corporate(tx, staff, clientId)));
  }

  async update(identity: Identity, clientId: number, input: CorporateKycInput): Promise<{ kyc: CorporateKyc; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_CORPORATEKYC');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, clientId, input));
  }

  async updateCore(tx: Tx, actor: Actor, clientId: number, input: CorporateKycInput): Promise<{ kyc: CorporateKyc; changes: Record<string, unknown> }> {
    const v = new Validator('corporatekyc');
    v.maxLength('tin', input.tin, 50);
    v.maxLength('scumlNumber', input.scumlNumber, 100);
    if (input.scumlExpiry) {
      try {
        parseLocalDate(input.scumlExpiry);
      } catch {
        v.fail('scumlExpiry', 'invalid.date.format', 'The parameter `scumlExpiry` must be an ISO 8601 date (YYYY-MM-DD).', input.scumlExpiry);
      }
    }
    v.throwIfAny();
    const client = await this.corporate(tx, actor, clientId, true);
    const changes: Record<string, unknown> = {};
    for (const key of ['tin', 'scumlNumber', 'scumlExpiry'] as const) {
      const raw = input[key];
      if (raw === undefined) continue;
      const value = raw === null ? null : raw.trim() || null;
      if (value !== client[key]) {
        client[key] = value;
        changes[key] = value;
      }
    }
    assertScumlOnFile(client);
    if (Object.keys(changes).length > 0) {
      client.updatedBy = actor.userId;
      await tx.em.flush();
    }
    return { kyc: toKyc(client), changes };
  }

  async officials(identity: Identity, clientId: number): Promise<ClientOfficial[]> {
    const staff = requireStaff(identity, 'READ_CLIENTOFFICIAL');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.corporate(tx, staff, clientId);
      return tx.em.find(ClientOfficial, { clientId }, { orderBy: { id: 'asc' } });
    });
  }

  /** For the Client.officials field: officials of clients the caller has already been allowed to read. */
  async officialsByClientIds(tenantId: string, clientIds: readonly number[]): Promise<Map<number, ClientOfficial[]>> {
    const rows = await this.db.tx(tenantId, (tx) => tx.em.find(ClientOfficial, { clientId: { $in: [...clientIds] } }, { orderBy: { id: 'asc' } }));
    const byClient = new Map<number, ClientOfficial[]>(clientIds.map((id) => [id, []]));
    for (const row of rows) byClient.get(row.clientId)?.push(row);
    return byClient;
  }

  async addOfficial(identity: Identity, clientId: number, input: OfficialInput): Promise<ClientOfficial> {
    const actor = requireStaff(identity, 'CREATE_CLIENTOFFICIAL');
    return this.db.tx(actor.tenantId, (tx) => this.addOfficialCore(tx, actor, clientId, input));
  }

  async addOfficialCore(tx: Tx, actor: Actor, clientId: number, input: OfficialInput): Promise<ClientOfficial> {
    const v = new Validator('clientofficial');
    if (v.required('officialType', input.officialType)) {
      v.check(OFFICIAL_TYPES.includes(input.officialType as OfficialType), 'officialType', 'is.not.one.of.expected.enumerations', `The parameter \`officialType\` must be one of ${OFFICIAL_TYPES.join(', ')}.`, input.officialType);
    }
    if (v.required('name', input.name)) v.maxLength('name', input.name, 160);
    if (input.bvn) v.check(BVN_PATTERN.test(input.bvn), 'bvn', 'must.be.11.digits', 'The parameter `bvn` must be exactly 11 digits.', input.bvn);
    v.maxLength('tin', input.tin, 50);
    v.maxLength('phone', input.phone, 50);
    v.maxLength('email', input.email, 150);
    let pct: Money | null = null;
    if (input.ownershipPct != null) {
      pct = new Money(input.ownershipPct);
      v.check(pct.gte(0) && pct.lte(100), 'ownershipPct', 'is.not.within.expected.range', 'The parameter `ownershipPct` must be between 0 and 100.', input.ownershipPct);
      v.check((pct.decimalPlaces() ?? 0) <= 2, 'ownershipPct', 'exceeds.max.decimal.places', 'The parameter `ownershipPct` takes at most 2 decimals.', input.ownershipPct);
    } else if (input.officialType === 'BENEFICIAL_OWNER') {
      v.fail('ownershipPct', 'cannot.be.blank', 'The parameter `ownershipPct` is mandatory for a beneficial owner.');
    }
    v.throwIfAny();
    const type = input.officialType as OfficialType;
    if (type === 'BENEFICIAL_OWNER' && pct!.lt(BENEFICIAL_OWNER_MIN_PCT)) {
      throw errors.domainRule(CUSTOMER_CODES.clientOfficialBeneficialOwnerBelowThreshold, `A beneficial owner holds ${BENEFICIAL_OWNER_MIN_PCT}% or more.`, [input.ownershipPct], 'ownershipPct');
    }
    // The client row lock serializes officials of one client, so the ownership total holds under concurrency.
    await this.corporate(tx, actor, clientId, true);
    if (type === 'BENEFICIAL_OWNER') {
      const total = await this.beneficialTotal(tx, clientId);
      if (total.plus(pct!).gt(100)) {
        throw errors.domainRule(CUSTOMER_CODES.clientOfficialOwnershipExceedsTotal, 'Total beneficial ownership cannot exceed 100%.', [total.toFixed(), input.ownershipPct], 'ownershipPct');
      }
    }
    const official = new ClientOfficial();
    official.tenantId = tx.tenantId;
    official.id = await nextValue(tx, 'client_official');
    official.clientId = clientId;
    official.officialType = type;
    official.name = input.name!.trim();
    official.bvn = input.bvn ?? null;
    official.tin = input.tin ?? null;
    official.ownershipPct = pct === null ? null : pct.toFixed();
    official.phone = input.phone ?? null;
    official.email = input.email ?? null;
    official.createdBy = official.updatedBy = actor.userId;
    await tx.em.persist(official).flush();
    return official;
  }

  async removeOfficial(identity: Identity, clientId: number, officialId: number): Promise<ClientOfficial> {
    const actor = requireStaff(identity, 'DELETE_CLIENTOFFICIAL');
    return this.db.tx(actor.tenantId, (tx) => this.removeOfficialCore(tx, actor, clientId, officialId));
  }

  async removeOfficialCore(tx: Tx, actor: Actor, clientId: number, officialId: number): Promise<ClientOfficial> {
    await this.corporate(tx, actor, clientId, true);
    const official = await tx.em.findOne(ClientOfficial, { id: officialId, clientId });
    if (!official) throw officialNotFound(officialId);
    await tx.em.remove(official).flush();
    return official;
  }

  /**
   * Tier 3 requirements of docs/interface.md, KYC tiers that this module holds: corporate status, registry
   * documents (constitution and registration number, certificate not expired), tax id, beneficial
   * owners. Referees belong to savings accounts and are checked when an account is activated.
   */
  async status(identity: Identity, clientId: number): Promise<CorporateKycStatus> {
    const staff = requireStaff(identity, 'READ_CORPORATEKYC');
    return this.db.tx(staff.tenantId, async (tx) => {
      const client = await this.corporate(tx, staff, clientId);
      const today = todayIso();
      const missing: string[] = [];
      if (client.constitutionId == null) missing.push('constitutionId');
      if (!client.incorpNumber) missing.push('incorpNumber');
      if (client.incorpValidityTillDate && client.incorpValidityTillDate < today) missing.push('incorpValidityTillDate.expired');
      if (!client.tin) missing.push('tin');
      if (client.scumlExpiry && client.scumlExpiry < today) missing.push('scumlExpiry.expired');
      const owners = await tx.em.count(ClientOfficial, { clientId, officialType: 'BENEFICIAL_OWNER' });
      if (owners === 0) missing.push('beneficialOwners');
      const total = await this.beneficialTotal(tx, clientId);
      return { clientId, kycTier: client.kycTier, complete: missing.length === 0, missing, beneficialOwnershipPct: total.toFixed() };
    });
  }

  /** A visible corporate client, else 404 (not visible) or 403 (a person). */
  private async corporate(tx: Tx, staff: StaffIdentity, clientId: number, forUpdate = false): Promise<Client> {
    const client = await this.clients.getVisible(tx, staff, clientId, forUpdate);
    if (client.legalFormId !== LEGAL_FORM_ENTITY) {
      throw errors.domainRule(CUSTOMER_CODES.clientNotCorporateEntity, 'Corporate KYC and officials apply only to corporate entities (legalFormId 2).', [clientId], 'clientId');
    }
    return client;
  }

  private async beneficialTotal(tx: Tx, clientId: number): Promise<Money> {
    const rows = await tx.em.find(ClientOfficial, { clientId, officialType: 'BENEFICIAL_OWNER' }, { fields: ['ownershipPct'] });
    return rows.reduce((sum, r) => sum.plus(r.ownershipPct ?? 0), new Money(0));
  }
}

function toKyc(client: Client): CorporateKyc {
  return { clientId: client.id, tin: client.tin, scumlNumber: client.scumlNumber, scumlExpiry: client.scumlExpiry };
}
