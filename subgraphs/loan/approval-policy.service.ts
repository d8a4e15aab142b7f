import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import { tierProblem, type Tier } from './domain/tiers.js';
import {
  clearDefaultExcept, deletePolicy, findPolicy, insertPolicy, listPolicies, policyOfProduct, productHasActivePolicy, updatePolicy, type ApprovalPolicyRow,
} from './store/approval-policies.js';
import { productExists } from './store/products.js';
import { LOAN_CODES } from './codes.js';

export type { ApprovalPolicyRow };

export interface ApprovalPolicyInput {
  name?: string | null;
  description?: string | null;
  productId?: number | null;
  isDefault?: boolean | null;
  active?: boolean | null;
  tiers?: { minAmount?: string | null; maxAmount?: string | null; approvals?: { roleId?: number | null; count?: number | null }[] | null }[] | null;
}

export const BRANCH_MANAGER = 320007;
export const HEAD_OFFICE_CREDIT_RISK = 320019;
export const EXECUTIVE_CREDIT_COMMITTEE = 320020;

/** Interface section 3's example policy, every tenant's default. */
export const DEFAULT_POLICY_TIERS: Tier[] = [
  { minAmount: '0', maxAmount: '1000000', approvals: [{ roleId: BRANCH_MANAGER, count: 1 }] },
  { minAmount: '1000000', maxAmount: '5000000', approvals: [{ roleId: BRANCH_MANAGER, count: 1 }, { roleId: HEAD_OFFICE_CREDIT_RISK, count: 1 }] },
  { minAmount: '5000000', maxAmount: null, approvals: [{ roleId: EXECUTIVE_CREDIT_COMMITTEE, count: 2 }] },
];

const policyNotFound = (id: number) => errors.notFound(LOAN_CODES.approvalpolicyIdInvalid, `Approval policy with identifier ${id} does not exist`, id);

const normalise = (tiers: Tier[]): Tier[] =>
  tiers.map((t) => ({ minAmount: new BigNumber(t.minAmount).toFixed(), maxAmount: t.maxAmount === null ? null : new BigNumber(t.maxAmount).toFixed(), approvals: t.approvals }));

/** Loan approval policies (tiers by amount, optionally per product). The only writer of loan.approval_policy. */
export class ApprovalPolicyService {
  constructor(private readonly db: Database) {}

  async list(identity: Identity): Promise<ApprovalPolicyRow[]> {
    const staff = requireStaff(identity, 'READ_APPROVALPOLICY');
    return this.db.tx(staff.tenantId, (tx) => listPolicies(tx));
  }

  async get(identity: Identity, id: number): Promise<ApprovalPolicyRow> {
    const staff = requireStaff(identity, 'READ_APPROVALPOLICY');
    return this.db.tx(staff.tenantId, (tx) => this.require(tx, id));
  }

  /** The policy a loan of `productId` is approved under: the product's active policy, else the tenant's default. */
  async policyFor(tx: Tx, productId: number): Promise<ApprovalPolicyRow | null> {
    return policyOfProduct(tx, productId);
  }

  async create(identity: Identity, input: ApprovalPolicyInput): Promise<ApprovalPolicyRow> {
    const staff = requireStaff(identity, 'CREATE_APPROVALPOLICY');
    return this.db.tx(staff.tenantId, (tx) => this.createCore(tx, actorId(identity), input));
  }

  async createCore(tx: Tx, actor: number | null, input: ApprovalPolicyInput): Promise<ApprovalPolicyRow> {
    const v = new Validator('approvalpolicy');
    v.required('name', input.name);
    v.maxLength('name', input.name, 100);
    const tiers = this.checkTiers(v, input.tiers, true)!;
    v.throwIfAny();
    const isDefault = input.isDefault ?? input.productId == null;
    const active = input.active ?? true;
    await this.assertAssignable(tx, input.productId ?? null, isDefault, active, null);
    const id = await nextValue(tx, 'approval_policy');
    await insertPolicy(tx, id, { name: input.name!, description: input.description ?? null, productId: input.productId ?? null, isDefault, active, tiers }, actor);
    return this.require(tx, id);
  }

  async update(identity: Identity, id: number, input: ApprovalPolicyInput): Promise<{ policy: ApprovalPolicyRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_APPROVALPOLICY');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input));
  }

  async updateCore(tx: Tx, actor: Actor, id: number, input: ApprovalPolicyInput): Promise<{ policy: ApprovalPolicyRow; changes: Record<string, unknown> }> {
    const current = await this.require(tx, id, true);
    const v = new Validator('approvalpolicy');
    if (input.name !== undefined) {
      v.required('name', input.name);
      v.maxLength('name', input.name, 100);
    }
    const tiers = input.tiers === undefined ? current.tiers : this.checkTiers(v, input.tiers, true)!;
    v.throwIfAny();
    const next = {
      name: input.name ?? current.name,
      description: input.description === undefined ? current.description : input.description,
      productId: input.productId === undefined ? current.productId : input.productId,
      isDefault: input.isDefault ?? current.isDefault,
      active: input.active ?? current.active,
    };
    await this.assertAssignable(tx, next.productId, next.isDefault, next.active, id);
    await updatePolicy(tx, id, { ...next, tiers }, actor.userId);
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    return { policy: await this.require(tx, id), changes };
  }

  async delete(identity: Identity, id: number): Promise<ApprovalPolicyRow> {
    const actor = requireStaff(identity, 'DELETE_APPROVALPOLICY');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, id));
  }

  async deleteCore(tx: Tx, _actor: Actor, id: number): Promise<ApprovalPolicyRow> {
    const policy = await this.require(tx, id, true);
    if (policy.isDefault && policy.active) {
      throw errors.domainRule(LOAN_CODES.approvalpolicyDefaultCannotBeDeleted, 'The active default policy cannot be deleted; make another policy the default first.', [id]);
    }
    await deletePolicy(tx, id);
    return policy;
  }

  async require(tx: Tx, id: number, lock = false): Promise<ApprovalPolicyRow> {
    const found = await findPolicy(tx, id, lock);
    if (!found) throw policyNotFound(id);
    return found;
  }

  private checkTiers(v: Validator, input: ApprovalPolicyInput['tiers'], required: boolean): Tier[] | null {
    if (input == null) {
      if (required) v.required('tiers', input);
      return null;
    }
    const tiers: Tier[] = [];
    for (const [i, t] of input.entries()) {
      const min = t.minAmount ?? (i === 0 ? '0' : null);
      if (min == null) {
        v.fail(`tiers[${i}].minAmount`, 'cannot.be.blank', `Tier ${i + 1} needs a minAmount.`);
        continue;
      }
      tiers.push({ minAmount: min, maxAmount: t.maxAmount ?? null, approvals: (t.approvals ?? []).map((a) => ({ roleId: a.roleId ?? Number.NaN, count: a.count ?? 1 })) });
    }
    if (v.hasErrors) return null;
    const problem = tierProblem(tiers);
    if (problem) v.fail('tiers', 'invalid', problem);
    return normalise(tiers);
  }

  /** One active default per tenant (a new default replaces the old one) and one active policy per product. */
  private async assertAssignable(tx: Tx, productId: number | null, isDefault: boolean, active: boolean, exceptId: number | null): Promise<void> {
    if (!active) return;
    if (productId != null) {
      if (!(await productExists(tx, productId))) throw errors.notFound(LOAN_CODES.loanproductIdInvalid, `Loan product with identifier ${productId} does not exist`, productId);
      if (await productHasActivePolicy(tx, productId, exceptId)) throw errors.duplicate(LOAN_CODES.approvalpolicyProductDuplicate, `Loan product ${productId} already has an active approval policy.`, 'productId', productId);
    }
    if (isDefault) {
      await clearDefaultExcept(tx, exceptId);
    }
  }
}
