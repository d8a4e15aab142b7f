import type { Tx } from '../../kernel/tx.js';
import { STATUS_ACTIVE, TXN_DEPOSIT, TXN_WITHDRAWAL } from '../account.rows.js';
import { DORMANT, ESCHEAT, INACTIVE } from '../dormancy.js';

/**
 * Close of business's dormancy step, one statement per batch: the active accounts after `afterId` (at most
 * `limit`, ids ascending) get the sub-status their product's periods give on `businessDate`, counted from
 * their last customer transaction (a deposit or withdrawal not reversed, or the activation): 100 inactive,
 * 200 dormant, 300 escheat, 0 none. Accounts of products that do not track dormancy are cleared. The
 * result depends on the date alone, so the batch run twice writes nothing the second time.
 */
export async function classifyDormancy(tx: Tx, businessDate: string, afterId: number, limit: number): Promise<{ lastId: number | null; accounts: number; changed: number }> {
  const rows = await tx.query<{ last_id: number | null; accounts: string; changed: string }>(
    `with batch as (
         select a.id, a.dormancy_status, p.parameters,
           ?::date - greatest(a.activated_on_date, (select max(t.transaction_date) from account.savings_transaction t
             where t.tenant_id = a.tenant_id and t.account_id = a.id and not t.reversed and t.transaction_type in (?, ?))) as idle_days
         from account.savings_account a join account.savings_product p on p.tenant_id = a.tenant_id and p.id = a.product_id
         where a.tenant_id = ? and a.id > ? and a.status = ?
         order by a.id limit ?),
       classified as (
         select id, dormancy_status, case
             when coalesce((parameters->>'isDormancyTrackingActive')::boolean, false) is not true then 0
             when idle_days >= (parameters->>'daysToEscheat')::int then ${ESCHEAT}
             when idle_days >= (parameters->>'daysToDormancy')::int then ${DORMANT}
             when idle_days >= (parameters->>'daysToInactive')::int then ${INACTIVE}
             else 0 end as next_status
         from batch),
       moved as (
         update account.savings_account a set dormancy_status = c.next_status, dormancy_date = ?::date
         from classified c where a.tenant_id = ? and a.id = c.id and c.next_status <> c.dormancy_status
         returning a.id)
     select (select max(id) from batch) as last_id, (select count(*) from batch) as accounts, (select count(*) from moved) as changed`,
    [businessDate, TXN_DEPOSIT, TXN_WITHDRAWAL, tx.tenantId, afterId, STATUS_ACTIVE, limit, businessDate, tx.tenantId],
  );
  const row = rows[0]!;
  return { lastId: row.last_id == null ? null : Number(row.last_id), accounts: Number(row.accounts), changed: Number(row.changed) };
}
