import type { Database } from '../platform/database.js';
import { Validator } from '../kernel/errors.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import type { AccountDependencies } from './account.ports.js';
import type { SavingsAccountService } from './savings-account.service.js';
import { branchDayLatest, branchDayTotals, type BranchDayTotal, type BranchDayTransaction } from './store/branch-day.store.js';

/** At most this many of the day's latest transactions in one answer (a wall screen shows fifty). */
export const BRANCH_DAY_MAX_LIMIT = 200;

export interface BranchDay {
  date: string;
  totals: BranchDayTotal[];
  transactions: BranchDayTransaction[];
}

/**
 * A branch's business day so far: what the live dashboard shows when it opens, before the stream takes
 * over. Scoped like every account read: only the caller's offices and, for an account officer, portfolio.
 */
export class BranchDayQuery {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly accounts: SavingsAccountService,
  ) {}

  async get(identity: Identity, officeId: number, limit: number): Promise<BranchDay> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    const v = new Validator('savingsaccount');
    v.check(Number.isInteger(limit) && limit >= 1 && limit <= BRANCH_DAY_MAX_LIMIT, 'limit', 'not.in.range', `The parameter \`limit\` must be from 1 to ${BRANCH_DAY_MAX_LIMIT}.`, limit);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      const date = await this.deps.businessDates.today(tx);
      const scope = await this.accounts.scope(tx, staff);
      // An office outside the caller's subtree reads as an empty day, as an unknown office does.
      if (scope === null || (scope.officeIds && !scope.officeIds.includes(officeId))) return { date, totals: [], transactions: [] };
      return { date, totals: await branchDayTotals(tx, officeId, date, scope), transactions: await branchDayLatest(tx, officeId, date, scope, limit) };
    });
  }
}
