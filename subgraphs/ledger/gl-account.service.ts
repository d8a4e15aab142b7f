import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import { balancesByCurrency, organizationBalances } from './running-balance.js';
import { GLAccount, GL_TYPES, GL_USAGES, USAGE_DETAIL, USAGE_HEADER, type GLTypeId } from './ledger.entities.js';
import { baseCurrencyCode, glAccountHasEntries } from './ledger.store.js';
import { LEDGER_CODES } from './codes.js';

export interface GLAccountInput {
  name?: string | null;
  glCode?: string | null;
  type?: number | null;
  usage?: number | null;
  manualEntriesAllowed?: boolean | null;
  parentId?: number | null;
  description?: string | null;
  disabled?: boolean | null;
  /** A value of the account type's tag list (Fineract's `tagId`), or null for none. */
  tagId?: number | null;
}

/** The code list a GL account's tag comes from, by account type (Fineract's names). */
const TAG_CODES: Record<number, string> = { 1: 'AssetAccountTags', 2: 'LiabilityAccountTags', 3: 'EquityAccountTags', 4: 'IncomeAccountTags', 5: 'ExpenseAccountTags' };

type TagValid = (tx: Tx, codeName: string, valueId: number) => Promise<boolean>;

export interface GLAccountFilter {
  type?: number | null;
  usage?: number | null;
  manualEntriesAllowed?: boolean | null;
  disabled?: boolean | null;
}

export interface GLAccountWithDepth {
  account: GLAccount;
  depth: number;
}

export const glAccountNotFound = (id: number) => errors.notFound(LEDGER_CODES.glaccountIdInvalid, `Accounting account with identifier ${id} does not exist`, id);

/** The chart of accounts. The only writer of ledger.gl_account. */
export class GLAccountService {
  constructor(
    private readonly db: Database,
    private readonly tagValid: TagValid,
  ) {}

  /** A tag must come from the list of the account's type: an asset account takes an asset tag. */
  private async checkTag(tx: Tx, tagId: number, type: number): Promise<void> {
    if (await this.tagValid(tx, TAG_CODES[type] ?? '', tagId)) return;
    throw errors.badRequest(LEDGER_CODES.glaccountTagIdInvalid, `The tag ${tagId} is not a value of ${TAG_CODES[type]}.`, 'tagId');
  }

  async list(identity: Identity, filter: GLAccountFilter = {}): Promise<GLAccountWithDepth[]> {
    const staff = requireStaff(identity, 'READ_GLACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const all = await tx.em.find(GLAccount, {}, { orderBy: { glCode: 'asc' } });
      const depth = depthsOf(all);
      return all
        .filter((a) => (filter.type == null || a.type === filter.type) && (filter.usage == null || a.usage === filter.usage))
        .filter((a) => (filter.manualEntriesAllowed == null || a.manualEntriesAllowed === filter.manualEntriesAllowed) && (filter.disabled == null || a.disabled === filter.disabled))
        .map((account) => ({ account, depth: depth.get(account.id) ?? 0 }));
    });
  }

  async get(identity: Identity, id: number): Promise<GLAccountWithDepth> {
    const staff = requireStaff(identity, 'READ_GLACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const account = await this.find(tx, id);
      return { account, depth: await this.depth(tx, account) };
    });
  }

  /** Fineract's organizationRunningBalance of a batch of accounts (for GET /glaccounts?fetchRunningBalance=true). */
  /** Each account's balance in one currency: `currencyCode`, or the tenant's base currency. */
  async organizationBalances(identity: Identity, ids: readonly number[], currencyCode: string | null): Promise<Map<number, string>> {
    const staff = requireStaff(identity, 'READ_GLACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const currency = currencyCode ?? (await baseCurrencyCode(tx));
      return currency ? organizationBalances(tx, ids, currency) : new Map(ids.map((id) => [id, '0']));
    });
  }

  /** Each account's balance per currency it has lines in. */
  async balancesByCurrency(identity: Identity, ids: readonly number[]): Promise<Map<number, { currencyCode: string; amount: string }[]>> {
    const staff = requireStaff(identity, 'READ_GLACCOUNT');
    return this.db.tx(staff.tenantId, (tx) => balancesByCurrency(tx, ids));
  }

  /** For other modules inside their transaction: an account's GL code, or null when the tenant has no such account. */
  async glCodeOf(tx: Tx, id: number): Promise<string | null> {
    return (await tx.em.findOne(GLAccount, { id }))?.glCode ?? null;
  }

  async byIds(tenantId: string, ids: readonly number[]): Promise<Map<number, GLAccount>> {
    const found = await this.db.tx(tenantId, (tx) => tx.em.find(GLAccount, { id: { $in: [...ids] } }));
    return new Map(found.map((a) => [a.id, a]));
  }

  /** For other modules inside their transaction: an account by id or GL code, or null. */
  async findInTx(tx: Tx, by: { id: number } | { glCode: string }): Promise<GLAccount | null> {
    return tx.em.findOne(GLAccount, 'id' in by ? { id: by.id } : { glCode: by.glCode });
  }

  /** For other modules inside their transaction: the enabled detail accounts of one type, by GL code. */
  async detailAccountsOfType(tx: Tx, type: number): Promise<GLAccount[]> {
    return tx.em.find(GLAccount, { type, usage: USAGE_DETAIL, disabled: false }, { orderBy: { glCode: 'asc' } });
  }

  async create(identity: Identity, input: GLAccountInput): Promise<GLAccountWithDepth> {
    const actor = requireStaff(identity, 'CREATE_GLACCOUNT');
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input));
  }

  async createCore(tx: Tx, actor: Actor, input: GLAccountInput): Promise<GLAccountWithDepth> {
    const v = new Validator('glaccount');
    if (v.required('name', input.name)) v.maxLength('name', input.name, 200);
    if (v.required('glCode', input.glCode)) v.maxLength('glCode', input.glCode, 45);
    if (v.required('type', input.type)) v.check(GL_TYPES[input.type as GLTypeId] !== undefined, 'type', 'is.not.one.of.expected.enumerations', 'The parameter `type` must be one of 1, 2, 3, 4, 5.', input.type);
    if (v.required('usage', input.usage)) v.check(GL_USAGES[input.usage as 1 | 2] !== undefined, 'usage', 'is.not.one.of.expected.enumerations', 'The parameter `usage` must be 1 (detail) or 2 (header).', input.usage);
    v.required('manualEntriesAllowed', input.manualEntriesAllowed);
    v.maxLength('description', input.description, 500);
    v.throwIfAny();
    checkRange(input.glCode!.trim(), input.type!);
    const account = new GLAccount();
    account.tenantId = tx.tenantId;
    account.name = input.name!.trim();
    account.glCode = input.glCode!.trim();
    account.type = input.type!;
    account.usage = input.usage!;
    account.manualEntriesAllowed = input.manualEntriesAllowed!;
    account.disabled = input.disabled ?? false;
    account.description = input.description ?? null;
    if (input.parentId != null) account.parentId = (await this.checkParent(tx, input.parentId, account)).id;
    if (input.tagId != null) {
      await this.checkTag(tx, input.tagId, account.type);
      account.tagId = input.tagId;
    }
    await this.assertCodeFree(tx, account.glCode, null);
    account.id = await nextValue(tx, 'glaccount');
    account.createdBy = account.updatedBy = actor.userId;
    tx.em.persist(account);
    await this.flush(tx, account.glCode);
    return { account, depth: await this.depth(tx, account) };
  }

  async update(identity: Identity, id: number, input: GLAccountInput): Promise<{ account: GLAccountWithDepth; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_GLACCOUNT');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input));
  }

  async updateCore(tx: Tx, actor: Actor, id: number, input: GLAccountInput): Promise<{ account: GLAccountWithDepth; changes: Record<string, unknown> }> {
    const v = new Validator('glaccount');
    if (input.name !== undefined && v.required('name', input.name)) v.maxLength('name', input.name, 200);
    if (input.glCode !== undefined && v.required('glCode', input.glCode)) v.maxLength('glCode', input.glCode, 45);
    if (input.type != null) v.check(GL_TYPES[input.type as GLTypeId] !== undefined, 'type', 'is.not.one.of.expected.enumerations', 'The parameter `type` must be one of 1, 2, 3, 4, 5.', input.type);
    if (input.usage != null) v.check(GL_USAGES[input.usage as 1 | 2] !== undefined, 'usage', 'is.not.one.of.expected.enumerations', 'The parameter `usage` must be 1 (detail) or 2 (header).', input.usage);
    v.maxLength('description', input.description, 500);
    v.throwIfAny();
    const account = await this.find(tx, id);
    const changes: Record<string, unknown> = {};
    const hasEntries = await glAccountHasEntries(tx, id);
    const hasChildren = (await tx.em.count(GLAccount, { parentId: id })) > 0;
    if (input.name != null && input.name.trim() !== account.name) account.name = changes.name = input.name.trim();
    if (input.type != null && input.type !== account.type) {
      if (hasEntries || hasChildren) throw errors.domainRule(LEDGER_CODES.glaccountTypeChangeNotAllowed, 'The type of an account with entries or children cannot change.', [id], 'type');
      account.type = changes.type = input.type;
    }
    if (input.glCode != null && input.glCode.trim() !== account.glCode) {
      await this.assertCodeFree(tx, input.glCode.trim(), id);
      account.glCode = changes.glCode = input.glCode.trim();
    }
    checkRange(account.glCode, account.type);
    if (input.usage != null && input.usage !== account.usage) {
      if (input.usage === USAGE_HEADER && hasEntries) {
        throw errors.domainRule(LEDGER_CODES.glaccountGlcodeInvalidUpdateTransactionsLogged, 'An account with journal entries cannot become a header account.', [id], 'usage');
      }
      if (input.usage === USAGE_DETAIL && hasChildren) {
        throw errors.domainRule(LEDGER_CODES.glaccountGlcodeInvalidUpdateHasChildren, 'An account with children cannot become a detail account.', [id], 'usage');
      }
      account.usage = changes.usage = input.usage;
    }
    if (input.parentId !== undefined && input.parentId !== account.parentId) {
      account.parentId = changes.parentId = input.parentId == null ? null : (await this.checkParent(tx, input.parentId, account)).id;
    } else if (changes.type !== undefined && account.parentId != null) {
      await this.checkParent(tx, account.parentId, account);
    }
    if (input.manualEntriesAllowed != null && input.manualEntriesAllowed !== account.manualEntriesAllowed) account.manualEntriesAllowed = changes.manualEntriesAllowed = input.manualEntriesAllowed;
    if (input.disabled != null && input.disabled !== account.disabled) account.disabled = changes.disabled = input.disabled;
    if (input.description !== undefined && input.description !== account.description) account.description = changes.description = input.description;
    if (input.tagId !== undefined && input.tagId !== account.tagId) {
      if (input.tagId != null) await this.checkTag(tx, input.tagId, account.type);
      account.tagId = changes.tagId = input.tagId;
    } else if (changes.type !== undefined && account.tagId != null) {
      await this.checkTag(tx, account.tagId, account.type);
    }
    if (Object.keys(changes).length > 0) {
      account.updatedBy = actor.userId;
      await this.flush(tx, account.glCode);
    }
    return { account: { account, depth: await this.depth(tx, account) }, changes };
  }

  async delete(identity: Identity, id: number): Promise<number> {
    const actor = requireStaff(identity, 'DELETE_GLACCOUNT');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, id));
  }

  async deleteCore(tx: Tx, _actor: Actor, id: number): Promise<number> {
    const account = await this.find(tx, id);
    if ((await tx.em.count(GLAccount, { parentId: id })) > 0) {
      throw errors.domainRule(LEDGER_CODES.glaccountGlcodeInvalidDeleteHasChildren, 'An account with child accounts cannot be deleted.', [id]);
    }
    if (await glAccountHasEntries(tx, id)) {
      throw errors.domainRule(LEDGER_CODES.glaccountGlcodeInvalidDeleteTransactionsLogged, 'An account with journal entries cannot be deleted.', [id]);
    }
    tx.em.remove(account);
    await tx.em.flush();
    return id;
  }

  private async find(tx: Tx, id: number): Promise<GLAccount> {
    const account = await tx.em.findOne(GLAccount, { id });
    if (!account) throw glAccountNotFound(id);
    return account;
  }

  private async depth(tx: Tx, account: GLAccount): Promise<number> {
    let depth = 0;
    let parentId = account.parentId;
    while (parentId != null && depth < 20) {
      const parent = await tx.em.findOne(GLAccount, { id: parentId });
      if (!parent) break;
      depth += 1;
      parentId = parent.parentId;
    }
    return depth;
  }

  private async checkParent(tx: Tx, parentId: number, account: GLAccount): Promise<GLAccount> {
    const parent = await tx.em.findOne(GLAccount, { id: parentId });
    if (!parent) throw errors.notFound(LEDGER_CODES.glaccountIdInvalid, `Accounting account with identifier ${parentId} does not exist`, parentId);
    if (parent.usage !== USAGE_HEADER) {
      throw errors.domainRule(LEDGER_CODES.glaccountParentInvalidUsage, 'The parent of an account must be a header account.', [parentId], 'parentId');
    }
    if (parent.type !== account.type) {
      throw errors.domainRule(LEDGER_CODES.glaccountParentInvalidType, 'The parent of an account must be of the same type.', [parentId], 'parentId');
    }
    // No cycles: walking up from the parent must never reach the account itself.
    let cursor: GLAccount | null = parent;
    for (let i = 0; cursor && i < 50; i++) {
      if (account.id !== undefined && cursor.id === account.id) {
        throw errors.domainRule(LEDGER_CODES.glaccountParentInvalidCycle, 'An account cannot be its own ancestor.', [parentId], 'parentId');
      }
      cursor = cursor.parentId == null ? null : await tx.em.findOne(GLAccount, { id: cursor.parentId });
    }
    return parent;
  }

  private async assertCodeFree(tx: Tx, glCode: string, exceptId: number | null): Promise<void> {
    const clash = await tx.em.findOne(GLAccount, exceptId === null ? { glCode } : { glCode, id: { $ne: exceptId } });
    if (clash) throw duplicateCode(glCode);
  }

  private async flush(tx: Tx, glCode: string): Promise<void> {
    try {
      await tx.em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'gl_account_gl_code')) throw duplicateCode(glCode);
      throw error;
    }
  }
}

const duplicateCode = (glCode: string) => errors.duplicate(LEDGER_CODES.glaccountGlcodeDuplicate, `Accounting account with glCode ${glCode} already exists`, 'glCode', glCode);

/** Interface 2.9: every account's code lies in its root type's range (assets 10000-19999...). */
export function checkRange(glCode: string, type: number): void {
  const range = GL_TYPES[type as GLTypeId];
  if (!range) return;
  const numeric = /^\d+$/.test(glCode) ? Number(glCode) : Number.NaN;
  if (!(numeric >= range.from && numeric <= range.to)) {
    throw errors.validation([{
      code: LEDGER_CODES.glaccountGlCodeOutOfRange,
      message: `The GL code of a ${range.value} account must be a number from ${range.from} to ${range.to}.`,
      parameterName: 'glCode',
      value: glCode,
      args: [range.from, range.to],
    }]);
  }
}

export function depthsOf(all: GLAccount[]): Map<number, number> {
  const byId = new Map(all.map((a) => [a.id, a]));
  const depth = new Map<number, number>();
  for (const account of all) {
    let d = 0;
    let parentId = account.parentId;
    while (parentId != null && d < 20) {
      d += 1;
      parentId = byId.get(parentId)?.parentId ?? null;
    }
    depth.set(account.id, d);
  }
  return depth;
}
