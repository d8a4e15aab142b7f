import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { exactNumber } from '../kernel/exact-json.js';
import { actorId, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { Money, formatAmount, scaleOf } from '../kernel/money.js';
import { requireReadCashier } from './cashier.service.js';
import { maySettle, planSettlement } from './domain/till-rules.js';
import type { TillDependencies } from './till.ports.js';
import { markTillSettled, settledTills } from './cash.store.js';
import type { CashierRow, TillRow, TillStore } from './till.store.js';
import { TILL_CODES } from './codes.js';

export interface SettleInput {
  endDate?: string | null;
  countedAmount?: string | null;
}

export interface Settlement {
  cashierId: number;
  date: string;
  currencyCode: string;
  systemBalance: string;
  countedAmount: string;
  variance: string;
  settledBy: number | null;
  settledAt: Date | null;
}

const toSettlement = (t: TillRow): Settlement => ({
  cashierId: t.cashierId,
  date: t.businessDate,
  currencyCode: t.currencyCode,
  systemBalance: formatAmount(t.systemBalance ?? 0),
  countedAmount: formatAmount(t.countedAmount ?? 0),
  variance: formatAmount(t.variance ?? 0),
  settledBy: t.settledBy,
  settledAt: t.settledAt,
});

/** End-of-day settlement (the interface's POST /cashiers/{id}/settle): reconciles counted cash and closes the day's till. */
export class SettlementService {
  constructor(
    private readonly db: Database,
    private readonly deps: TillDependencies,
    private readonly store: TillStore,
  ) {}

  async settle(identity: Identity, cashierId: number, input: SettleInput): Promise<Settlement> {
    if (identity.kind === 'anonymous') throw errors.unauthenticated();
    if (identity.kind !== 'staff') throw errors.forbidden();
    return this.db.tx(identity.tenantId, async (tx) => {
      const cashier = await this.store.cashierInScope(tx, identity, cashierId);
      if (!maySettle(identity, cashier.staffId, this.deps.settlingRoleIds)) throw errors.forbidden('Only the cashier, a Branch Manager, the Head of Operations or a super user may settle a till.');
      return this.settleCore(tx, identity, cashier, input);
    });
  }

  /**
   * Closes one day's till: the variance (counted - system) against 53101, the counted cash back to the
   * vault as a 102 Settle, the till marked settled with its reconciliation. The till row is locked first,
   * so a cash movement in flight either lands before (and is counted in the system balance) or is refused.
   */
  async settleCore(tx: Tx, staff: StaffIdentity, cashier: CashierRow, input: SettleInput): Promise<Settlement> {
    const v = new Validator('cashier');
    v.required('endDate', input.endDate);
    if (input.countedAmount != null) {
      const counted = new Money(input.countedAmount);
      v.check(counted.isFinite() && !counted.isNegative(), 'countedAmount', 'not.zero.or.greater', 'The parameter `countedAmount` must be zero or more.', input.countedAmount);
      v.check(scaleOf(input.countedAmount) <= 6 && counted.integerValue(Money.ROUND_DOWN).toFixed().length <= 14, 'countedAmount', 'invalid.decimal', 'The amount has too many digits.', input.countedAmount);
    }
    v.throwIfAny();
    const date = input.endDate!;
    const today = await this.deps.businessDates.today(tx);
    if (date > today) throw errors.domainRule(TILL_CODES.cashierSettlementDateInFuture, `A till cannot be settled for ${date}, after the business date ${today}.`, [date], 'endDate');
    const till = await this.store.lockTill(tx, cashier.id, date);
    if (!till) throw errors.domainRule(TILL_CODES.cashierNoOpenTill, `Cashier ${cashier.id} had no till (no allocation) on ${date}.`, [cashier.id, date], 'endDate');
    if (till.settled) throw errors.domainRule(TILL_CODES.cashierAlreadySettled, `The till of cashier ${cashier.id} is already settled for ${date}.`, [cashier.id, date], 'endDate');
    const system = new Money(till.balance);
    const plan = planSettlement(system, input.countedAmount != null ? new Money(input.countedAmount) : system);
    const actor = actorId(staff);
    for (const step of plan.steps) await this.store.record(tx, till, cashier, { type: step.type, amount: step.amount, note: step.note, lines: step.lines, actor });
    await markTillSettled(tx, cashier.id, date, plan, actor);
    await this.store.event(tx, 'cashier.settled', 'SETTLE', {
      cashierId: cashier.id, tellerId: cashier.tellerId, officeId: cashier.officeId, date, currency: till.currencyCode,
      systemBalance: exactNumber(plan.systemBalance), countedAmount: exactNumber(plan.countedAmount), variance: exactNumber(plan.variance),
    });
    const settled = (await this.store.till(tx, cashier.id, date))!;
    return toSettlement(settled);
  }

  /** Settlement records of a cashier, newest day first. */
  async list(identity: Identity, cashierId: number): Promise<Settlement[]> {
    const staff = requireReadCashier(identity);
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.store.cashierInScope(tx, staff, cashierId);
      return (await settledTills(tx, cashierId)).map(toSettlement);
    });
  }
}
