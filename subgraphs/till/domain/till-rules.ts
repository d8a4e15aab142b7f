import { Money } from '../../kernel/money.js';

/** Fineract's cashier transaction types. */
export const TXN_ALLOCATE = 101;
export const TXN_SETTLE = 102;
export const TXN_CASH_IN = 103;
export const TXN_CASH_OUT = 104;
export type CashierTxnType = typeof TXN_ALLOCATE | typeof TXN_SETTLE | typeof TXN_CASH_IN | typeof TXN_CASH_OUT;

export const TELLER_ACTIVE = 300;
export const TELLER_INACTIVE = 400;

/** GL codes of the default chart that till postings use. */
export const GL_TILL_CASH = '11101';
export const GL_VAULT_CASH = '11102';
export const GL_CASH_OVER_SHORT = '53101';

export interface PostingLineSpec {
  glCode: string;
  debit?: string;
  credit?: string;
}

/** What a cashier transaction does to the till's cash: allocations and cash in add, settlements and cash out take. */
export function tillEffect(type: CashierTxnType, amount: Money): Money {
  return type === TXN_ALLOCATE || type === TXN_CASH_IN ? amount : amount.negated();
}

export interface TillSums {
  sumCashAllocation: Money;
  sumInwardCash: Money;
  sumOutwardCash: Money;
  sumCashSettlement: Money;
}

/** The till identity: balance = allocations + cash in - cash out - settlements. */
export function netCash(s: TillSums): Money {
  return s.sumCashAllocation.plus(s.sumInwardCash).minus(s.sumOutwardCash).minus(s.sumCashSettlement);
}

/** Journal lines of a Fineract allocation (vault to till) or settlement (till to vault). */
export function transferLines(type: typeof TXN_ALLOCATE | typeof TXN_SETTLE, amount: string): PostingLineSpec[] {
  return type === TXN_ALLOCATE
    ? [{ glCode: GL_TILL_CASH, debit: amount }, { glCode: GL_VAULT_CASH, credit: amount }]
    : [{ glCode: GL_VAULT_CASH, debit: amount }, { glCode: GL_TILL_CASH, credit: amount }];
}

export interface SettlementStep {
  /** The cashier transaction recorded for the step. */
  type: CashierTxnType;
  amount: string;
  note: string;
  lines: PostingLineSpec[];
}

export interface SettlementPlan {
  systemBalance: string;
  countedAmount: string;
  /** counted - system: negative for a shortage. */
  variance: string;
  /** In order: the variance against the till first (so the till never goes below zero), then the counted cash to the vault. */
  steps: SettlementStep[];
}

/**
 * End-of-day settlement of a till holding `systemBalance`: a shortage is a cash out of the till to
 * cash over/short (DR 53101 CR 11101), an overage a cash in (DR 11101 CR 53101), and the counted cash
 * goes back to the vault as a Settle (DR 11102 CR 11101). Afterwards the till holds exactly zero.
 */
export function planSettlement(systemBalance: Money, counted: Money): SettlementPlan {
  if (counted.isNegative()) throw new RangeError('counted cash cannot be negative');
  const variance = counted.minus(systemBalance);
  const steps: SettlementStep[] = [];
  if (variance.isNegative()) {
    const short = variance.abs().toFixed();
    steps.push({ type: TXN_CASH_OUT, amount: short, note: 'Cash shortage at settlement', lines: [{ glCode: GL_CASH_OVER_SHORT, debit: short }, { glCode: GL_TILL_CASH, credit: short }] });
  } else if (variance.isPositive() && !variance.isZero()) {
    const over = variance.toFixed();
    steps.push({ type: TXN_CASH_IN, amount: over, note: 'Cash overage at settlement', lines: [{ glCode: GL_TILL_CASH, debit: over }, { glCode: GL_CASH_OVER_SHORT, credit: over }] });
  }
  if (counted.isPositive() && !counted.isZero()) {
    steps.push({ type: TXN_SETTLE, amount: counted.toFixed(), note: 'End of day settlement', lines: transferLines(TXN_SETTLE, counted.toFixed()) });
  }
  return { systemBalance: systemBalance.toFixed(), countedAmount: counted.toFixed(), variance: variance.toFixed(), steps };
}

/** Inclusive date ranges (YYYY-MM-DD) overlap; a null end is open. */
export function datesOverlap(aStart: string, aEnd: string | null, bStart: string, bEnd: string | null): boolean {
  return (aEnd === null || bStart <= aEnd) && (bEnd === null || aStart <= bEnd);
}

/** A teller takes new cashiers only while active and not ended (end date before the business date). */
export function tellerOpen(teller: { status: number; endDate: string | null }, today: string): boolean {
  return teller.status === TELLER_ACTIVE && (teller.endDate === null || teller.endDate >= today);
}

/** HH:mm, 24 hours. */
export function validTime(value: string): boolean {
  return /^([01]?\d|2[0-3]):[0-5]\d$/.test(value);
}

/**
 * Who may run the end-of-day settlement: the cashier themself, a holder of one of `settlingRoleIds` (the
 * organisation's Branch Manager and Head of Operations, wired in the composition root), or a super user.
 */
export function maySettle(caller: { permissions: string[]; roleIds: number[]; staffId: number | null }, cashierStaffId: number, settlingRoleIds: readonly number[]): boolean {
  return caller.permissions.includes('ALL_FUNCTIONS') || settlingRoleIds.some((r) => caller.roleIds.includes(r)) || (caller.staffId != null && caller.staffId === cashierStaffId);
}
