import type { AccountServices } from '../../account/account.services.js';
import type { CobServices } from '../../cob/cob.services.js';

/**
 * Savings accounts without customer transactions become inactive, dormant, escheat as the run's dormancy step;
 * savings interest is posted by its POST_INTEREST_FOR_SAVINGS step, a batch of accounts at a time.
 */
export function registerCobWithAccount(cob: CobServices, account: AccountServices): void {
  cob.run.register('UPDATE_SAVINGS_DORMANT_ACCOUNTS', { batch: (tx, businessDate, cursor, limit) => account.forCob.dormancy(tx, businessDate, cursor, limit) });
  cob.run.register('POST_INTEREST_FOR_SAVINGS', { batch: (tx, businessDate, cursor, limit) => account.interest.closeOfBusiness(tx, businessDate, cursor, limit) });
}
