import BigNumber from 'bignumber.js';

/**
 * How much of an outstanding savings fee can be collected now without taking the balance below what the
 * product allows (the minimum required balance, or minus the overdraft limit), and what a withdrawal needs
 * available when a fee rides with it. Pure.
 */

/** What can be taken now: the fee's outstanding part, at most the balance above the floor; never negative. */
export function collectable(outstanding: BigNumber.Value, available: BigNumber.Value, floor: BigNumber.Value): string {
  const room = new BigNumber(available).minus(floor);
  if (room.lte(0)) return '0';
  return BigNumber.min(outstanding, room).toFixed();
}

/** A withdrawal of `amount` with fees `fees` needs `amount + Σfees` available above the floor. */
export function withdrawalNeeds(amount: BigNumber.Value, fees: readonly BigNumber.Value[]): string {
  return fees.reduce<BigNumber>((sum, f) => sum.plus(f), new BigNumber(amount)).toFixed();
}
