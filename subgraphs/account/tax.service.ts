import type { Database } from '../platform/database.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type Identity } from '../kernel/identity.js';
import { Money } from '../kernel/money.js';
import { nextValue } from '../kernel/sequence.js';
import type { Tx } from '../kernel/tx.js';
import type { AccountDependencies } from './account.ports.js';
import type { AccountRow } from './account.rows.js';
import type { SavingsAccountService } from './savings-account.service.js';
import {
  accountTaxSettings, findComponents, findGroups, insertComponent, insertGroup, renameGroup, setAccountWithHoldTax, updateComponent, upsertGroupComponent, type TaxComponentRow, type TaxGroupRow,
} from './store/tax.store.js';

/** Fineract's GL account type of a tax component's credit account: only a liability (2) is offered. */
export const TAX_CREDIT_ACCOUNT_LIABILITY = 2;
/** The chart's withholding tax payable account, credited when a component names none. */
export const WITHHOLDING_TAX_GL = '22201';
/** Components one group may name (bounded before the list is walked). */
export const MAX_GROUP_COMPONENTS = 20;

export interface TaxComponentInput {
  name?: string | null;
  percentage?: string | null;
  creditAccountType?: number | null;
  creditAcountId?: number | null;
  startDate?: string | null;
}

export interface TaxGroupInput {
  name?: string | null;
  taxComponents?: { taxComponentId: number; startDate?: string | null }[] | null;
}

const componentNotFound = (id: unknown) => errors.notFound('error.msg.tax.component.id.invalid', `Tax component with identifier ${id} does not exist`, id);
const groupNotFound = (id: unknown) => errors.notFound('error.msg.tax.group.id.invalid', `Tax group with identifier ${id} does not exist`, id);
const duplicate = (resource: string) => (error: unknown) => {
  if (isUniqueViolation(error)) return errors.duplicate(`error.msg.${resource}.duplicate.name`, `A ${resource.replace('.', ' ')} with this name already exists.`, 'name');
  return error;
};

/** Withholding tax components and groups (Fineract's /taxes/component and /taxes/group). */
export class TaxService {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly accounts: SavingsAccountService,
  ) {}

  /**
   * Fineract's updateWithHoldTax: whether the account's interest postings withhold tax. Turning it on needs a
   * product with a tax group (400 `validation.msg.account.withHoldTax.not.supported`, as Fineract answers).
   */
  async updateWithHoldTax(identity: Identity, accountId: number, withHoldTax: boolean): Promise<{ account: AccountRow; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATEWITHHOLDTAX_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { account } = await this.accounts.visible(tx, staff, accountId, { lock: true });
      const settings = (await accountTaxSettings(tx, accountId))!;
      if (settings.withHoldTax === withHoldTax) return { account, changes: {} };
      if (withHoldTax && settings.taxGroupId === null) {
        new Validator('account').fail('withHoldTax', 'not.supported', 'The account\'s product names no tax group: tax cannot be withheld.', withHoldTax).throwIfAny();
      }
      await setAccountWithHoldTax(tx, accountId, withHoldTax, actorId(identity));
      return { account, changes: { withHoldTax } };
    });
  }

  async components(identity: Identity): Promise<TaxComponentRow[]> {
    const staff = requireStaff(identity, 'READ_TAXCOMPONENT');
    return this.db.tx(staff.tenantId, (tx) => findComponents(tx, null));
  }

  async component(identity: Identity, id: number): Promise<TaxComponentRow> {
    const staff = requireStaff(identity, 'READ_TAXCOMPONENT');
    return this.db.tx(staff.tenantId, async (tx) => (await findComponents(tx, [id]))[0] ?? Promise.reject(componentNotFound(id)));
  }

  async createComponent(identity: Identity, input: TaxComponentInput): Promise<TaxComponentRow> {
    const staff = requireStaff(identity, 'CREATE_TAXCOMPONENT');
    validateComponent(input, true);
    return this.db.tx(staff.tenantId, async (tx) => {
      if (input.creditAcountId != null && (await this.deps.journal.glCode(tx, input.creditAcountId)) === null) {
        throw errors.notFound('error.msg.glaccount.id.invalid', `GL account with identifier ${input.creditAcountId} does not exist`, input.creditAcountId);
      }
      const row: TaxComponentRow = {
        id: await nextValue(tx, 'taxcomponent'), name: input.name!.trim(), percentage: new Money(input.percentage!).toFixed(),
        creditAccountType: input.creditAccountType ?? TAX_CREDIT_ACCOUNT_LIABILITY, creditAccountId: input.creditAcountId ?? null,
        startDate: input.startDate ?? (await this.deps.businessDates.today(tx)),
      };
      await insertComponent(tx, row, actorId(identity)).catch((e: unknown) => Promise.reject(duplicate('tax.component')(e)));
      return row;
    });
  }

  async updateComponent(identity: Identity, id: number, input: TaxComponentInput): Promise<{ component: TaxComponentRow; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATE_TAXCOMPONENT');
    validateComponent(input, false);
    return this.db.tx(staff.tenantId, async (tx) => {
      const before = (await findComponents(tx, [id]))[0];
      if (!before) throw componentNotFound(id);
      const after = { ...before, name: input.name?.trim() ?? before.name, percentage: input.percentage != null ? new Money(input.percentage).toFixed() : before.percentage, startDate: input.startDate ?? before.startDate };
      const changes = Object.fromEntries((['name', 'percentage', 'startDate'] as const).filter((k) => before[k] !== after[k]).map((k) => [k, after[k]]));
      if (Object.keys(changes).length > 0) await updateComponent(tx, id, after, actorId(identity)).catch((e: unknown) => Promise.reject(duplicate('tax.component')(e)));
      return { component: after, changes };
    });
  }

  /** The GL code of a component's credit account, for display ('' when the account is gone). */
  async glCode(identity: Identity, glAccountId: number): Promise<string> {
    const staff = requireStaff(identity, 'READ_TAXCOMPONENT');
    return this.db.tx(staff.tenantId, async (tx) => (await this.deps.journal.glCode(tx, glAccountId)) ?? '');
  }

  async groups(identity: Identity): Promise<TaxGroupRow[]> {
    const staff = requireStaff(identity, 'READ_TAXGROUP');
    return this.db.tx(staff.tenantId, (tx) => findGroups(tx, null));
  }

  async group(identity: Identity, id: number): Promise<TaxGroupRow> {
    const staff = requireStaff(identity, 'READ_TAXGROUP');
    return this.db.tx(staff.tenantId, async (tx) => (await findGroups(tx, [id]))[0] ?? Promise.reject(groupNotFound(id)));
  }

  async createGroup(identity: Identity, input: TaxGroupInput): Promise<TaxGroupRow> {
    const staff = requireStaff(identity, 'CREATE_TAXGROUP');
    validateGroup(input, true);
    return this.db.tx(staff.tenantId, async (tx) => {
      const id = await nextValue(tx, 'taxgroup');
      await insertGroup(tx, id, input.name!.trim(), actorId(identity)).catch((e: unknown) => Promise.reject(duplicate('tax.group')(e)));
      await this.link(tx, id, input, actorId(identity));
      return (await findGroups(tx, [id]))[0]!;
    });
  }

  /** A new name, and components added (or their start dates moved); components are never taken out of a group, as in Fineract. */
  async updateGroup(identity: Identity, id: number, input: TaxGroupInput): Promise<{ group: TaxGroupRow; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATE_TAXGROUP');
    validateGroup(input, false);
    return this.db.tx(staff.tenantId, async (tx) => {
      const before = (await findGroups(tx, [id]))[0];
      if (!before) throw groupNotFound(id);
      const changes: Record<string, unknown> = {};
      if (input.name != null && input.name.trim() !== before.name) {
        await renameGroup(tx, id, input.name.trim(), actorId(identity)).catch((e: unknown) => Promise.reject(duplicate('tax.group')(e)));
        changes.name = input.name.trim();
      }
      if (input.taxComponents?.length) {
        await this.link(tx, id, input, actorId(identity));
        changes.taxComponents = input.taxComponents.map((c) => c.taxComponentId);
      }
      return { group: (await findGroups(tx, [id]))[0]!, changes };
    });
  }

  private async link(tx: Tx, groupId: number, input: TaxGroupInput, actor: number | null): Promise<void> {
    const wanted = input.taxComponents ?? [];
    const found = new Map((await findComponents(tx, wanted.map((c) => c.taxComponentId))).map((c) => [c.id, c]));
    const today = await this.deps.businessDates.today(tx);
    for (const link of wanted) {
      const component = found.get(link.taxComponentId);
      if (!component) throw componentNotFound(link.taxComponentId);
      await upsertGroupComponent(tx, groupId, component.id, link.startDate ?? today, actor);
    }
  }
}

/** A product that withholds tax names an existing tax group (`taxGroupId`): 400 without one, 404 for one the tenant lacks. */
export async function checkTaxGroup(tx: Tx, parameters: Record<string, unknown>): Promise<void> {
  if (parameters.withHoldTax !== true) return;
  const id = parameters.taxGroupId;
  if (typeof id !== 'number') new Validator('savingsproduct').fail('taxGroupId', 'cannot.be.blank', 'The parameter `taxGroupId` is mandatory when `withHoldTax` is true.').throwIfAny();
  if ((await findGroups(tx, [id as number])).length === 0) throw groupNotFound(id);
}

function validateComponent(input: TaxComponentInput, full: boolean): void {
  const v = new Validator('taxcomponent');
  if (full) {
    v.required('name', input.name);
    v.required('percentage', input.percentage);
  }
  v.maxLength('name', input.name, 100);
  if (input.percentage != null) {
    const p = new Money(input.percentage);
    v.check(p.isFinite() && p.gt(0) && p.lte(100) && (p.decimalPlaces() ?? 0) <= 6, 'percentage', 'is.not.within.expected.range', 'The parameter `percentage` must be more than 0 and at most 100.', input.percentage);
  }
  if (input.creditAccountType != null) {
    v.check(input.creditAccountType === TAX_CREDIT_ACCOUNT_LIABILITY, 'creditAccountType', 'is.not.one.of.expected.enumerations', 'The parameter `creditAccountType` must be 2 (liability).', input.creditAccountType);
  }
  if (!full) {
    v.check(input.creditAccountType == null, 'creditAccountType', 'not.supported.for.update', 'A tax component\'s credit account cannot be changed.', input.creditAccountType);
    v.check(input.creditAcountId == null, 'creditAcountId', 'not.supported.for.update', 'A tax component\'s credit account cannot be changed.', input.creditAcountId);
  }
  v.throwIfAny();
}

function validateGroup(input: TaxGroupInput, full: boolean): void {
  const v = new Validator('taxgroup');
  if (full) v.required('name', input.name);
  v.maxLength('name', input.name, 100);
  const components = input.taxComponents ?? [];
  v.check(components.length <= MAX_GROUP_COMPONENTS, 'taxComponents', 'exceeds.max.length', `A tax group names at most ${MAX_GROUP_COMPONENTS} components.`, components.length);
  if (full) v.check(components.length > 0, 'taxComponents', 'cannot.be.blank', 'The parameter `taxComponents` must name at least one component.');
  v.check(new Set(components.map((c) => c.taxComponentId)).size === components.length, 'taxComponents', 'duplicate', 'A component is named twice.');
  v.throwIfAny();
}
