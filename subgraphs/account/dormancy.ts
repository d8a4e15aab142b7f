import { Validator } from '../kernel/errors.js';

/** Fineract's SavingsAccountSubStatusEnum codes the dormancy step sets. */
export const INACTIVE = 100;
export const DORMANT = 200;
export const ESCHEAT = 300;

/**
 * A product that tracks dormancy needs its three periods (Fineract's SavingsProductDataValidator): each a
 * whole number of days above zero, counted from the account's last customer transaction.
 */
export function checkDormancyParameters(parameters: Record<string, unknown>): void {
  if (parameters.isDormancyTrackingActive !== true) return;
  const v = new Validator('savingsproduct');
  for (const name of ['daysToInactive', 'daysToDormancy', 'daysToEscheat'] as const) {
    const value = parameters[name];
    if (v.required(name, value)) v.check(Number.isInteger(value) && Number(value) > 0, name, 'not.greater.than.zero', `The parameter \`${name}\` must be greater than 0.`, value);
  }
  v.throwIfAny();
}
