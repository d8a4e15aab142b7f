import { formatAmount } from '../../kernel/money.js';
import type { Tx } from '../../kernel/tx.js';
import { STATUS_ACTIVE, TXN_INTEREST_POSTING, TXN_WITHHOLD_TAX } from '../account.rows.js';
import type { BalanceMove } from '../domain/savings-interest.js';

/*
 * What savings interest reads: an account's interest settings (the account's rate, the product's schedule),
 * its transactions as balance moves, its interest postings, and the accounts a close of business posts for.
 */

export interface InterestAccount {
  rate: string;
  calculationType: number;
  compoundingType: number;
  postingType: number;
  daysInYear: number;
  minBalance: string;
  digits: number;
  activatedOnDate: string | null;
}

/** The account's interest settings; Fineract's template defaults (daily balance, daily compounding, monthly posting, 365 days) where the product has none. */
export async function interestAccount(tx: Tx, accountId: number): Promise<InterestAccount | null> {
  const rows = await tx.query<{
    rate: string; calculation: number | null; compounding: number | null; posting: number | null; days: number | null; min_balance: string | null; digits: number; activated: string | null;
  }>(
    `select a.nominal_annual_interest_rate::text as rate, p.interest_calculation_type as calculation, p.interest_compounding_period_type as compounding,
       p.interest_posting_period_type as posting, p.interest_calculation_days_in_year_type as days, p.parameters->>'minBalanceForInterestCalculation' as min_balance,
       a.digits_after_decimal as digits, to_char(a.activated_on_date, 'YYYY-MM-DD') as activated
     from account.savings_account a join account.savings_product p on p.tenant_id = a.tenant_id and p.id = a.product_id
     where a.tenant_id = ? and a.id = ?`,
    [tx.tenantId, accountId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    rate: formatAmount(r.rate), calculationType: Number(r.calculation ?? 1), compoundingType: Number(r.compounding ?? 1), postingType: Number(r.posting ?? 4),
    daysInYear: Number(r.days ?? 365), minBalance: r.min_balance ?? '0', digits: Number(r.digits), activatedOnDate: r.activated,
  };
}

/** The account's standing (non-reversed) transactions as balance moves, oldest first. */
export async function balanceMoves(tx: Tx, accountId: number): Promise<BalanceMove[]> {
  const rows = await tx.query<{ date: string; amount: string; credit: boolean; type: number }>(
    `select to_char(transaction_date, 'YYYY-MM-DD') as date, amount::text as amount, credit, transaction_type as type
     from account.savings_transaction where tenant_id = ? and account_id = ? and not reversed order by transaction_date, position`,
    [tx.tenantId, accountId],
  );
  return rows.map((r) => ({
    date: r.date, amount: r.credit ? formatAmount(r.amount) : formatAmount(`-${r.amount}`), interestPosting: [TXN_INTEREST_POSTING, TXN_WITHHOLD_TAX].includes(Number(r.type)),
  }));
}

export interface PostedInterest {
  id: number;
  date: string;
  amount: string;
}

/** The account's standing interest postings (and, by `type`, withheld taxes), by date. */
export async function standingPostings(tx: Tx, accountId: number, type = TXN_INTEREST_POSTING): Promise<PostedInterest[]> {
  const rows = await tx.query<{ id: string; date: string; amount: string }>(
    `select id, to_char(transaction_date, 'YYYY-MM-DD') as date, amount::text as amount from account.savings_transaction
     where tenant_id = ? and account_id = ? and transaction_type = ? and not reversed order by transaction_date, position`,
    [tx.tenantId, accountId, type],
  );
  return rows.map((r) => ({ id: Number(r.id), date: r.date, amount: formatAmount(r.amount) }));
}

/**
 * Active accounts after `afterId` (ids ascending, at most `limit`) that a close of business of a date posts
 * interest for: those whose product's posting period ends on the date (`postingTypes`: the posting types
 * whose period ends then), and those with a transaction written or undone, since their last posting, on or
 * before that posting's date (a backdated movement: the period is posted again).
 */
export async function accountsForInterest(tx: Tx, postingTypes: readonly number[], afterId: number, limit: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `select a.id from account.savings_account a join account.savings_product p on p.tenant_id = a.tenant_id and p.id = a.product_id
     where a.tenant_id = ? and a.id > ? and a.status = ${STATUS_ACTIVE} and a.nominal_annual_interest_rate > 0
       and (coalesce(p.interest_posting_period_type, 4) = any(?::int[])
         or exists (select 1 from account.savings_transaction last
              where last.tenant_id = a.tenant_id and last.account_id = a.id and last.transaction_type = ${TXN_INTEREST_POSTING} and not last.reversed
                and last.position = (select max(l.position) from account.savings_transaction l
                                     where l.tenant_id = a.tenant_id and l.account_id = a.id and l.transaction_type = ${TXN_INTEREST_POSTING} and not l.reversed)
                and exists (select 1 from account.savings_transaction t where t.tenant_id = a.tenant_id and t.account_id = a.id
                              and t.transaction_type not in (${TXN_INTEREST_POSTING}, ${TXN_WITHHOLD_TAX}) and t.transaction_date <= last.transaction_date and t.updated_at > last.created_at)))
     order by a.id limit ?`,
    [tx.tenantId, afterId, `{${postingTypes.join(',')}}`, limit],
  );
  return rows.map((r) => Number(r.id));
}
