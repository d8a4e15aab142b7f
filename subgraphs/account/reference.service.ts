import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import type { SavingsAccountService } from './savings-account.service.js';
import { ACCOUNT_CODES } from './codes.js';

/** A referee of a savings account (docs/interface.md); current and overdraft accounts need two before activation. */
export interface SavingsReference {
  id: number;
  savingsId: number;
  refereeName: string;
  refereeAccountNo: string | null;
  refereeBank: string | null;
  refereePhone: string;
  refereeEmail: string | null;
  refereeAddress: string | null;
  relationship: string;
}

export interface ReferenceInput {
  refereeName?: string | null;
  refereeAccountNo?: string | null;
  refereeBank?: string | null;
  refereePhone?: string | null;
  refereeEmail?: string | null;
  refereeAddress?: string | null;
  relationship?: string | null;
}

const COLUMNS = {
  refereeName: 'referee_name',
  refereeAccountNo: 'referee_account_no',
  refereeBank: 'referee_bank',
  refereePhone: 'referee_phone',
  refereeEmail: 'referee_email',
  refereeAddress: 'referee_address',
  relationship: 'relationship',
} as const;
const MAX: Record<keyof typeof COLUMNS, number> = { refereeName: 160, refereeAccountNo: 20, refereeBank: 20, refereePhone: 30, refereeEmail: 150, refereeAddress: 300, relationship: 60 };
const KEYS = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
const SELECT = `select id, account_id as "savingsId", ${KEYS.map((k) => `${COLUMNS[k]} as "${k}"`).join(', ')} from account.savings_reference`;

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
      return this.rows(tx, `where tenant_id = ? and account_id = ? order by id`, [tx.tenantId, accountId]);
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
      await tx.em.execute(
        `insert into account.savings_reference (tenant_id, id, account_id, ${KEYS.map((k) => COLUMNS[k]).join(', ')}, created_by, updated_by)
         values (?, ?, ?, ${KEYS.map(() => '?').join(', ')}, ?, ?)`,
        [tx.tenantId, id, accountId, ...KEYS.map((k) => input[k]?.trim() || null), staff.userId, staff.userId],
      );
      return this.one(tx, accountId, id);
    });
  }

  async update(identity: Identity, accountId: number, id: number, input: ReferenceInput): Promise<{ reference: SavingsReference; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATE_SAVINGSREFERENCE');
    validate(input, false);
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId, { lock: true });
      const before = await this.one(tx, accountId, id);
      const changes: Record<string, unknown> = {};
      for (const key of KEYS) {
        const value = input[key];
        if (value === undefined || value === null) continue;
        if (before[key] !== value.trim()) changes[key] = value.trim();
      }
      const keys = Object.keys(changes) as (keyof typeof COLUMNS)[];
      if (keys.length > 0) {
        await tx.em.execute(
          `update account.savings_reference set ${keys.map((k) => `${COLUMNS[k]} = ?`).join(', ')}, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`,
          [...keys.map((k) => changes[k]), staff.userId, tx.tenantId, id],
        );
      }
      return { reference: await this.one(tx, accountId, id), changes };
    });
  }

  async delete(identity: Identity, accountId: number, id: number): Promise<SavingsReference> {
    const staff = requireStaff(identity, 'DELETE_SAVINGSREFERENCE');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId, { lock: true });
      const reference = await this.one(tx, accountId, id);
      await tx.em.execute(`delete from account.savings_reference where tenant_id = ? and id = ?`, [tx.tenantId, id]);
      return reference;
    });
  }

  private async one(tx: Tx, accountId: number, id: number): Promise<SavingsReference> {
    const found = await this.rows(tx, `where tenant_id = ? and account_id = ? and id = ?`, [tx.tenantId, accountId, id]);
    if (!found[0]) throw notFound(id);
    return found[0];
  }

  private async rows(tx: Tx, where: string, params: unknown[]): Promise<SavingsReference[]> {
    const rows = await tx.em.execute<SavingsReference[]>(`${SELECT} ${where}`, params);
    return rows.map((r) => ({ ...r, id: Number(r.id), savingsId: Number(r.savingsId) }));
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
  for (const key of KEYS) v.maxLength(key, input[key], MAX[key]);
  if (input.refereePhone) v.check(/^\+?[0-9 ()-]{5,30}$/.test(input.refereePhone.trim()), 'refereePhone', 'invalid.format', 'The parameter `refereePhone` must be a phone number.', input.refereePhone);
  if (input.refereeEmail) v.check(/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.refereeEmail.trim()), 'refereeEmail', 'invalid.format', 'The parameter `refereeEmail` must be an email address.', input.refereeEmail);
  v.throwIfAny();
}
