import type { AccountServices } from '../../account/account.services.js';
import type { CobServices } from '../../cob/cob.services.js';

/** Savings interest is posted by the run's POST_INTEREST_FOR_SAVINGS step, a batch of accounts at a time. */
export function registerCobWithAccount(cob: CobServices, account: AccountServices): void {
  cob.run.register('POST_INTEREST_FOR_SAVINGS', { batch: (tx, businessDate, cursor, limit) => account.interest.closeOfBusiness(tx, businessDate, cursor, limit) });
}
