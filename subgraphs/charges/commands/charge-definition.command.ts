import BigNumber from 'bignumber.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { nextValue } from '../../kernel/sequence.js';
import { ALLOWED, APPLIES_TO, APPLIES_TO_BY_ID, CALCULATION_TYPE_BY_ID, isPercentage, PAYMENT_MODE_BY_ID, TIME_TYPE, TIME_TYPE_BY_ID } from '../domain/charge-kinds.js';
import { parseMonthDay } from '../domain/due-dates.js';
import { CHARGES_CODES } from '../codes.js';
import type { ChargesDependencies } from '../ports.js';
import * as store from '../store/charge.store.js';
import type { ChargeUsage } from '../store/usage.store.js';

/** POST /charges and PUT /charges/{id}: Fineract's charge fields (any subset on update). */
export interface ChargeInput {
  name?: string | null;
  currencyCode?: string | null;
  chargeAppliesTo?: number | null;
  chargeTimeType?: number | null;
  chargeCalculationType?: number | null;
  chargePaymentMode?: number | null;
  amount?: string | null;
  active?: boolean | null;
  penalty?: boolean | null;
  /** "dd MMM" (e.g. "15 January") or "--MM-dd". */
  feeOnMonthDay?: string | null;
  feeInterval?: number | null;
  minCap?: string | null;
  maxCap?: string | null;
  incomeAccountId?: number | null;
}

/** Fineract's default income accounts on the default chart: fees and penalties. */
export const FEE_INCOME_GL = '42101';
export const PENALTY_INCOME_GL = '42201';
const GL_INCOME = 4;
const GL_DETAIL = 1;

export const chargeNotFound = (id: number) => errors.notFound(CHARGES_CODES.chargeNotFound, `Charge with identifier ${id} does not exist`, id);
const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);

/** Creates, changes and deletes charge definitions. The only writer of charges.charge. */
export class ChargeDefinitionCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: ChargesDependencies,
    private readonly usage: ChargeUsage,
  ) {}

  async create(identity: Identity, input: ChargeInput): Promise<number> {
    const actor = requireStaff(identity, 'CREATE_CHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input));
  }

  async createCore(tx: Tx, actor: Actor, input: ChargeInput): Promise<number> {
    const v = new Validator('charge');
    v.required('chargeAppliesTo', input.chargeAppliesTo);
    v.required('chargeTimeType', input.chargeTimeType);
    v.required('chargeCalculationType', input.chargeCalculationType);
    v.required('name', input.name);
    v.required('currencyCode', input.currencyCode);
    v.required('amount', input.amount);
    if (input.chargeAppliesTo === APPLIES_TO.loan.id) v.required('chargePaymentMode', input.chargePaymentMode);
    v.throwIfAny();
    const values = await this.resolve(tx, v, {
      name: input.name!.trim(), currencyCode: input.currencyCode!.trim(), appliesTo: input.chargeAppliesTo!, timeType: input.chargeTimeType!,
      calculationType: input.chargeCalculationType!, paymentMode: input.chargePaymentMode ?? 0, amount: input.amount!, minCap: input.minCap ?? null, maxCap: input.maxCap ?? null,
      feeOnMonth: null, feeOnDay: null, feeInterval: input.feeInterval ?? null, penalty: input.penalty ?? false, active: input.active ?? false, incomeAccountId: input.incomeAccountId ?? 0,
    }, input);
    const id = await nextValue(tx, 'charge');
    await store.insertCharge(tx, id, values, actor.userId);
    return id;
  }

  async update(identity: Identity, id: number, input: ChargeInput): Promise<{ id: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_CHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input));
  }

  async updateCore(tx: Tx, actor: Actor, id: number, input: ChargeInput): Promise<{ id: number; changes: Record<string, unknown> }> {
    const current = await store.findCharge(tx, id, true);
    if (!current) throw chargeNotFound(id);
    if (input.chargeAppliesTo != null && input.chargeAppliesTo !== current.appliesTo) {
      throw rule(CHARGES_CODES.appliesToUpdateNotSupported, 'Update of Charge applies to is not supported', [id], 'chargeAppliesTo');
    }
    const v = new Validator('charge');
    if (input.name !== undefined) v.required('name', input.name);
    if (input.amount !== undefined) v.required('amount', input.amount);
    v.throwIfAny();
    const next = await this.resolve(tx, v, {
      ...current,
      name: input.name?.trim() ?? current.name,
      currencyCode: input.currencyCode?.trim() ?? current.currencyCode,
      timeType: input.chargeTimeType ?? current.timeType,
      calculationType: input.chargeCalculationType ?? current.calculationType,
      paymentMode: input.chargePaymentMode ?? current.paymentMode,
      amount: input.amount ?? current.amount,
      minCap: input.minCap === undefined ? current.minCap : input.minCap,
      maxCap: input.maxCap === undefined ? current.maxCap : input.maxCap,
      feeInterval: input.feeInterval === undefined ? current.feeInterval : input.feeInterval,
      penalty: input.penalty ?? current.penalty,
      active: input.active ?? current.active,
      incomeAccountId: input.incomeAccountId ?? current.incomeAccountId,
    }, input, id);
    const changes: Record<string, unknown> = {};
    const same = (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' && /^[\d.]+$/.test(a) && /^[\d.]+$/.test(b) ? new BigNumber(a).eq(b) : a === b);
    const names: [keyof store.ChargeValues, string][] = [
      ['name', 'name'], ['currencyCode', 'currencyCode'], ['timeType', 'chargeTimeType'], ['calculationType', 'chargeCalculationType'], ['paymentMode', 'chargePaymentMode'],
      ['amount', 'amount'], ['minCap', 'minCap'], ['maxCap', 'maxCap'], ['feeInterval', 'feeInterval'], ['penalty', 'penalty'], ['active', 'active'], ['incomeAccountId', 'incomeAccountId'],
    ];
    for (const [key, name] of names) if (!same(current[key], next[key])) changes[name] = next[key];
    if (current.feeOnMonth !== next.feeOnMonth || current.feeOnDay !== next.feeOnDay) changes.feeOnMonthDay = input.feeOnMonthDay;
    // A charge that accounts or products carry keeps what they were computed with: its kind and its currency.
    const structural = ['currencyCode', 'chargeTimeType', 'chargeCalculationType', 'feeInterval', 'feeOnMonthDay'].filter((k) => k in changes);
    if (structural.length > 0 && (await this.usage.inUse(tx, id))) {
      throw rule(CHARGES_CODES.cannotBeUpdated, `This charge cannot be updated, it is used: ${structural.join(', ')} cannot change.`, [id], structural[0]);
    }
    if (Object.keys(changes).length > 0) await store.updateCharge(tx, id, next, actor.userId);
    return { id, changes };
  }

  async delete(identity: Identity, id: number): Promise<number> {
    const actor = requireStaff(identity, 'DELETE_CHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, id));
  }

  async deleteCore(tx: Tx, actor: Actor, id: number): Promise<number> {
    const current = await store.findCharge(tx, id, true);
    if (!current) throw chargeNotFound(id);
    if (await this.usage.inUse(tx, id)) throw rule(CHARGES_CODES.cannotBeDeleted, 'This charge cannot be deleted, it is already used', [id]);
    await store.markDeleted(tx, id, actor.userId);
    return id;
  }

  /** Checks the whole definition (all field errors at once), then the references; answers what to store. */
  private async resolve(tx: Tx, v: Validator, c: store.ChargeValues, input: ChargeInput, exceptId: number | null = null): Promise<store.ChargeValues> {
    const allowed = ALLOWED[c.appliesTo as keyof typeof ALLOWED];
    if (!APPLIES_TO_BY_ID.has(c.appliesTo) || !allowed) {
      v.fail('chargeAppliesTo', 'is.not.one.of.expected.enumerations', 'The parameter `chargeAppliesTo` must be one of [ 1, 2, 3 ].', c.appliesTo);
      v.throwIfAny();
    }
    const kind = allowed!;
    if (!TIME_TYPE_BY_ID.has(c.timeType) || !kind.timeTypes.some((t) => t.id === c.timeType)) {
      v.fail('chargeTimeType', 'is.not.one.of.expected.enumerations', `The parameter \`chargeTimeType\` must be one of [ ${kind.timeTypes.map((t) => t.id).join(', ')} ].`, c.timeType);
    }
    if (!CALCULATION_TYPE_BY_ID.has(c.calculationType) || !kind.calculationTypes.some((t) => t.id === c.calculationType)) {
      v.fail('chargeCalculationType', 'is.not.one.of.expected.enumerations', `The parameter \`chargeCalculationType\` must be one of [ ${kind.calculationTypes.map((t) => t.id).join(', ')} ].`, c.calculationType);
    }
    if (!PAYMENT_MODE_BY_ID.has(c.paymentMode)) v.fail('chargePaymentMode', 'is.not.one.of.expected.enumerations', 'The parameter `chargePaymentMode` must be one of [ 0, 1 ].', c.paymentMode);
    v.maxLength('name', c.name, 100);
    v.maxLength('currencyCode', c.currencyCode, 3);
    const positive = (name: string, value: string | null) => {
      if (value != null && !new BigNumber(value).gt(0)) v.fail(name, 'not.greater.than.zero', `The parameter \`${name}\` must be greater than 0.`, value);
    };
    positive('amount', c.amount);
    positive('minCap', c.minCap);
    positive('maxCap', c.maxCap);
    if (c.minCap != null && c.maxCap != null && new BigNumber(c.minCap).gt(c.maxCap)) v.fail('minCap', 'greater.than.maxCap', 'minCap must not exceed maxCap.', c.minCap);
    if ((c.minCap != null || c.maxCap != null) && !isPercentage(c.calculationType)) v.fail('minCap', 'not.allowed.for.flat.charges', 'minCap and maxCap apply to percentage charges only.', c.minCap ?? c.maxCap);
    if (isPercentage(c.calculationType) && new BigNumber(c.amount).gt(100)) v.fail('amount', 'percentage.exceeds.100', 'A percentage charge cannot exceed 100.', c.amount);
    // Monthly and annual fees need their day (and monthly fees their interval); nothing else has them.
    const recurring = c.timeType === TIME_TYPE.monthlyFee.id || c.timeType === TIME_TYPE.annualFee.id;
    let feeOnMonth = recurring ? c.feeOnMonth : null;
    let feeOnDay = recurring ? c.feeOnDay : null;
    if (input.feeOnMonthDay != null) {
      const md = parseMonthDay(input.feeOnMonthDay);
      if (!md) v.fail('feeOnMonthDay', 'invalid.format', 'The parameter `feeOnMonthDay` must be a day of a month, e.g. "15 January".', input.feeOnMonthDay);
      else if (recurring) ({ month: feeOnMonth, day: feeOnDay } = md);
    }
    if (recurring && feeOnMonth == null) v.fail('feeOnMonthDay', 'cannot.be.blank', 'The parameter `feeOnMonthDay` is mandatory for monthly and annual fees.');
    const feeInterval = c.timeType === TIME_TYPE.monthlyFee.id ? c.feeInterval : null;
    if (c.timeType === TIME_TYPE.monthlyFee.id && (feeInterval == null || !(feeInterval >= 1 && feeInterval <= 12))) {
      v.fail('feeInterval', 'is.not.within.expected.range', 'The parameter `feeInterval` must be between 1 and 12.', feeInterval);
    }
    v.throwIfAny();
    if (c.appliesTo === APPLIES_TO.loan.id) {
      if (c.penalty && c.timeType === TIME_TYPE.disbursement.id) throw rule(CHARGES_CODES.disbursementCannotBePenalty, `Charge '${c.name}' is invalid.`, [c.name], 'penalty');
      if (!c.penalty && c.timeType === TIME_TYPE.overdueInstalment.id) throw rule(CHARGES_CODES.mustBePenalty, `Charge '${c.name}' is invalid.`, [c.name], 'penalty');
    }
    if (!(await this.deps.currency(tx, c.currencyCode))) {
      throw rule(CHARGES_CODES.currencyNotEnabled, `Currency ${c.currencyCode} is not enabled for this institution.`, [c.currencyCode], 'currencyCode');
    }
    if (await store.nameTaken(tx, c.name, exceptId)) throw errors.duplicate(CHARGES_CODES.duplicateName, `Charge with name \`${c.name}\` already exists`, 'name', c.name);
    const income = input.incomeAccountId != null
      ? await this.deps.glAccount(tx, { id: input.incomeAccountId })
      : c.incomeAccountId > 0 ? await this.deps.glAccount(tx, { id: c.incomeAccountId }) : await this.deps.glAccount(tx, { glCode: c.penalty ? PENALTY_INCOME_GL : FEE_INCOME_GL });
    if (!income || income.type !== GL_INCOME || income.usage !== GL_DETAIL || income.disabled) {
      throw rule(CHARGES_CODES.incomeAccountInvalid, 'The income account must be an enabled detail account of type income.', [input.incomeAccountId ?? null], 'incomeAccountId');
    }
    return { ...c, amount: new BigNumber(c.amount).toFixed(), feeOnMonth, feeOnDay, feeInterval, incomeAccountId: income.id };
  }
}
