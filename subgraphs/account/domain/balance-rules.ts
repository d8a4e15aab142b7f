import { Money } from '../../kernel/money.js';
import { ACCOUNT_CODES } from '../codes.js';

/** What the balance rules need of an account (decimal strings). */
export interface BalanceState {
  accountBalance: string;
  /** Sum of pending maker-checker holds. */
  onHold: string;
  allowOverdraft: boolean;
  overdraftLimit: string;
  enforceMinRequiredBalance: boolean;
  minRequiredBalance: string | null;
}

/**
 * What the holder may still take out: the balance less holds, less the enforced minimum balance, plus the
 * overdraft limit when overdraft is allowed. May be negative for an overdrawn account.
 */
export function withdrawable(s: BalanceState): Money {
  let value = new Money(s.accountBalance).minus(s.onHold);
  if (s.enforceMinRequiredBalance && s.minRequiredBalance != null) value = value.minus(s.minRequiredBalance);
  if (s.allowOverdraft) value = value.plus(s.overdraftLimit);
  return value;
}

/** The availableBalance shown to users (Fineract's summary): balance less holds. */
export function availableBalance(s: Pick<BalanceState, 'accountBalance' | 'onHold'>): Money {
  return new Money(s.accountBalance).minus(s.onHold);
}

/** The lowest balance the account may reach: minus the overdraft limit, or zero. */
export function balanceFloor(s: Pick<BalanceState, 'allowOverdraft' | 'overdraftLimit'>): Money {
  return s.allowOverdraft ? new Money(s.overdraftLimit).negated() : new Money(0);
}

export function canDebit(s: BalanceState, amount: string): boolean {
  return new Money(amount).lte(withdrawable(s));
}

/** The largest value an account's balance and totals columns (numeric(20,6)) hold. */
export const BALANCE_COLUMN_MAX = '99999999999999.999999';
export const BALANCE_LIMIT_EXCEEDED = ACCOUNT_CODES.savingsaccountBalanceLimitExceeded;

/** True when moving `amount` would take the balance or a running total past what its column holds. */
export function exceedsBalanceColumns(s: { accountBalance: string; totalDeposits: string; totalWithdrawals: string }, credit: boolean, amount: string): boolean {
  const balance = credit ? new Money(s.accountBalance).plus(amount) : new Money(s.accountBalance).minus(amount);
  const total = new Money(credit ? s.totalDeposits : s.totalWithdrawals).plus(amount);
  return balance.abs().gt(BALANCE_COLUMN_MAX) || total.gt(BALANCE_COLUMN_MAX);
}

/** Amount checks: positive, finite, within the currency's decimals and the storage bounds. Returns a rule name or null. */
export function amountProblem(text: string | null | undefined, decimals: number): 'cannot.be.blank' | 'not.greater.than.zero' | 'exceeds.decimal.places' | 'exceeds.max.value' | null {
  if (text == null || text === '') return 'cannot.be.blank';
  const amount = new Money(text);
  if (!amount.isFinite() || amount.lte(0)) return 'not.greater.than.zero';
  if ((amount.decimalPlaces() ?? 0) > Math.min(decimals, 6)) return 'exceeds.decimal.places';
  if (amount.integerValue(Money.ROUND_DOWN).toFixed().length > 13) return 'exceeds.max.value';
  return null;
}
