import BigNumber from 'bignumber.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type CustomerIdentity, type Identity } from '../../kernel/identity.js';
import { nextValue } from '../../kernel/sequence.js';
import { chargeAmount } from '../domain/amount.js';
import { APPLIES_TO, TIME_TYPE } from '../domain/charge-kinds.js';
import { firstRecurringDueDate, nextRecurringDueDate, parseMonthDay, type RecurringFee } from '../domain/due-dates.js';
import { CHARGES_CODES, SAVINGS_CHARGE_CODES } from '../codes.js';
import type { ChargesDependencies, SavingsFee, SavingsFeeCallbacks, SavingsOpeningCallbacks } from '../ports.js';
import { productChargeIds, setProductCharges } from '../store/product-charge.store.js';
import { checkListLength, entryOf, jsonText, productChargeList } from './listed-charges.js';
import * as charges from '../store/charge.store.js';
import * as store from '../store/savings-charge.store.js';
import * as clientCharges from '../store/client-charge.store.js';
import { chargeNotFound } from './charge-definition.command.js';

/** POST /savingsaccounts/{id}/charges. */
export interface SavingsChargeInput {
  chargeId?: number | null;
  amount?: string | null;
  dueDate?: string | null;
  feeOnMonthDay?: string | null;
  feeInterval?: number | null;
}

/** Account flag bits the account module reads with the account (its CHARGE_* constants). */
const FLAG_WITHDRAWAL_FEE = 1;
const FLAG_FEES_OUTSTANDING = 2;
/** Fineract's savings transaction types of a collected fee. */
const TXN_WITHDRAWAL_FEE = 4;
const TXN_ANNUAL_FEE = 5;
const TXN_PAY_CHARGE = 7;
const STATUS_ACTIVE = 300;
/** product_charge's product type of savings products. */
const PRODUCT_SAVINGS = 2;
/** The daily step's batch, and the most occurrences one fee is caught up by in one run (two years of months). */
const DUE_BATCH = 200;
const MAX_CATCH_UP = 24;

export const savingsChargeNotFound = (id: number) => errors.notFound(SAVINGS_CHARGE_CODES.notFound, `Savings account charge with identifier ${id} does not exist`, id);
const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);
const recurringOf = (row: Pick<store.SavingsChargeRow, 'timeType' | 'feeOnMonth' | 'feeOnDay' | 'feeInterval'>): RecurringFee | null =>
  (row.timeType === TIME_TYPE.monthlyFee.id || row.timeType === TIME_TYPE.annualFee.id) && row.feeOnMonth != null && row.feeOnDay != null
    ? { kind: row.timeType === TIME_TYPE.annualFee.id ? 'annual' : 'monthly', month: row.feeOnMonth, day: row.feeOnDay, interval: row.feeInterval ?? 1 }
    : null;
const transactionTypeOf = (timeType: number) => (timeType === TIME_TYPE.withdrawalFee.id ? TXN_WITHDRAWAL_FEE : timeType === TIME_TYPE.annualFee.id ? TXN_ANNUAL_FEE : TXN_PAY_CHARGE);

/**
 * Charges on savings and current accounts: added from a definition, charged when they fall due (the daily
 * step), taken with withdrawals, collected when money arrives, paid, waived and inactivated. The only
 * writer of charges.savings_charge; money moves through the account module's port.
 */
export class SavingsChargeCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: ChargesDependencies,
  ) {}

  /** The callbacks the account module calls (registered in the composition root). */
  callbacks(): SavingsFeeCallbacks {
    return {
      withdrawalFees: async (tx, account, amount) => {
        const rows = await store.activeOfType(tx, account.id, TIME_TYPE.withdrawalFee.id);
        return Promise.all(rows.map(async (r) => this.fee(tx, r, chargeAmount({ calculationTypeId: r.calculationType, amount: r.amountOrPercentage, principal: amount, digits: account.digits }))));
      },
      outstandingFees: async (tx, accountId) => Promise.all((await store.owedOf(tx, accountId)).map((r) => this.fee(tx, r, r.amountOutstanding))),
      // A negative id is a client charge paid from the account (client-charge.command.ts).
      collected: async (tx, feeId, amount) => (feeId < 0 ? clientCharges.recordPaid(tx, -feeId, amount) : store.recordPaid(tx, feeId, amount)),
    };
  }

  /** The callbacks the account module calls when a product's charges are set and an account is opened on it. */
  openings(): SavingsOpeningCallbacks {
    return {
      productCharges: async (tx, productId, currencyCode, listed) => {
        const ids = productChargeList(listed, 'savingsproduct');
        for (const chargeId of ids) {
          const definition = await charges.findCharge(tx, chargeId);
          if (!definition) throw chargeNotFound(chargeId);
          if (definition.appliesTo !== APPLIES_TO.savings.id) throw rule(SAVINGS_CHARGE_CODES.cannotApply, `Charge '${definition.name}' cannot be applied to savings accounts.`, [chargeId], 'charges');
          if (!definition.active) throw rule(CHARGES_CODES.chargeNotActive, `Charge '${definition.name}' is not active.`, [chargeId], 'charges');
          if (definition.currencyCode !== currencyCode) throw rule(SAVINGS_CHARGE_CODES.currencyMismatch, `Charge '${definition.name}' is in ${definition.currencyCode}, the product in ${currencyCode}.`, [chargeId], 'charges');
        }
        await setProductCharges(tx, PRODUCT_SAVINGS, productId, ids);
      },
      opened: async (tx, applicant, accountId, productId, listed) => {
        const inputs = listed === null ? (await productChargeIds(tx, PRODUCT_SAVINGS, productId)).map((chargeId) => ({ chargeId })) : openingCharges(listed);
        for (const input of inputs) await this.addCore(tx, applicant, accountId, input);
      },
    };
  }

  async add(identity: Identity, accountId: number, input: SavingsChargeInput): Promise<number> {
    const actor = requireStaff(identity, 'CREATE_SAVINGSACCOUNTCHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.addCore(tx, actor, accountId, input));
  }

  /** `actor` is staff, or a customer whose own application on a product with charges is being opened. */
  async addCore(tx: Tx, actor: Actor | CustomerIdentity, accountId: number, input: SavingsChargeInput): Promise<number> {
    const account = await this.deps.savings.visible(tx, actor, accountId);
    const v = new Validator('savingsaccountcharge');
    v.required('chargeId', input.chargeId);
    v.check(input.amount == null || new BigNumber(input.amount).gt(0), 'amount', 'not.greater.than.zero', 'The parameter `amount` must be greater than 0.', input.amount);
    v.throwIfAny();
    const definition = await charges.findCharge(tx, input.chargeId!);
    if (!definition) throw chargeNotFound(input.chargeId!);
    if (definition.appliesTo !== APPLIES_TO.savings.id) throw rule(SAVINGS_CHARGE_CODES.cannotApply, `Charge '${definition.name}' cannot be applied to savings accounts.`, [definition.id], 'chargeId');
    if (!definition.active) throw rule(CHARGES_CODES.chargeNotActive, `Charge '${definition.name}' with identifier ${definition.id} is not active`, [definition.name, definition.id], 'chargeId');
    if (definition.currencyCode !== account.currencyCode) {
      throw rule(SAVINGS_CHARGE_CODES.currencyMismatch, `Charge '${definition.name}' is in ${definition.currencyCode}; the account is in ${account.currencyCode}.`, [definition.id], 'chargeId');
    }
    const today = await this.deps.businessDates.today(tx);
    let { feeOnMonth, feeOnDay, feeInterval } = definition;
    if (input.feeOnMonthDay != null) {
      const md = parseMonthDay(input.feeOnMonthDay);
      if (!md) v.fail('feeOnMonthDay', 'invalid.format', 'The parameter `feeOnMonthDay` must be a day of a month, e.g. "15 January".', input.feeOnMonthDay);
      else ({ month: feeOnMonth, day: feeOnDay } = md);
    }
    if (input.feeInterval != null) feeInterval = input.feeInterval;
    if (definition.timeType === TIME_TYPE.specifiedDueDate.id) v.required('dueDate', input.dueDate);
    v.throwIfAny();
    const recurring = recurringOf({ timeType: definition.timeType, feeOnMonth, feeOnDay, feeInterval });
    // A recurring fee first falls due on its day on or after the account's activation (or today, for an
    // account not yet active); a savings-activation fee is due at once.
    const dueDate = recurring ? firstRecurringDueDate(recurring, account.activatedOnDate ?? today)
      : definition.timeType === TIME_TYPE.specifiedDueDate.id ? input.dueDate!
        : definition.timeType === TIME_TYPE.savingsActivation.id ? (account.activatedOnDate ?? today) : null;
    const id = await nextValue(tx, 'savings_charge');
    await store.insertSavingsCharge(tx, id, {
      accountId, chargeId: definition.id, timeType: definition.timeType, calculationType: definition.calculationType, amountOrPercentage: new BigNumber(input.amount ?? definition.amount).toFixed(),
      penalty: definition.penalty, dueDate, feeOnMonth: recurring ? feeOnMonth : null, feeOnDay: recurring ? feeOnDay : null, feeInterval: recurring?.kind === 'monthly' ? feeInterval : null,
    }, actor.userId);
    if (definition.timeType === TIME_TYPE.withdrawalFee.id) await this.deps.savings.changeFlags(tx, accountId, FLAG_WITHDRAWAL_FEE, 0);
    // A fee already due on an active account is charged now, as the daily step would have.
    if (dueDate != null && dueDate <= today && account.status === STATUS_ACTIVE) await this.chargeDue(tx, account.id, id, today, actor.userId);
    return id;
  }

  async pay(identity: Identity, accountId: number, id: number, input: { amount?: string | null; dueDate?: string | null }): Promise<number> {
    const actor = requireStaff(identity, 'PAY_SAVINGSACCOUNTCHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.payCore(tx, actor, accountId, id, input));
  }

  /** Fineract's paycharge: pays what is owed (or `amount` of it) at once; a fee not yet due is charged first. */
  async payCore(tx: Tx, actor: Actor, accountId: number, id: number, input: { amount?: string | null; dueDate?: string | null }): Promise<number> {
    await this.deps.savings.visible(tx, actor, accountId);
    let row = await this.locked(tx, accountId, id);
    const today = await this.deps.businessDates.today(tx);
    if (new BigNumber(row.amountOutstanding).isZero() && row.dueDate != null) {
      await this.chargeOccurrences(tx, row, 1);
      row = await this.locked(tx, accountId, id);
    }
    const amount = input.amount ?? row.amountOutstanding;
    if (new BigNumber(row.amountOutstanding).isZero()) throw rule(SAVINGS_CHARGE_CODES.nothingOutstanding, 'Nothing is outstanding on this charge.', [id]);
    if (!new BigNumber(amount).gt(0) || new BigNumber(amount).gt(row.amountOutstanding)) {
      throw rule(SAVINGS_CHARGE_CODES.exceedsOutstanding, `The amount must be greater than 0 and at most the outstanding ${row.amountOutstanding}.`, [amount, row.amountOutstanding], 'amount');
    }
    await this.deps.savings.payFee(tx, actor, accountId, await this.fee(tx, row, new BigNumber(amount).toFixed()), input.dueDate ?? today, actor.userId);
    return id;
  }

  async waive(identity: Identity, accountId: number, id: number): Promise<number> {
    const actor = requireStaff(identity, 'WAIVE_SAVINGSACCOUNTCHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.waiveCore(tx, actor, accountId, id));
  }

  /** Waives what is owed: it is no longer due, and nothing is posted (no income was recognised). */
  async waiveCore(tx: Tx, actor: Actor, accountId: number, id: number): Promise<number> {
    await this.deps.savings.visible(tx, actor, accountId);
    const row = await this.locked(tx, accountId, id);
    if (new BigNumber(row.amountOutstanding).isZero()) throw rule(SAVINGS_CHARGE_CODES.nothingOutstanding, 'Nothing is outstanding on this charge.', [id]);
    await store.recordWaived(tx, id, row.amountOutstanding);
    return id;
  }

  async inactivate(identity: Identity, accountId: number, id: number): Promise<number> {
    const actor = requireStaff(identity, 'INACTIVATE_SAVINGSACCOUNTCHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.inactivateCore(tx, actor, accountId, id));
  }

  async inactivateCore(tx: Tx, actor: Actor, accountId: number, id: number): Promise<number> {
    await this.deps.savings.visible(tx, actor, accountId);
    const row = await this.locked(tx, accountId, id);
    await store.inactivate(tx, id, await this.deps.businessDates.today(tx));
    if (row.timeType === TIME_TYPE.withdrawalFee.id && (await store.activeOfType(tx, accountId, TIME_TYPE.withdrawalFee.id)).length === 0) {
      await this.deps.savings.changeFlags(tx, accountId, 0, FLAG_WITHDRAWAL_FEE);
    }
    return id;
  }

  async delete(identity: Identity, accountId: number, id: number): Promise<number> {
    const actor = requireStaff(identity, 'DELETE_SAVINGSACCOUNTCHARGE');
    return this.db.tx(actor.tenantId, async (tx) => {
      await this.deps.savings.visible(tx, actor, accountId);
      const row = await this.locked(tx, accountId, id);
      if (!new BigNumber(row.amountPaid).isZero() || !new BigNumber(row.amountWaived).isZero()) {
        throw rule(SAVINGS_CHARGE_CODES.cannotBeDeleted, 'A charge already paid or waived cannot be deleted; inactivate it.', [id]);
      }
      await store.deleteSavingsCharge(tx, id);
      if (row.timeType === TIME_TYPE.withdrawalFee.id && (await store.activeOfType(tx, accountId, TIME_TYPE.withdrawalFee.id)).length === 0) {
        await this.deps.savings.changeFlags(tx, accountId, 0, FLAG_WITHDRAWAL_FEE);
      }
      return id;
    });
  }

  /**
   * The daily step: every active dated fee due on or before `businessDate` is charged (each occurrence
   * once; its due date moves past the date, so a second run finds nothing) and collected as far as the
   * account allows; what cannot be collected stays outstanding. Batches by id. Answers how many fees fell due.
   */
  async applyDueFees(tx: Tx, businessDate: string): Promise<number> {
    let afterId = 0;
    let count = 0;
    for (;;) {
      const due = await store.dueOn(tx, businessDate, afterId, DUE_BATCH);
      for (const row of due) {
        await this.chargeDue(tx, row.accountId, row.id, businessDate, null);
        count++;
      }
      if (due.length < DUE_BATCH) return count;
      afterId = due[due.length - 1]!.id;
    }
  }

  /** Charges every occurrence of a fee due on or before `date`, then collects what the account can pay. */
  private async chargeDue(tx: Tx, accountId: number, id: number, date: string, actor: number | null): Promise<void> {
    const row = await this.locked(tx, accountId, id);
    if (row.dueDate == null || row.dueDate > date) return;
    const recurring = recurringOf(row);
    let occurrences = 1;
    if (recurring) {
      for (let next = nextRecurringDueDate(recurring, row.dueDate); next <= date && occurrences < MAX_CATCH_UP; next = nextRecurringDueDate(recurring, next)) occurrences++;
    }
    await this.chargeOccurrences(tx, row, occurrences);
    await this.deps.savings.changeFlags(tx, accountId, FLAG_FEES_OUTSTANDING, 0);
    await this.deps.savings.collectOutstanding(tx, accountId, date, actor);
  }

  /** Adds `occurrences` of a dated fee to what is charged and moves its due date on (a one-off fee's to none). */
  private async chargeOccurrences(tx: Tx, row: store.SavingsChargeRow, occurrences: number): Promise<void> {
    const recurring = recurringOf(row);
    let next: string | null = null;
    if (recurring && row.dueDate) {
      next = row.dueDate;
      for (let i = 0; i < occurrences; i++) next = nextRecurringDueDate(recurring, next);
    }
    // Percentages of savings fees other than withdrawal fees have no base here: a flat amount is charged.
    await store.charge(tx, row.id, new BigNumber(row.amountOrPercentage).times(occurrences).toFixed(), next);
  }

  private async locked(tx: Tx, accountId: number, id: number): Promise<store.SavingsChargeRow> {
    const row = await store.findSavingsCharge(tx, accountId, id, true);
    if (!row) throw savingsChargeNotFound(id);
    return row;
  }

  private async fee(tx: Tx, row: store.SavingsChargeRow, amount: string): Promise<SavingsFee> {
    const income = await this.deps.glAccount(tx, { id: row.incomeAccountId });
    if (!income) throw new Error(`charge ${row.chargeId}: income account ${row.incomeAccountId} is gone`);
    return { feeId: row.id, chargeName: row.name, amount, incomeGlCode: income.glCode, transactionType: transactionTypeOf(row.timeType) };
  }
}

/** The charges a savings application lists ([{chargeId, amount, dueDate, feeOnMonthDay, feeInterval}]), checked. */
function openingCharges(listed: readonly unknown[]): SavingsChargeInput[] {
  const v = new Validator('savingsaccount');
  checkListLength(v, listed);
  const inputs = listed.map((entry, i) => {
    const e = entryOf(entry);
    const chargeId = Number(jsonText(e.chargeId));
    if (!Number.isInteger(chargeId) || chargeId <= 0) v.fail(`charges[${i}].chargeId`, 'cannot.be.blank', 'Each charge needs a chargeId.', e.chargeId);
    // Dates inside the list are not translated by the REST layer: ISO dates only.
    const dueDate = jsonText(e.dueDate);
    if (dueDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) v.fail(`charges[${i}].dueDate`, 'invalid.date.format', 'A charge\'s dueDate must be yyyy-MM-dd.', e.dueDate);
    const interval = jsonText(e.feeInterval);
    return { chargeId, amount: jsonText(e.amount), dueDate, feeOnMonthDay: jsonText(e.feeOnMonthDay), feeInterval: interval === null ? null : Number(interval) };
  });
  v.throwIfAny();
  return inputs;
}
