import type { Statement, Tx } from '../../kernel/tx.js';
import type { AccountClient } from '../account.ports.js';

/*
 * Every lock a money movement takes, in the one order they are taken (docs/locking.md says why):
 *   1. the receiving client, for a credit (HOLDER_FOR_CREDIT: its row FOR SHARE and, below KYC tier 3,
 *      its credit lock, an advisory lock that serializes the cumulative-cap checks of one client);
 *   2. the accounts, in id order (lockAccountRows);
 *   3. the office's posting lock (ledger) and the till's row (till), inside the statements that post and
 *      record, after every account lock.
 * A path that needs several takes them in this order, so no two movements wait on each other in a circle.
 */

/**
 * Row locks on accounts, in id order (two transfers in opposite directions never deadlock), as a statement
 * to send ahead of the read that decides on them. The lock must be its own statement: under READ COMMITTED a
 * statement's subqueries (the on-hold total) read the snapshot taken when it started, so a `FOR UPDATE` read
 * that waited for the lock would still miss the holds its blocker committed. A read sent after the lock
 * takes its snapshot once the lock is granted, and every hold or debit must take this lock to change it.
 */
export function lockAccountRows(tenantId: string, ids: readonly number[]): Statement {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return {
    sql: `select 1 from account.savings_account where tenant_id = ? and id in (${sorted.map(() => '?').join(', ')}) order by id for update`,
    params: [tenantId, ...sorted],
  };
}

/**
 * Locks the holder of one account (parameters: tenant, tenant, account id) for a credit, as CTE `c`.
 * FOR SHARE: the tier and status cannot change until commit, yet credits to clients of the uncapped tier
 * run side by side (a merchant's many collection accounts do not queue on their one client row). A
 * capped tier (below 3) also takes the client's credit lock, before the row lock, so the cumulative-cap
 * checks of one client run one at a time. `credit_locked` says whether it was taken, for the tier seen
 * then; `ensureCreditLock` covers a tier that changed before the row lock was granted.
 */
export const HOLDER_FOR_CREDIT = `select c.*, case when c.kyc_tier < 3 then pg_advisory_xact_lock(${creditLockKey('c.tenant_id', 'c.id')})::text = '' else false end as credit_locked
  from customer.account_holder c where c.tenant_id = ? and c.id = (select client_id from account.savings_account where tenant_id = ? and id = ?) for share`;

/** The credit lock of a capped client whose tier changed while its row lock was awaited (rare: a concurrent downgrade). */
export async function ensureCreditLock(tx: Tx, client: AccountClient, taken: boolean | null | undefined): Promise<void> {
  if (client.kycTier < 3 && !taken) await tx.query(`select pg_advisory_xact_lock(${creditLockKey('?::text', '?::text')})`, [tx.tenantId, client.id]);
}

function creditLockKey(tenant: string, client: string): string {
  return `hashtext('account.credit:' || ${tenant} || ':' || ${client})`;
}
