import type { CteFragment, CteRef } from '../kernel/cte.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { exactNumber } from '../kernel/exact-json.js';
import { actorId, requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { Money, formatAmount, scaleOf } from '../kernel/money.js';
import type { CashMovement, CashRecorded } from '../kernel/ports.js';
import { ReferenceMap } from '../platform/reference-cache.js';
import { requireReadCashier } from './cashier.service.js';
import { netCash, tillEffect, transferLines, TXN_ALLOCATE, TXN_CASH_IN, TXN_CASH_OUT, TXN_SETTLE } from './domain/till-rules.js';
import type { StaffRecord, TillDependencies } from './till.ports.js';
import { cashiersCovering, runTillMovement, tillMovementCtes, txnCount, txnPage, txnSums, txnsOfDay, type TxnScope } from './cash.store.js';
import type { CashierRow, CashierTxnRow, TellerRow, TillRow, TillStore } from './till.store.js';
import { TILL_CODES } from './codes.js';

export interface CashTxnInput {
  txnAmount?: string | null;
  txnDate?: string | null;
  txnNote?: string | null;
  currencyCode?: string | null;
}

export interface CashierSummary {
  teller: TellerRow;
  cashier: CashierRow;
  sumCashAllocation: string;
  sumInwardCash: string;
  sumOutwardCash: string;
  sumCashSettlement: string;
  netCash: string;
  totalFilteredRecords: number;
  pageItems: CashierTxnRow[];
}

export interface TxnFilter {
  currencyCode?: string | null;
  date?: string | null;
  offset?: number | null;
  limit?: number | null;
}

const MAX_LIMIT = 200;

const noOpenTill = (reason: string) => errors.domainRule(TILL_CODES.cashierNoOpenTill, `No open till: ${reason}.`);
const alreadySettled = (cashierId: number, date: string) =>
  errors.domainRule(TILL_CODES.cashierAlreadySettled, `The till of cashier ${cashierId} is already settled for ${date}.`, [cashierId, date]);

/**
 * Cash in tills: Fineract's allocate/settle between vault and till, the open-till rule other modules call
 * for every cash transaction, and the till's read side. Every movement locks the day's till row first.
 */
export class TillCashService {
  /** The staff record of each posting user, cached: every cash movement looks up the user's cashier assignment through it. */
  private readonly staffOfUser: ReferenceMap<number, StaffRecord | null>;

  constructor(
    private readonly db: Database,
    private readonly deps: TillDependencies,
    private readonly store: TillStore,
  ) {
    this.staffOfUser = new ReferenceMap((tx, userId) => deps.staff.ofUser(tx, userId));
  }

  async allocate(identity: Identity, tellerId: number, cashierId: number, input: CashTxnInput): Promise<{ cashier: CashierRow; transactionId: number }> {
    const staff = requireStaff(identity, 'ALLOCATECASHTOCASHIER_TELLER');
    return this.db.tx(staff.tenantId, (tx) => this.transferCore(tx, staff, tellerId, cashierId, TXN_ALLOCATE, input));
  }

  async settle(identity: Identity, tellerId: number, cashierId: number, input: CashTxnInput): Promise<{ cashier: CashierRow; transactionId: number }> {
    const staff = requireStaff(identity, 'SETTLECASHFROMCASHIER_TELLER');
    return this.db.tx(staff.tenantId, (tx) => this.transferCore(tx, staff, tellerId, cashierId, TXN_SETTLE, input));
  }

  /**
   * Vault to till (101 Allocate: DR 11101 CR 11102) or back (102 Settle, the reverse), on the till of
   * today's business date at the teller's office. Settling does not close the till; the end-of-day
   * settlement does, and after it the day takes neither.
   */
  async transferCore(tx: Tx, staff: StaffIdentity, tellerId: number, cashierId: number, type: typeof TXN_ALLOCATE | typeof TXN_SETTLE, input: CashTxnInput): Promise<{ cashier: CashierRow; transactionId: number }> {
    await this.store.tellerInScope(tx, staff, tellerId);
    const cashier = await this.store.cashierInScope(tx, staff, cashierId, tellerId);
    const v = new Validator('cashiertxn');
    v.required('txnAmount', input.txnAmount);
    v.required('txnDate', input.txnDate);
    v.required('currencyCode', input.currencyCode);
    v.maxLength('txnNote', input.txnNote, 500);
    if (input.txnAmount != null) {
      const amount = new Money(input.txnAmount);
      v.check(amount.isFinite() && amount.gt(0), 'txnAmount', 'not.greater.than.zero', 'The parameter `txnAmount` must be greater than 0.', input.txnAmount);
      v.check(scaleOf(input.txnAmount) <= 6 && amount.integerValue(Money.ROUND_DOWN).toFixed().length <= 14, 'txnAmount', 'invalid.decimal', 'The amount has too many digits.', input.txnAmount);
    }
    v.throwIfAny();
    const today = await this.deps.businessDates.today(tx);
    const currency = input.currencyCode!.trim().toUpperCase();
    const amount = formatAmount(input.txnAmount!);
    const actor = actorId(staff);
    let till: TillRow | null;
    if (type === TXN_ALLOCATE) {
      till = await this.store.openTill(tx, cashier.id, today, currency, actor);
    } else {
      till = await this.store.lockTill(tx, cashier.id, today);
    }
    if (till?.settled) throw alreadySettled(cashier.id, today);
    if (till && till.currencyCode !== currency) {
      throw errors.domainRule(TILL_CODES.cashierCurrencyMismatch, `The till of cashier ${cashier.id} holds ${till.currencyCode} today, not ${currency}.`, [till.currencyCode, currency], 'currencyCode');
    }
    if (type === TXN_SETTLE && (!till || new Money(till.balance).lt(amount))) {
      throw errors.domainRule(TILL_CODES.cashierInsufficientAmount, `The till of cashier ${cashier.id} holds ${till ? formatAmount(till.balance) : '0'}, less than ${amount}.`, [amount], 'txnAmount');
    }
    const recorded = await this.store.record(tx, till!, cashier, { type, amount, note: input.txnNote ?? null, lines: transferLines(type, amount), actor });
    await this.store.event(tx, type === TXN_ALLOCATE ? 'cashier.cash.allocated' : 'cashier.cash.settled', type === TXN_ALLOCATE ? 'ALLOCATECASHTOCASHIER' : 'SETTLECASHFROMCASHIER', {
      cashierId: cashier.id, tellerId, officeId: cashier.officeId, date: today, currency, amount: exactNumber(amount), tillBalance: exactNumber(recorded.balance), cashierTransactionId: recorded.id,
    });
    return { cashier, transactionId: recorded.id };
  }

  /**
   * The open-till rule (kernel RecordCash): runs inside the caller's transaction, never opens one. Finds
   * the posting user's cashier assignment covering today's business date at `officeId`, locks that
   * day's till row, and records a Cash In (103) or Cash Out (104). Posts no journal: the caller's
   * (deposit's, withdrawal's) journal carries the 11101 line.
   *
   * One statement when the till takes the movement: its UPDATE is the lock, and its conditions (open, in
   * the currency, holding enough for a cash-out) are re-checked on the latest row when it waited for a
   * concurrent movement, so no two cash-outs overdraw it. When nothing was written, the checks run one by
   * one to say why.
   */
  async recordCash(tx: Tx, movement: CashMovement): Promise<CashRecorded> {
    const { member, today, amount } = await this.movementOf(tx, movement);
    const ctes = this.cashStatement(tx, member.id, movement, today, amount, null);
    for (let attempt = 0; ; attempt++) {
      const recorded = await runTillMovement(tx, ctes);
      if (recorded) return recorded;
      // The refusal reads the till under its lock: when a concurrent movement has since made room (a
      // settlement waited on, an allocation), nothing is wrong any more and the movement runs again.
      await this.refusal(tx, member.id, movement, today, amount);
      if (attempt === 2) throw new Error(`the till refused a cash movement of user ${movement.userId} for no known reason`);
    }
  }

  /**
   * The till's record of a movement as common table expressions for the caller's own statement (kernel
   * CashRecordSql): they run only once the caller's CTE `after` has yielded a row, and their `result`
   * yields the record, or nothing when the till refuses; the caller then calls recordCash, which tries
   * once more and says why. Refusals that need no till row (no staff record) are thrown here.
   */
  async cashSql(tx: Tx, movement: CashMovement, after: CteRef): Promise<CteFragment> {
    const { member, today, amount } = await this.movementOf(tx, movement);
    return this.cashStatement(tx, member.id, movement, today, amount, after);
  }

  private async movementOf(tx: Tx, movement: CashMovement): Promise<{ member: StaffRecord; today: string; amount: Money }> {
    const amount = new Money(movement.amount);
    if (!amount.isFinite() || amount.lte(0)) throw errors.domainRule(TILL_CODES.cashierInvalidAmount, 'A cash movement must be a positive amount.', [movement.amount]);
    const member = await this.staffOfUser.get(tx, movement.userId);
    if (!member || !member.isActive) throw noOpenTill('the user has no active staff record');
    return { member, today: await this.deps.businessDates.today(tx), amount };
  }

  /** The till's CTEs for a movement (see cashSql); `after`, when given, gates the first. */
  private cashStatement(tx: Tx, staffId: number, movement: CashMovement, today: string, amount: Money, after: CteRef | null): CteFragment {
    const type = movement.direction === 'in' ? TXN_CASH_IN : TXN_CASH_OUT;
    return tillMovementCtes(tx, {
      staffId, officeId: movement.officeId, today, direction: movement.direction, txnType: type, effect: tillEffect(type, amount).toFixed(), amount: formatAmount(amount),
      currency: movement.currency, source: movement.source, userId: movement.userId,
    }, after);
  }

  /** Why the till did not take a movement: the first rule it breaks, thrown. */
  private async refusal(tx: Tx, staffId: number, movement: CashMovement, today: string, amount: Money): Promise<void> {
    const cashier = (await cashiersCovering(tx, staffId, movement.officeId, today))[0];
    if (!cashier) throw noOpenTill(`no cashier assignment covers ${today} at office ${movement.officeId}`);
    const till = await this.store.lockTill(tx, cashier.id, today);
    if (!till) throw noOpenTill(`no cash was allocated to the till on ${today}`);
    if (till.settled) throw noOpenTill(`the till is already settled for ${today}`);
    if (till.currencyCode !== movement.currency) throw noOpenTill(`the till holds ${till.currencyCode}, not ${movement.currency}`);
    if (movement.direction === 'out' && new Money(till.balance).lt(amount)) {
      throw errors.domainRule(TILL_CODES.cashierInsufficientTillBalance, `The till holds ${formatAmount(till.balance)}, less than ${formatAmount(amount)}.`, [formatAmount(amount)]);
    }
  }

  /** Fineract's summaryandtransactions: sums and a page of the assignment's transactions (one day with `date`). */
  async summary(identity: Identity, tellerId: number, cashierId: number, filter: TxnFilter): Promise<CashierSummary> {
    const staff = requireReadCashier(identity);
    return this.db.tx(staff.tenantId, async (tx) => {
      const teller = await this.store.tellerInScope(tx, staff, tellerId);
      const cashier = await this.store.cashierInScope(tx, staff, cashierId, tellerId);
      const scope = txnScope('cashier_id', cashierId, filter);
      const sums = await txnSums(tx, scope);
      const sumOf = (type: number) => new Money(sums.find((s) => s.type === type)?.total ?? 0);
      const s = { sumCashAllocation: sumOf(TXN_ALLOCATE), sumInwardCash: sumOf(TXN_CASH_IN), sumOutwardCash: sumOf(TXN_CASH_OUT), sumCashSettlement: sumOf(TXN_SETTLE) };
      const page = await this.page(tx, scope, filter);
      return {
        teller,
        cashier,
        sumCashAllocation: formatAmount(s.sumCashAllocation),
        sumInwardCash: formatAmount(s.sumInwardCash),
        sumOutwardCash: formatAmount(s.sumOutwardCash),
        sumCashSettlement: formatAmount(s.sumCashSettlement),
        netCash: formatAmount(netCash(s)),
        totalFilteredRecords: sums.reduce((n, r) => n + r.count, 0),
        pageItems: page,
      };
    });
  }

  /** Every cashier transaction of a teller's cashiers, newest first, paged. */
  async tellerTransactions(identity: Identity, tellerId: number, filter: TxnFilter): Promise<{ teller: TellerRow; totalFilteredRecords: number; pageItems: CashierTxnRow[] }> {
    const staff = requireStaff(identity, 'READ_TELLER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const teller = await this.store.tellerInScope(tx, staff, tellerId);
      const scope = txnScope('teller_id', tellerId, filter);
      return { teller, totalFilteredRecords: await txnCount(tx, scope), pageItems: await this.page(tx, scope, filter) };
    });
  }

  /** One cashier's till for one date (today's business date when absent); null when nothing was allocated that day. */
  async till(identity: Identity, cashierId: number, date?: string | null): Promise<{ cashier: CashierRow; date: string; till: TillRow | null; transactions: CashierTxnRow[] }> {
    const staff = requireReadCashier(identity);
    return this.db.tx(staff.tenantId, async (tx) => {
      const cashier = await this.store.cashierInScope(tx, staff, cashierId);
      const day = date ?? (await this.deps.businessDates.today(tx));
      const till = await this.store.till(tx, cashierId, day);
      return { cashier, date: day, till, transactions: await txnsOfDay(tx, cashierId, day, MAX_LIMIT) };
    });
  }

  private async page(tx: Tx, scope: TxnScope, filter: TxnFilter): Promise<CashierTxnRow[]> {
    const limit = Math.min(Math.max(filter.limit ?? MAX_LIMIT, 1), MAX_LIMIT);
    const offset = Math.max(filter.offset ?? 0, 0);
    return txnPage(tx, scope, limit, offset);
  }
}

function txnScope(column: TxnScope['column'], id: number, filter: TxnFilter): TxnScope {
  return { column, id, currencyCode: filter.currencyCode ? filter.currencyCode.toUpperCase() : null, date: filter.date || null };
}
