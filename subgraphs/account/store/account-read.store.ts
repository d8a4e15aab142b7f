import type { Tx } from '../../kernel/tx.js';
import { formatAmount } from '../../kernel/money.js';
import type { AccountClient } from '../account.ports.js';
import type { AccountRow, AccountType } from '../account.rows.js';
import { lockAccountRows } from './locks.js';

/*
 * How an account is read, with its client where a movement needs both: the columns and their mapping,
 * shared by every statement of the module that reads accounts, and the loaders every path uses.
 */

const date = (column: string) => `to_char(a.${column}, 'YYYY-MM-DD') as ${column}`;

/** The account's columns; one `?`, the business date (holds of earlier days have expired). */
export const ACCOUNT_COLUMNS = `a.id, a.account_no, a.external_id, a.client_id, a.office_id, a.product_id, p.name as product_name, p.short_name,
    a.account_type, a.currency_code, a.digits_after_decimal, a.status, ${date('submitted_on_date')}, ${date('approved_on_date')},
    ${date('activated_on_date')}, ${date('closed_on_date')}, ${date('rejected_on_date')}, ${date('withdrawn_on_date')},
    a.nominal_annual_interest_rate::text as nominal_annual_interest_rate, a.allow_overdraft, a.overdraft_limit::text as overdraft_limit,
    a.min_required_balance::text as min_required_balance, a.enforce_min_required_balance, a.account_balance::text as account_balance,
    a.total_deposits::text as total_deposits, a.total_withdrawals::text as total_withdrawals, a.blocked, a.debit_blocked, a.credit_blocked, a.charge_flags, a.dormancy_status,
    (coalesce((select sum(m.amount) from account.maker_checker m where m.tenant_id = a.tenant_id and m.account_id = a.id
      and m.status = 'awaiting.approval' and m.made_on_date >= ?::date), 0)
    + coalesce((select sum(h.amount) from account.payment_hold h where h.tenant_id = a.tenant_id and h.account_id = a.id and h.status = 'held'), 0))::text as on_hold`;
export const ACCOUNT_FROM = `from account.savings_account a
  join account.savings_product p on p.tenant_id = a.tenant_id and p.id = a.product_id`;

/**
 * `?` placeholders: the business date (holds of earlier days have expired), then the caller's own
 * conditions (tenant id first).
 */
export const ACCOUNT_SELECT = `select ${ACCOUNT_COLUMNS}
  ${ACCOUNT_FROM}`;

export interface RawAccount {
  id: number;
  account_no: string;
  external_id: string | null;
  client_id: number;
  office_id: number;
  product_id: number;
  product_name: string;
  short_name: string;
  account_type: AccountType;
  currency_code: string;
  digits_after_decimal: number;
  status: number;
  submitted_on_date: string;
  approved_on_date: string | null;
  activated_on_date: string | null;
  closed_on_date: string | null;
  rejected_on_date: string | null;
  withdrawn_on_date: string | null;
  nominal_annual_interest_rate: string;
  allow_overdraft: boolean;
  overdraft_limit: string;
  min_required_balance: string | null;
  enforce_min_required_balance: boolean;
  account_balance: string;
  total_deposits: string;
  total_withdrawals: string;
  charge_flags: number;
  blocked: boolean;
  debit_blocked: boolean;
  credit_blocked: boolean;
  dormancy_status: number;
  on_hold: string;
}

export function toAccountRow(r: RawAccount): AccountRow {
  return {
    id: Number(r.id),
    accountNo: r.account_no,
    externalId: r.external_id,
    clientId: Number(r.client_id),
    officeId: Number(r.office_id),
    productId: Number(r.product_id),
    productName: r.product_name,
    shortProductName: r.short_name,
    accountType: r.account_type,
    currencyCode: r.currency_code,
    digitsAfterDecimal: Number(r.digits_after_decimal),
    status: Number(r.status),
    submittedOnDate: r.submitted_on_date,
    approvedOnDate: r.approved_on_date,
    activatedOnDate: r.activated_on_date,
    closedOnDate: r.closed_on_date,
    rejectedOnDate: r.rejected_on_date,
    withdrawnOnDate: r.withdrawn_on_date,
    nominalAnnualInterestRate: formatAmount(r.nominal_annual_interest_rate),
    allowOverdraft: r.allow_overdraft,
    overdraftLimit: formatAmount(r.overdraft_limit),
    minRequiredBalance: r.min_required_balance == null ? null : formatAmount(r.min_required_balance),
    enforceMinRequiredBalance: r.enforce_min_required_balance,
    accountBalance: formatAmount(r.account_balance),
    totalDeposits: formatAmount(r.total_deposits),
    totalWithdrawals: formatAmount(r.total_withdrawals),
    blocked: r.blocked,
    debitBlocked: r.debit_blocked,
    creditBlocked: r.credit_blocked,
    onHold: formatAmount(r.on_hold),
    chargeFlags: Number(r.charge_flags),
    dormancyStatus: Number(r.dormancy_status),
  };
}

/**
 * The account's client, read (and locked) in the account's own statement (alias c) through the customer
 * module's published view `customer.account_holder`, so that a deposit locks the client and the account
 * in one round trip without reading the customer module's table.
 */
export const CLIENT_COLUMNS = `c.id as c_id, c.active as c_active, c.office_id as c_office_id, c.staff_id as c_staff_id, c.kyc_tier as c_kyc_tier,
  c.cif as c_cif, c.display_name as c_display_name`;

export interface RawClient {
  /** Whether HOLDER_FOR_CREDIT took the client's credit lock (only when it ran). */
  credit_locked?: boolean;
  c_id: number;
  c_active: boolean;
  c_office_id: number;
  c_staff_id: number | null;
  c_kyc_tier: number;
  c_cif: string;
  c_display_name: string;
}

export function toClient(r: RawClient): AccountClient {
  return {
    id: Number(r.c_id),
    active: r.c_active,
    officeId: Number(r.c_office_id),
    staffId: r.c_staff_id == null ? null : Number(r.c_staff_id),
    kycTier: Number(r.c_kyc_tier),
    cif: r.c_cif,
    displayName: r.c_display_name,
  };
}

/** Reads one account (null when absent in this tenant). `lock` takes its row lock first, for a balance change. */
export async function loadAccount(tx: Tx, today: string, id: number, lock = false): Promise<AccountRow | null> {
  const rows = await tx.query<RawAccount>(`${ACCOUNT_SELECT} where a.tenant_id = ? and a.id = ?`, [today, tx.tenantId, id], lock ? [lockAccountRows(tx.tenantId, [id])] : []);
  return rows[0] ? toAccountRow(rows[0]) : null;
}

/** The accounts of several clients, in id order. */
export async function loadAccountsOfClients(tx: Tx, today: string, clientIds: readonly number[]): Promise<AccountRow[]> {
  if (clientIds.length === 0) return [];
  const rows = await tx.query<RawAccount>(`${ACCOUNT_SELECT} where a.tenant_id = ? and a.client_id in (${clientIds.map(() => '?').join(', ')}) order by a.id`, [today, tx.tenantId, ...clientIds]);
  return rows.map(toAccountRow);
}

/** The account with this (NUBAN) number, or null. */
export async function loadAccountByNumber(tx: Tx, today: string, accountNo: string): Promise<AccountRow | null> {
  const rows = await tx.query<RawAccount>(`${ACCOUNT_SELECT} where a.tenant_id = ? and a.account_no = ?`, [today, tx.tenantId, accountNo]);
  return rows[0] ? toAccountRow(rows[0]) : null;
}
