import BigNumber from 'bignumber.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { emit } from '../../kernel/outbox.js';
import { exactNumber } from '../../kernel/exact-json.js';
import { nextValue } from '../../kernel/sequence.js';
import { chargeAmount } from '../domain/amount.js';
import { APPLIES_TO, TIME_TYPE } from '../domain/charge-kinds.js';
import { instalmentContaining } from '../domain/due-dates.js';
import { chargesOnSchedule, overduePenalty, penaltyDateOf, type SchedulePeriodIn } from '../domain/loan-schedule-charges.js';
import { CHARGES_CODES, LOAN_CHARGE_CODES } from '../codes.js';
import type { ChargeableLoan, ChargeablePeriod, ChargesDependencies } from '../ports.js';
import * as charges from '../store/charge.store.js';
import * as store from '../store/loan-charge.store.js';
import { productChargeIds, setProductCharges } from '../store/product-charge.store.js';
import { chargeNotFound } from './charge-definition.command.js';
import { checkListLength, entryOf, jsonText, productChargeList } from './listed-charges.js';

/** POST /loans/{loanId}/charges, and each entry of a loan application's `charges`. */
export interface LoanChargeInput {
  chargeId?: number | null;
  amount?: string | null;
  dueDate?: string | null;
}

/** A credit (or, on an undo, a debit) to a charge's income account. */
export interface IncomeLine {
  glCode: string;
  amount: string;
}

const STATUS_SUBMITTED = 100;
const STATUS_APPROVED = 200;
const STATUS_ACTIVE = 300;
/** product_charge's product type of loan products. */
const PRODUCT_LOAN = 1;
/** The daily step's batch of loans. */
const OVERDUE_BATCH = 100;

export const loanChargeNotFound = (id: number) => errors.notFound(LOAN_CHARGE_CODES.notFound, `Loan charge with identifier ${id} does not exist`, id);
const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);
const laidOnInstalments = (timeType: number) => timeType === TIME_TYPE.instalmentFee.id || timeType === TIME_TYPE.specifiedDueDate.id;
const scheduleOf = (periods: readonly ChargeablePeriod[]): SchedulePeriodIn[] =>
  periods.map((p) => ({ period: p.period, fromDate: p.fromDate, dueDate: p.dueDate, principal: p.principalDue, interest: p.interestDue }));
const sum = (values: readonly BigNumber.Value[]) => values.reduce<BigNumber>((s, v) => s.plus(v), new BigNumber(0));

/**
 * Charges on loans: added from a definition (or the loan's product at application), laid on the schedule's
 * instalments (fee_due / penalty_due, waivers taken off), collected at disbursement, paid by repayments in the
 * loan's allocation order, waived, and the overdue-instalment penalties the daily step applies. The only writer
 * of charges.loan_charge and loan_charge_period; the loan module calls `hook()` where money meets charges.
 */
export class LoanChargeCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: ChargesDependencies,
  ) {}

  async add(identity: Identity, loanId: number, input: LoanChargeInput): Promise<number> {
    const actor = requireStaff(identity, 'CREATE_LOANCHARGE');
    return this.db.tx(actor.tenantId, async (tx) => {
      const loan = await this.deps.loans.visible(tx, actor, loanId, true);
      const id = await this.attach(tx, actor.userId, loan, input, false);
      await this.syncSchedule(tx, loanId);
      return id;
    });
  }

  /**
   * Attaches a charge to a loan. `fromProduct`: the loan's application lists it (or its product carries it),
   * so an overdue-instalment penalty is accepted, which Fineract refuses to add by hand.
   */
  async attach(tx: Tx, userId: number | null, loan: ChargeableLoan, input: LoanChargeInput, fromProduct: boolean): Promise<number> {
    const v = new Validator('loanCharge');
    v.required('chargeId', input.chargeId);
    v.check(input.amount == null || new BigNumber(input.amount).gt(0), 'amount', 'not.greater.than.zero', 'The parameter `amount` must be greater than 0.', input.amount);
    v.throwIfAny();
    if (![STATUS_SUBMITTED, STATUS_APPROVED, STATUS_ACTIVE].includes(loan.statusId)) throw rule(LOAN_CHARGE_CODES.loanNotOpen, 'Charges are added to pending, approved or active loans only.', [loan.id]);
    const definition = await charges.findCharge(tx, input.chargeId!);
    if (!definition) throw chargeNotFound(input.chargeId!);
    if (definition.appliesTo !== APPLIES_TO.loan.id) throw rule(LOAN_CHARGE_CODES.cannotApply, `Charge '${definition.name}' cannot be applied to loans.`, [definition.id], 'chargeId');
    if (!definition.active) throw rule(CHARGES_CODES.chargeNotActive, `Charge '${definition.name}' is not active.`, [definition.id], 'chargeId');
    if (definition.currencyCode !== loan.currencyCode) throw rule(LOAN_CHARGE_CODES.currencyMismatch, `Charge '${definition.name}' is in ${definition.currencyCode}, the loan in ${loan.currencyCode}.`, [definition.id], 'chargeId');
    if (definition.timeType === TIME_TYPE.overdueInstalment.id && !fromProduct) {
      throw rule(LOAN_CHARGE_CODES.overdueCannotBeAdded, 'An overdue-instalment charge comes with the loan\'s product or application; it cannot be added to a loan.', [definition.name]);
    }
    if (definition.timeType === TIME_TYPE.disbursement.id && loan.disbursedOn !== null) {
      throw rule(LOAN_CHARGE_CODES.disbursementAfterDisbursal, 'A disbursement charge cannot be added after the loan is disbursed.', [definition.name]);
    }
    const dueDate = definition.timeType === TIME_TYPE.specifiedDueDate.id ? (input.dueDate ?? null) : null;
    if (definition.timeType === TIME_TYPE.specifiedDueDate.id) {
      if (dueDate === null) {
        const missing = new Validator('loanCharge');
        missing.required('dueDate', null);
        missing.throwIfAny();
      }
      if (dueDate! < (loan.disbursedOn ?? loan.expectedDisbursementDate)) {
        throw rule(LOAN_CHARGE_CODES.dateBeforeDisbursement, `The charge's due date ${dueDate} is before the loan's disbursement.`, [definition.name], 'dueDate');
      }
      const periods = await this.deps.loans.periods(tx, loan.id);
      if (instalmentContaining(periods, dueDate!) === null) {
        throw rule(LOAN_CHARGE_CODES.dueDateOutsideSchedule, `The charge's due date ${dueDate} is after the loan's last instalment.`, [definition.name], 'dueDate');
      }
    }
    const id = await nextValue(tx, 'loan_charge');
    await store.insertLoanCharge(tx, id, {
      loanId: loan.id, chargeId: definition.id, timeType: definition.timeType, calculationType: definition.calculationType, paymentMode: definition.paymentMode,
      amountOrPercentage: new BigNumber(input.amount ?? definition.amount).toFixed(), penalty: definition.penalty, dueDate, amount: '0',
    }, userId);
    const row = (await store.findLoanCharge(tx, loan.id, id))!;
    await this.lay(tx, loan, row);
    const laid = (await store.findLoanCharge(tx, loan.id, id))!;
    await emit(tx, {
      eventType: 'loan.charge.added', entityName: 'LOAN', actionName: 'ADDCHARGE',
      data: { loanId: loan.id, loanChargeId: id, chargeId: definition.id, name: definition.name, penalty: definition.penalty, chargeTimeType: definition.timeType, amount: exactNumber(new BigNumber(laid.amount).toFixed(loan.digits)), currency: loan.currencyCode, dueDate },
    });
    return id;
  }

  async update(identity: Identity, loanId: number, id: number, input: { amount?: string | null; dueDate?: string | null }): Promise<{ id: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_LOANCHARGE');
    return this.db.tx(actor.tenantId, async (tx) => {
      const loan = await this.deps.loans.visible(tx, actor, loanId, true);
      const row = await this.pending(tx, loan, id);
      const v = new Validator('loanCharge');
      v.check(input.amount == null || new BigNumber(input.amount).gt(0), 'amount', 'not.greater.than.zero', 'The parameter `amount` must be greater than 0.', input.amount);
      v.throwIfAny();
      const dueDate = row.timeType === TIME_TYPE.specifiedDueDate.id ? (input.dueDate ?? row.dueDate) : null;
      if (dueDate !== null && instalmentContaining(await this.deps.loans.periods(tx, loanId), dueDate) === null) {
        throw rule(LOAN_CHARGE_CODES.dueDateOutsideSchedule, `The charge's due date ${dueDate} is outside the loan's schedule.`, [row.name], 'dueDate');
      }
      const amountOrPercentage = new BigNumber(input.amount ?? row.amountOrPercentage).toFixed();
      await store.updateTerms(tx, id, amountOrPercentage, dueDate, '0');
      await this.lay(tx, loan, (await store.findLoanCharge(tx, loanId, id))!);
      await this.syncSchedule(tx, loanId);
      const changes: Record<string, unknown> = {};
      if (input.amount != null) changes.amount = amountOrPercentage;
      if (input.dueDate != null) changes.dueDate = dueDate;
      return { id, changes };
    });
  }

  async delete(identity: Identity, loanId: number, id: number): Promise<number> {
    const actor = requireStaff(identity, 'DELETE_LOANCHARGE');
    return this.db.tx(actor.tenantId, async (tx) => {
      const loan = await this.deps.loans.visible(tx, actor, loanId, true);
      await this.pending(tx, loan, id);
      await store.deleteLoanCharge(tx, id);
      await this.syncSchedule(tx, loanId);
      return id;
    });
  }

  async waive(identity: Identity, loanId: number, id: number, input: { installmentNumber?: number | null }): Promise<{ id: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'WAIVE_LOANCHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.waiveCore(tx, actor, loanId, id, input));
  }

  /**
   * Waives what is owed of a charge, or of one instalment's part of it (`installmentNumber`): it is no longer
   * due, and nothing is posted (income is recognised only when paid).
   */
  async waiveCore(tx: Tx, actor: Actor, loanId: number, id: number, input: { installmentNumber?: number | null }): Promise<{ id: number; changes: Record<string, unknown> }> {
    const loan = await this.deps.loans.visible(tx, actor, loanId, true);
    if (loan.statusId !== STATUS_ACTIVE) throw rule(LOAN_CHARGE_CODES.loanNotOpen, 'Charges are waived on active loans only.', [loanId]);
    const row = await store.findLoanCharge(tx, loanId, id, true);
    if (!row) throw loanChargeNotFound(id);
    const parts = (await store.periodsOf(tx, loanId)).filter((p) => p.loanChargeId === id && (input.installmentNumber == null || p.period === input.installmentNumber));
    if (input.installmentNumber != null && parts.length === 0) {
      throw rule(LOAN_CHARGE_CODES.installmentNotFound, `The charge has no part in instalment ${input.installmentNumber}.`, [input.installmentNumber], 'installmentNumber');
    }
    const owed = parts.filter((p) => new BigNumber(p.amountOutstanding).gt(0));
    const waived = parts.length > 0 ? sum(owed.map((p) => p.amountOutstanding)) : new BigNumber(row.amountOutstanding);
    if (waived.isZero()) {
      const wasWaived = parts.length > 0 ? sum(parts.map((p) => p.amountWaived)).gt(0) : new BigNumber(row.amountWaived).gt(0);
      throw rule(wasWaived ? LOAN_CHARGE_CODES.alreadyWaived : LOAN_CHARGE_CODES.alreadyPaid, 'Nothing is outstanding on this charge.', [id]);
    }
    if (parts.length > 0) await store.addToParts(tx, 'amount_waived', owed.map((p) => ({ loanChargeId: id, period: p.period, amount: p.amountOutstanding })));
    else await store.waiveWhole(tx, id);
    await this.syncSchedule(tx, loanId);
    const amount = waived.toFixed(loan.digits);
    await emit(tx, {
      eventType: 'loan.charge.waived', entityName: 'LOAN', actionName: 'WAIVECHARGE',
      data: { loanId, loanChargeId: id, chargeId: row.chargeId, name: row.name, penalty: row.penalty, installmentNumber: input.installmentNumber ?? null, amount: exactNumber(amount), currency: loan.currencyCode },
    });
    return { id, changes: { amount, installmentNumber: input.installmentNumber ?? null } };
  }

  /** What the loan module calls where money meets charges (registered in the composition root). */
  hook() {
    return {
      /** The schedule was written anew (at disbursement): unpaid charges are laid on its instalments again. */
      scheduled: async (tx: Tx, loanId: number): Promise<void> => {
        const rows = await store.loanChargesOf(tx, loanId);
        // Most loans carry no charges: the schedule just written has no fees to lay, and the loan need not be read.
        if (rows.length === 0) return;
        const loan = await this.deps.loans.find(tx, loanId);
        if (!loan) return;
        const periods = await this.deps.loans.periods(tx, loanId);
        for (const row of rows) {
          if (new BigNumber(row.amountPaid).plus(row.amountWaived).isZero()) await this.lay(tx, loan, row, periods);
        }
        await this.syncSchedule(tx, loanId, periods);
      },
      /** Disbursement charges are computed on the principal paid out and collected from it (Fineract's net disbursal). */
      atDisbursement: async (tx: Tx, loanId: number, principal: string, digits: number): Promise<{ deducted: string; lines: IncomeLine[] }> => {
        const due = (await store.loanChargesOf(tx, loanId)).filter((r) => r.timeType === TIME_TYPE.disbursement.id && new BigNumber(r.amountPaid).plus(r.amountWaived).isZero());
        const lines: IncomeLine[] = [];
        let deducted = new BigNumber(0);
        for (const row of due) {
          const amount = chargeAmount({ calculationTypeId: row.calculationType, amount: row.amountOrPercentage, principal, minCap: row.minCap, maxCap: row.maxCap, digits });
          await store.setAmount(tx, row.id, amount);
          await store.markPaid(tx, row.id);
          // Both payment modes are taken from the account the loan pays into: regular ones off the amount paid
          // out; account-transfer ones the same way, since that account is the one they would be transferred from.
          deducted = deducted.plus(amount);
          lines.push({ glCode: await this.incomeGl(tx, row.incomeAccountId), amount });
        }
        return { deducted: deducted.toFixed(), lines: merged(lines) };
      },
      /**
       * A new application's charges: those it lists (Fineract's `charges: [{chargeId, amount, dueDate}]`, the amount
       * overriding the definition's), or, when it lists none, its product's at their definitions' amounts.
       */
      applied: async (tx: Tx, userId: number | null, loanId: number, listed: readonly unknown[] | null): Promise<void> => {
        const loan = (await this.deps.loans.find(tx, loanId))!;
        const inputs = listed === null ? (await productChargeIds(tx, PRODUCT_LOAN, loan.productId)).map((chargeId) => ({ chargeId })) : applicationCharges(listed);
        for (const input of inputs) await this.attach(tx, userId, loan, input, true);
        if (inputs.length > 0) await this.syncSchedule(tx, loanId);
      },
      productCharges: async (tx: Tx, productId: number, currencyCode: string, listed: readonly unknown[]): Promise<void> => {
        const ids = productChargeList(listed, 'loanproduct');
        for (const chargeId of ids) {
          const definition = await charges.findCharge(tx, chargeId);
          if (!definition) throw chargeNotFound(chargeId);
          if (definition.appliesTo !== APPLIES_TO.loan.id) throw rule(LOAN_CHARGE_CODES.cannotApply, `Charge '${definition.name}' cannot be applied to loans.`, [chargeId], 'charges');
          if (!definition.active) throw rule(CHARGES_CODES.chargeNotActive, `Charge '${definition.name}' is not active.`, [chargeId], 'charges');
          if (definition.currencyCode !== currencyCode) throw rule(LOAN_CHARGE_CODES.currencyMismatch, `Charge '${definition.name}' is in ${definition.currencyCode}, the product in ${currencyCode}.`, [chargeId], 'charges');
        }
        await setProductCharges(tx, PRODUCT_LOAN, productId, ids);
      },
      disbursementUndone: async (tx: Tx, loanId: number): Promise<{ deducted: string; lines: IncomeLine[] }> => {
        const collected = (await store.loanChargesOf(tx, loanId)).filter((r) => r.timeType === TIME_TYPE.disbursement.id && new BigNumber(r.amountPaid).gt(0));
        const lines: IncomeLine[] = [];
        for (const row of collected) {
          await store.markUnpaid(tx, row.id);
          lines.push({ glCode: await this.incomeGl(tx, row.incomeAccountId), amount: row.amountPaid });
        }
        return { deducted: sum(collected.map((r) => r.amountPaid)).toFixed(), lines: merged(lines) };
      },
      paid: async (tx: Tx, loanId: number, parts: readonly { period: number; fee: string; penalty: string }[]): Promise<IncomeLine[]> => this.spread(tx, loanId, parts, 1),
      unpaid: async (tx: Tx, loanId: number, parts: readonly { period: number; fee: string; penalty: string }[]): Promise<IncomeLine[]> => this.spread(tx, loanId, parts, -1),
    };
  }

  /**
   * The daily step: each active loan's overdue-instalment penalties, once per instalment overdue past the
   * product's grace on `businessDate` (the instalment's part keyed by it, so a second run adds nothing).
   * Answers how many penalties were applied.
   */
  async applyOverduePenalties(tx: Tx, businessDate: string): Promise<number> {
    let cursor = 0;
    let applied = 0;
    for (;;) {
      const batch = await this.overdueBatch(tx, businessDate, cursor, OVERDUE_BATCH);
      applied += batch.processed;
      if (batch.done) return applied;
      cursor = batch.cursor;
    }
  }

  /** One batch of the daily step: loans with an overdue-instalment charge after loan `cursor`, at most `limit`. */
  async overdueBatch(tx: Tx, businessDate: string, cursor: number, limit: number): Promise<{ cursor: number; processed: number; done: boolean }> {
    const loanIds = await store.loansWithOverdueCharges(tx, cursor, limit);
    let processed = 0;
    for (const loanId of loanIds) processed += await this.penalise(tx, loanId, businessDate);
    return { cursor: loanIds[loanIds.length - 1] ?? cursor, processed, done: loanIds.length < limit };
  }

  private async penalise(tx: Tx, loanId: number, businessDate: string): Promise<number> {
    const loan = await this.deps.loans.find(tx, loanId, true);
    if (!loan || loan.statusId !== STATUS_ACTIVE) return 0;
    const penalties = (await store.loanChargesOf(tx, loanId)).filter((r) => r.timeType === TIME_TYPE.overdueInstalment.id);
    const grace = await this.deps.loans.penaltyGraceDays(tx, loan.productId);
    const periods = await this.deps.loans.periods(tx, loanId);
    let applied = 0;
    for (const p of periods) {
      const on = penaltyDateOf(p.dueDate, grace);
      if (on > businessDate) break;
      const overdue = { principal: new BigNumber(p.principalDue).minus(p.principalPaid).toFixed(), interest: new BigNumber(p.interestDue).minus(p.interestPaid).toFixed() };
      if (new BigNumber(overdue.principal).plus(overdue.interest).isZero()) continue;
      for (const charge of penalties) {
        const amount = overduePenalty({ calculationTypeId: charge.calculationType, amount: charge.amountOrPercentage, minCap: charge.minCap, maxCap: charge.maxCap }, overdue, loan.digits);
        if (new BigNumber(amount).isZero() || !(await store.addPenaltyPart(tx, charge.id, p.period, on, amount))) continue;
        applied++;
        await emit(tx, {
          eventType: 'loan.charge.added', entityName: 'LOAN', actionName: 'APPLYOVERDUECHARGE',
          data: { loanId, loanChargeId: charge.id, chargeId: charge.chargeId, name: charge.name, penalty: charge.penalty, chargeTimeType: charge.timeType, amount: exactNumber(amount), currency: loan.currencyCode, dueDate: on, installmentNumber: p.period },
        });
      }
    }
    if (applied > 0) await this.syncSchedule(tx, loanId, periods);
    return applied;
  }

  /** A charge nothing was paid or waived of, on a loan not yet disbursed (what Fineract lets be changed or deleted). */
  private async pending(tx: Tx, loan: ChargeableLoan, id: number): Promise<store.LoanChargeRow> {
    const row = await store.findLoanCharge(tx, loan.id, id, true);
    if (!row) throw loanChargeNotFound(id);
    if (loan.statusId !== STATUS_SUBMITTED && loan.statusId !== STATUS_APPROVED) {
      throw rule(LOAN_CHARGE_CODES.notPending, 'A loan\'s charges are changed or deleted only before it is disbursed.', [loan.id]);
    }
    return row;
  }

  /** Lays one charge on the loan's instalments (an instalment fee in each, a specified-due-date charge in its own), or sets a disbursement charge's amount. */
  private async lay(tx: Tx, loan: ChargeableLoan, row: store.LoanChargeRow, known?: readonly ChargeablePeriod[]): Promise<void> {
    const periods = known ?? (await this.deps.loans.periods(tx, loan.id));
    const input = { id: row.id, timeTypeId: row.timeType, calculationTypeId: row.calculationType, amount: row.amountOrPercentage, penalty: row.penalty, dueDate: row.dueDate, minCap: row.minCap, maxCap: row.maxCap };
    if (laidOnInstalments(row.timeType)) {
      await store.replacePeriods(tx, row.id, chargesOnSchedule(scheduleOf(periods), [input], loan.digits));
    } else if (row.timeType === TIME_TYPE.disbursement.id) {
      const interest = sum(periods.map((p) => p.interestDue)).toFixed();
      await store.setAmount(tx, row.id, chargeAmount({ calculationTypeId: row.calculationType, amount: row.amountOrPercentage, principal: loan.principal, interest, minCap: row.minCap, maxCap: row.maxCap, digits: loan.digits }));
    }
  }

  /** Writes each instalment's fee and penalty due into the loan's schedule: its charges' parts less what was waived. */
  private async syncSchedule(tx: Tx, loanId: number, known?: readonly ChargeablePeriod[]): Promise<void> {
    const periods = known ?? (await this.deps.loans.periods(tx, loanId));
    const parts = await store.periodsOf(tx, loanId);
    const totals = periods.map(({ period }) => {
      const mine = parts.filter((p) => p.period === period);
      const due = (penalty: boolean) => sum(mine.filter((p) => p.penalty === penalty).map((p) => new BigNumber(p.amount).minus(p.amountWaived))).toFixed();
      return { period, fee: due(false), penalty: due(true) };
    });
    await this.deps.loans.setChargesDue(tx, loanId, totals);
  }

  /**
   * Spreads a repayment's fee and penalty portions over the charges' parts of each instalment, in charge order
   * (`sign` -1: its undo takes them back, last charge first); answers the income account lines.
   */
  private async spread(tx: Tx, loanId: number, portions: readonly { period: number; fee: string; penalty: string }[], sign: 1 | -1): Promise<IncomeLine[]> {
    const parts = await store.periodsOf(tx, loanId);
    const moves: { loanChargeId: number; period: number; amount: string }[] = [];
    const lines: IncomeLine[] = [];
    for (const portion of portions) {
      for (const penalty of [true, false]) {
        let left = new BigNumber(penalty ? portion.penalty : portion.fee);
        const candidates = parts.filter((p) => p.period === portion.period && p.penalty === penalty);
        if (sign < 0) candidates.reverse();
        for (const p of candidates) {
          if (left.lte(0)) break;
          const room = sign > 0 ? new BigNumber(p.amountOutstanding) : new BigNumber(p.amountPaid);
          const take = BigNumber.min(room, left);
          if (take.lte(0)) continue;
          left = left.minus(take);
          moves.push({ loanChargeId: p.loanChargeId, period: p.period, amount: take.times(sign).toFixed() });
          lines.push({ glCode: await this.incomeGl(tx, p.incomeAccountId), amount: take.toFixed() });
        }
        // The schedule's fee and penalty due are these parts' sums, so a portion always fits them.
        if (left.gt(0)) throw new Error(`loan ${loanId}: instalment ${portion.period}'s ${penalty ? 'penalty' : 'fee'} portion exceeds its charges`);
      }
    }
    await store.addToParts(tx, 'amount_paid', moves);
    return merged(lines);
  }

  private async incomeGl(tx: Tx, incomeAccountId: number): Promise<string> {
    const income = await this.deps.glAccount(tx, { id: incomeAccountId });
    if (!income) throw new Error(`income account ${incomeAccountId} of a loan charge is gone`);
    return income.glCode;
  }
}

/** The charges an application lists, checked: at most MAX_LISTED_CHARGES objects with a chargeId each. */
function applicationCharges(listed: readonly unknown[]): LoanChargeInput[] {
  const v = new Validator('loan');
  checkListLength(v, listed);
  const inputs = listed.map((entry, i) => {
    const e = entryOf(entry);
    const chargeId = Number(jsonText(e.chargeId));
    if (!Number.isInteger(chargeId) || chargeId <= 0) v.fail(`charges[${i}].chargeId`, 'cannot.be.blank', 'Each charge needs a chargeId.', e.chargeId);
    const amount = jsonText(e.amount);
    if (amount !== null && !new BigNumber(amount).gt(0)) v.fail(`charges[${i}].amount`, 'not.greater.than.zero', 'A charge\'s amount must be greater than 0.', e.amount);
    // Dates inside the list are not translated by the REST layer: ISO dates only.
    const dueDate = jsonText(e.dueDate);
    if (dueDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) v.fail(`charges[${i}].dueDate`, 'invalid.date.format', 'A charge\'s dueDate must be yyyy-MM-dd.', e.dueDate);
    return { chargeId, amount, dueDate };
  });
  v.throwIfAny();
  return inputs;
}

/** One line per income account. */
function merged(lines: readonly IncomeLine[]): IncomeLine[] {
  const byGl = new Map<string, BigNumber>();
  for (const l of lines) byGl.set(l.glCode, (byGl.get(l.glCode) ?? new BigNumber(0)).plus(l.amount));
  return [...byGl].map(([glCode, amount]) => ({ glCode, amount: amount.toFixed() }));
}
