import type { Tx } from '../kernel/tx.js';
import { classifyDormancy } from './store/dormancy.store.js';

/** What the account module offers close of business: its dormancy step, a batch of accounts at a time. */
export function accountsForCob() {
  return {
    /** The accounts after `cursor` (ids ascending, at most `limit`) classified for `businessDate`; done when none is left. */
    async dormancy(tx: Tx, businessDate: string, cursor: number, limit: number): Promise<{ cursor: number; processed: number; done: boolean }> {
      const { lastId, accounts } = await classifyDormancy(tx, businessDate, cursor, limit);
      return { cursor: lastId ?? cursor, processed: accounts, done: accounts < limit };
    },
  };
}
