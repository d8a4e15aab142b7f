import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireCustomer, type CustomerIdentity, type Identity } from '../kernel/identity.js';
import { formatAmount, Money } from '../kernel/money.js';
import { nextValue } from '../kernel/sequence.js';
import { SELF_CODES } from './codes.js';
import { takeCustomerAllowance } from './customer-rate-limit.js';
import type { SelfAccount, SelfDependencies } from './self.ports.js';
import { beneficiariesOf, deleteBeneficiary, insertBeneficiary, ownBeneficiary, updateBeneficiary, type BeneficiaryRow } from './self.store.js';

/** Fineract's third-party transfer (tpt) beneficiary body. */
export interface BeneficiaryInput {
  name?: string | null;
  officeName?: string | null;
  accountNumber?: string | null;
  accountType?: number | null;
  transferLimit?: string | null;
}

export interface BeneficiaryView extends BeneficiaryRow {
  officeName: string;
  clientName: string;
  accountNumber: string;
}

/** Fineract's accountType of a tpt beneficiary: 2 savings (the only kind transfers reach here). */
export const SAVINGS_ACCOUNT_TYPE = 2;

const notFound = (id: unknown) => errors.notFound(SELF_CODES.beneficiaryNotFound, `Beneficiary with identifier ${id} does not exist`, id);

/**
 * A customer's third-party transfer beneficiaries: accounts of other customers of the institution they
 * may send to, each with an optional transfer limit. Another customer's entries are 404, never data.
 */
export class BeneficiaryService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async list(identity: Identity): Promise<BeneficiaryView[]> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, async (tx) => Promise.all((await beneficiariesOf(tx, customer.clientIds)).map((b) => this.view(tx, b))));
  }

  async create(identity: Identity, input: BeneficiaryInput): Promise<BeneficiaryView> {
    const customer = requireCustomer(identity);
    const v = new Validator('beneficiary');
    if (v.required('name', input.name)) v.maxLength('name', input.name!.trim(), 100);
    v.required('officeName', input.officeName);
    v.required('accountNumber', input.accountNumber);
    if (v.required('accountType', input.accountType)) v.check(input.accountType === SAVINGS_ACCOUNT_TYPE, 'accountType', 'is.not.one.of.expected.enumerations', 'Only savings accounts (accountType 2) can be beneficiaries.', input.accountType);
    checkLimit(v, input.transferLimit);
    v.throwIfAny();
    // Each attempt (found or not) reads whether an account number exists and, once added, its holder's name.
    await takeCustomerAllowance(this.db, this.deps.settings, customer, 'beneficiary');
    return this.db.tx(customer.tenantId, async (tx) => {
      const account = await this.deps.accounts.byAccountNo(tx, accountNumberOf(input.accountNumber!));
      const office = account ? await this.deps.organisation.office(tx, account.officeId) : null;
      // An account that does not exist and one booked at another office are the same answer.
      if (!account || !office || office.name.trim().toLowerCase() !== input.officeName!.trim().toLowerCase()) {
        throw errors.notFound(SELF_CODES.beneficiaryAccountNotFound, 'No account with this number at this office.', input.accountNumber);
      }
      const row: BeneficiaryRow = {
        id: await nextValue(tx, 'self.beneficiary'), clientId: customer.clientIds[0]!, name: input.name!.trim(), officeId: account.officeId, accountId: account.id,
        accountType: SAVINGS_ACCOUNT_TYPE, transferLimit: input.transferLimit == null ? null : formatAmount(input.transferLimit),
      };
      await this.unique(() => insertBeneficiary(tx, row, customer.userId), row.name);
      return this.view(tx, row);
    });
  }

  /** Fineract lets a customer change a beneficiary's name and transfer limit, nothing else. */
  async update(identity: Identity, id: number, input: Pick<BeneficiaryInput, 'name' | 'transferLimit'>): Promise<{ beneficiary: BeneficiaryView; changes: Record<string, unknown> }> {
    const customer = requireCustomer(identity);
    const v = new Validator('beneficiary');
    if (input.name !== undefined && v.required('name', input.name)) v.maxLength('name', input.name!.trim(), 100);
    checkLimit(v, input.transferLimit);
    v.throwIfAny();
    return this.db.tx(customer.tenantId, async (tx) => {
      const current = await this.own(tx, customer, id, true);
      const next = { name: input.name?.trim() ?? current.name, transferLimit: input.transferLimit === undefined ? current.transferLimit : input.transferLimit === null ? null : formatAmount(input.transferLimit) };
      const changes: Record<string, unknown> = {};
      if (next.name !== current.name) changes.name = next.name;
      if (next.transferLimit !== current.transferLimit) changes.transferLimit = next.transferLimit;
      await this.unique(() => updateBeneficiary(tx, id, next, customer.userId), next.name);
      return { beneficiary: await this.view(tx, { ...current, ...next }), changes };
    });
  }

  async delete(identity: Identity, id: number): Promise<number> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, async (tx) => {
      await this.own(tx, customer, id, true);
      await deleteBeneficiary(tx, id, customer.userId);
      return id;
    });
  }

  private async own(tx: Tx, customer: CustomerIdentity, id: number, lock: boolean): Promise<BeneficiaryRow> {
    const found = await ownBeneficiary(tx, customer.clientIds, id, lock);
    if (!found) throw notFound(id);
    return found;
  }

  private async unique(write: () => Promise<void>, name: string): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error, 'beneficiary_name')) throw errors.duplicate(SELF_CODES.beneficiaryDuplicate, `A beneficiary named ${name} already exists.`, 'name', name);
      throw error;
    }
  }

  private async view(tx: Tx, b: BeneficiaryRow): Promise<BeneficiaryView> {
    return beneficiaryView(tx, this.deps, b, await this.deps.accounts.get(tx, b.accountId));
  }
}

/** A beneficiary as the customer sees it, given its account as already read (null when it is gone). */
export async function beneficiaryView(tx: Tx, deps: SelfDependencies, b: BeneficiaryRow, account: SelfAccount | null): Promise<BeneficiaryView> {
  const holder = account ? await deps.customers.client(tx, account.clientId) : null;
  const office = await deps.organisation.office(tx, b.officeId);
  return { ...b, officeName: office?.name ?? '', clientName: holder?.displayName ?? '', accountNumber: account?.accountNo ?? '' };
}

/**
 * Account numbers are 10-digit NUBANs; Fineract's clients may send one as a JSON number, which cannot
 * carry its leading zeros, so a shorter run of digits is padded back.
 */
function accountNumberOf(text: string): string {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? trimmed.padStart(10, '0') : trimmed;
}

function checkLimit(v: Validator, limit: string | null | undefined): void {
  if (limit != null) v.check(new Money(limit).gt(0), 'transferLimit', 'must.be.greater.than.zero', 'The parameter `transferLimit` must be greater than zero.', limit);
}
