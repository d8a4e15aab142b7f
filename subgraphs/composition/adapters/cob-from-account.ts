import type { AccountServices } from '../../account/account.services.js';
import type { CobServices } from '../../cob/cob.services.js';

/** Savings accounts without customer transactions become inactive, dormant, escheat as the run's dormancy step. */
export function registerCobWithAccount(cob: CobServices, account: AccountServices): void {
  cob.run.register('UPDATE_SAVINGS_DORMANT_ACCOUNTS', { batch: (tx, businessDate, cursor, limit) => account.forCob.dormancy(tx, businessDate, cursor, limit) });
}
