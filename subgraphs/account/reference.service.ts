import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import type { SavingsAccountService } from './savings-account.service.js';
import { ACCOUNT_CODES } from './codes.js';
import { deleteReference, findReference, insertReference, referencesOf, REFERENCE_FIELDS, updateReference, type ReferenceField, type SavingsReference } from './store/reference.store.js';

export interface ReferenceInput {
  refereeName?: string | null;
  refereeAccountNo?: string | null;
  refereeBank?: string | null;
  refereePhone?: string | null;
  refereeEmail?: string | null;
  refereeAddress?: string | null;
  relationship?: string | null;
}

const MAX: Record<ReferenceField, number> = { refereeName: 160, refereeAccountNo: 20, refereeBank: 20, refereePhone: 30, refereeEmail: 150, refereeAddress: 300, relationship: 60 };

const notFound = (id: unknown) => errors.notFound(ACCOUNT_CODES.savingsaccountReferenceIdInvalid, `Savings account reference with identifier ${id} does not exist`, id);

/** Account references (referees). The only writer of account.savings_reference. */
export class ReferenceService {
  constructor(
    private readonly db: Database,
    private readonly accounts: SavingsAccountService,
  ) {}

  async list(identity: Identity, accountId: number): Promise<SavingsReference[]> {
    const staff = requireStaff(identity, 'READ_SAVINGSREFERENCE');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      return referencesOf(tx, accountId);
    });
  }

  async get(identity: Identity, accountId: number, id: number): Promise<SavingsReference> {
    const staff = requireStaff(identity, 'READ_SAVINGSREFERENCE');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      return this.one(tx, accountId, id);
    });
  }

  async create(identity: Identity, accountId: number, input: ReferenceInput): Promise<SavingsReference> {
    const staff = requireStaff(identity, 'CREATE_SAVINGSREFERENCE');
    validate(input, true);
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId, { lock: true });
      const id = await nextValue(tx, 'savingsreference');
      const values = Object.fromEntries(REFERENCE_FIELDS.map((k) => [k, input[k]?.trim() || null])) as Record<ReferenceField, string | null>;
      await insertReference(tx, id, accountId, values, staff.userId);
      return this.one(tx, accountId, id);
    });
  }

  async update(identity: Identity, accountId: number, id: number, input: ReferenceInput): Promise<{ reference: SavingsReference; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATE_SAVINGSREFERENCE');
    validate(input, false);
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId, { lock: true });
      const before = await this.one(tx, accountId, id);
      const changes: Partial<Record<ReferenceField, string>> = {};
      for (const key of REFERENCE_FIELDS) {
        const value = input[key];
        if (value === undefined || value === null) continue;
        if (before[key] !== value.trim()) changes[key] = value.trim();
      }
      if (Object.keys(changes).length > 0) await updateReference(tx, id, changes, staff.userId);
      return { reference: await this.one(tx, accountId, id), changes };
    });
  }

  async delete(identity: Identity, accountId: number, id: number): Promise<SavingsReference> {
    const staff = requireStaff(identity, 'DELETE_SAVINGSREFERENCE');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId, { lock: true });
      const reference = await this.one(tx, accountId, id);
      await deleteReference(tx, id);
      return reference;
    });
  }

  private async one(tx: Tx, accountId: number, id: number): Promise<SavingsReference> {
    const found = await findReference(tx, accountId, id);
    if (!found) throw notFound(id);
    return found;
  }
}

function validate(input: ReferenceInput, creating: boolean): void {
  const v = new Validator('savingsaccount.reference');
  if (creating) {
    v.required('refereeName', input.refereeName);
    v.required('refereePhone', input.refereePhone);
    v.required('relationship', input.relationship);
  } else {
    for (const key of ['refereeName', 'refereePhone', 'relationship'] as const) {
      if (input[key] !== undefined && input[key] !== null && input[key]!.trim() === '') v.fail(key, 'cannot.be.blank', `The parameter \`${key}\` cannot be blank.`);
    }
  }
  for (const key of REFERENCE_FIELDS) v.maxLength(key, input[key], MAX[key]);
  if (input.refereePhone) v.check(/^\+?[0-9 ()-]{5,30}$/.test(input.refereePhone.trim()), 'refereePhone', 'invalid.format', 'The parameter `refereePhone` must be a phone number.', input.refereePhone);
  if (input.refereeEmail) v.check(/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.refereeEmail.trim()), 'refereeEmail', 'invalid.format', 'The parameter `refereeEmail` must be an email address.', input.refereeEmail);
  v.throwIfAny();
}
