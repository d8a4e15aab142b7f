import type { Tx } from '../../kernel/tx.js';
import { scopeConditions, type AccountScope } from './savings-account.store.js';

/** One currency's movements of a branch on one business date (reversed transactions left out). */
export interface BranchDayTotal {
  currency: string;
  credits: string;
  debits: string;
  count: number;
}

/** One of a branch's latest transactions of the day, with the account holder and the time it was booked. */
export interface BranchDayTransaction {
  id: number;
  accountId: number;
  accountNo: string;
  clientId: number;
  credit: boolean;
  amount: string;
  runningBalance: string;
  currency: string;
  date: string;
  bookedAt: string;
}

/*
 * The day's rows are found through savings_transaction_date (tenant, transaction_date): a branch's day is a
 * small slice of a tenant's history, and without it both statements would read every transaction ever booked.
 */

export async function branchDayTotals(tx: Tx, officeId: number, date: string, scope: AccountScope): Promise<BranchDayTotal[]> {
  const scoped = scopeConditions(scope);
  const rows = await tx.query<{ currency: string; credits: string; debits: string; count: string }>(
    `select a.currency_code as currency,
            coalesce(sum(t.amount) filter (where t.credit), 0)::text as credits,
            coalesce(sum(t.amount) filter (where not t.credit), 0)::text as debits,
            count(*)::text as count
       from account.savings_transaction t join account.savings_account a on a.tenant_id = t.tenant_id and a.id = t.account_id
      where t.tenant_id = ? and t.transaction_date = ? and not t.reversed and a.office_id = ? ${scoped.where.map((w) => `and ${w}`).join(' ')}
      group by a.currency_code order by a.currency_code`,
    [tx.tenantId, date, officeId, ...scoped.params],
  );
  return rows.map((r) => ({ currency: r.currency, credits: r.credits, debits: r.debits, count: Number(r.count) }));
}

export async function branchDayLatest(tx: Tx, officeId: number, date: string, scope: AccountScope, limit: number): Promise<BranchDayTransaction[]> {
  const scoped = scopeConditions(scope);
  const rows = await tx.query<{ id: string; account_id: number; account_no: string; client_id: number; credit: boolean; amount: string; running_balance: string; currency: string; date: string; booked_at: string }>(
    `select t.id, t.account_id, a.account_no, a.client_id, t.credit, t.amount::text as amount, t.running_balance::text as running_balance,
            a.currency_code as currency, to_char(t.transaction_date, 'YYYY-MM-DD') as date,
            to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as booked_at
       from account.savings_transaction t join account.savings_account a on a.tenant_id = t.tenant_id and a.id = t.account_id
      where t.tenant_id = ? and t.transaction_date = ? and not t.reversed and a.office_id = ? ${scoped.where.map((w) => `and ${w}`).join(' ')}
      order by t.id desc limit ?`,
    [tx.tenantId, date, officeId, ...scoped.params, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id), accountId: r.account_id, accountNo: r.account_no, clientId: r.client_id, credit: r.credit, amount: r.amount,
    runningBalance: r.running_balance, currency: r.currency, date: r.date, bookedAt: r.booked_at,
  }));
}
