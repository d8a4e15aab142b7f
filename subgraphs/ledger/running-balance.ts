import type { Tx } from '../kernel/tx.js';
import { formatAmount } from '../kernel/money.js';
import { pgArray } from '../kernel/pg-array.js';

/**
 * Running balances are computed from the journal lines, never kept in a balance row the posting path
 * would have to update (and lock). A line counts positive on its account's normal side: debits for
 * assets (1) and expenses (5), credits for liabilities, equity and income.
 */
const SIGNED_AMOUNT = `case when (ga.type in (1, 5)) = (je.entry_type = 2) then je.amount else -je.amount end`;

/**
 * Balance of each account over all of the tenant's lines in one currency (Fineract's
 * organizationRunningBalance): amounts of two currencies never add up.
 */
export async function organizationBalances(tx: Tx, glAccountIds: readonly number[], currencyCode: string): Promise<Map<number, string>> {
  const balances = new Map<number, string>(glAccountIds.map((id) => [id, '0']));
  if (glAccountIds.length === 0) return balances;
  const rows = await tx.query<{ gl_account_id: number; balance: string }>(
    `select je.gl_account_id, sum(${SIGNED_AMOUNT})::text as balance
     from ledger.journal_entry je
     join ledger.gl_account ga on ga.tenant_id = je.tenant_id and ga.id = je.gl_account_id
     where je.tenant_id = ? and je.gl_account_id = any(?::int[]) and je.currency_code = ?
     group by je.gl_account_id`,
    [tx.tenantId, pgArray(glAccountIds), currencyCode],
  );
  for (const row of rows) balances.set(Number(row.gl_account_id), formatAmount(row.balance));
  return balances;
}

/** Each account's balance in every currency it has lines in, currencies in code order. */
export async function balancesByCurrency(tx: Tx, glAccountIds: readonly number[]): Promise<Map<number, { currencyCode: string; amount: string }[]>> {
  const balances = new Map<number, { currencyCode: string; amount: string }[]>(glAccountIds.map((id) => [id, []]));
  if (glAccountIds.length === 0) return balances;
  const rows = await tx.query<{ gl_account_id: number; currency_code: string; balance: string }>(
    `select je.gl_account_id, je.currency_code, sum(${SIGNED_AMOUNT})::text as balance
     from ledger.journal_entry je
     join ledger.gl_account ga on ga.tenant_id = je.tenant_id and ga.id = je.gl_account_id
     where je.tenant_id = ? and je.gl_account_id = any(?::int[])
     group by je.gl_account_id, je.currency_code
     order by je.currency_code`,
    [tx.tenantId, pgArray(glAccountIds)],
  );
  for (const row of rows) balances.get(Number(row.gl_account_id))?.push({ currencyCode: row.currency_code, amount: formatAmount(row.balance) });
  return balances;
}

export interface LineRunningBalance {
  /** The line's account balance after it, counting that office's lines only. */
  office: string;
  /** The same over every office. */
  organization: string;
}

interface LineRef {
  id: number;
  glAccountId: number;
}

/**
 * For each given line: its account's balance after it, in line id order (the posting order), in its
 * office and across the organisation, in the line's currency (amounts of two currencies never add up). One window query over the accounts' lines up to the last one asked.
 */
export async function lineRunningBalances(tx: Tx, lines: readonly LineRef[]): Promise<Map<number, LineRunningBalance>> {
  const result = new Map<number, LineRunningBalance>();
  if (lines.length === 0) return result;
  const accounts = [...new Set(lines.map((l) => l.glAccountId))];
  const ids = lines.map((l) => l.id);
  const maxId = Math.max(...ids);
  const rows = await tx.query<{ id: string; office: string; organization: string }>(
    `select id::text as id, office::text as office, organization::text as organization from (
       select je.id,
         sum(${SIGNED_AMOUNT}) over (partition by je.gl_account_id, je.currency_code, je.office_id order by je.id) as office,
         sum(${SIGNED_AMOUNT}) over (partition by je.gl_account_id, je.currency_code order by je.id) as organization
       from ledger.journal_entry je
       join ledger.gl_account ga on ga.tenant_id = je.tenant_id and ga.id = je.gl_account_id
       where je.tenant_id = ? and je.gl_account_id = any(?::int[]) and je.id <= ?
     ) balances
     where id = any(?::bigint[])`,
    [tx.tenantId, pgArray(accounts), maxId, pgArray(ids)],
  );
  for (const row of rows) result.set(Number(row.id), { office: formatAmount(row.office), organization: formatAmount(row.organization) });
  return result;
}

