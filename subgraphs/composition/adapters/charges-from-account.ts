import type { AccountServices } from '../../account/account.services.js';
import type { ChargesServices } from '../../charges/charges.services.js';
import type { ChargesDependencies } from '../../charges/ports.js';

/** The savings and current accounts fees are charged to and collected from. */
export function chargesFromAccount(account: AccountServices): Pick<ChargesDependencies, 'savings'> {
  return { savings: account.forCharges };
}

/** Withdrawal fees and owed fees are taken by the account module's own movements, through these callbacks. */
export function registerChargesWithAccount(charges: ChargesServices, account: AccountServices): void {
  account.forCharges.register(charges.savingsCharges.callbacks());
  // Products' charges and the accounts opened on them.
  account.forCharges.registerOpenings(charges.savingsCharges.openings());
}
