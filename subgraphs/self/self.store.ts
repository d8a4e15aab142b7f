import type { Tx } from '../kernel/tx.js';
import { formatAmount } from '../kernel/money.js';
import { pgArray } from '../kernel/pg-array.js';

/**
 * The self-service module's tables (schema `self`), through the kernel's parameterised Tx.query. Every
 * function runs in the caller's transaction; the tenant is the transaction's (row-level security agrees).
 */

export interface BeneficiaryRow {
  id: number;
  clientId: number;
  name: string;
  officeId: number;
  accountId: number;
  accountType: number;
  transferLimit: string | null;
}

interface RawBeneficiary {
  id: number; client_id: number; name: string; office_id: number; account_id: number; account_type: number; transfer_limit: string | null;
}

const toBeneficiary = (r: RawBeneficiary): BeneficiaryRow => ({
  id: Number(r.id), clientId: Number(r.client_id), name: r.name, officeId: Number(r.office_id), accountId: Number(r.account_id),
  accountType: Number(r.account_type), transferLimit: r.transfer_limit == null ? null : formatAmount(r.transfer_limit),
});

const BENEFICIARY_SELECT = `select id, client_id, name, office_id, account_id, account_type, transfer_limit::text as transfer_limit from self.beneficiary`;

// ---- customer logins -------------------------------------------------------------------------

export async function recordCustomerLogin(tx: Tx, login: { userId: number; clientId: number; email: string; mobileNo: string }): Promise<void> {
  await tx.query(
    `insert into self.customer_login (tenant_id, user_id, client_id, email, mobile_no, created_by, updated_by) values (?, ?, ?, ?, ?, ?, ?)`,
    [tx.tenantId, login.userId, login.clientId, login.email, login.mobileNo, login.userId, login.userId],
  );
}

/** True when a self-service login already has this email or this (normalised) mobile number. */
export async function contactTaken(tx: Tx, email: string, mobileNo: string): Promise<boolean> {
  const rows = await tx.query(`select 1 from self.customer_login where tenant_id = ? and (lower(email) = lower(?) or mobile_no = ?) limit 1`, [tx.tenantId, email, mobileNo]);
  return rows.length > 0;
}

/** The username (the email) of the login with this normalised mobile number. */
export async function usernameOfMobile(tx: Tx, mobileNo: string): Promise<string | null> {
  const rows = await tx.query<{ email: string }>(`select email from self.customer_login where tenant_id = ? and mobile_no = ?`, [tx.tenantId, mobileNo]);
  return rows[0]?.email ?? null;
}

/** Serialises the creation of the tenant's self-service office (held to the end of the transaction). */
export async function lockSelfServiceOffice(tx: Tx): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`${tx.tenantId}:self-service-office`]);
}

// ---- registration attempts (rate limits) ------------------------------------------------------

interface AttemptWindow {
  count: number;
  /** When the oldest attempt in the window leaves it. */
  oldestAt: Date | null;
}

/**
 * Registration attempts from `address` in the last hour, under the address's lock (held to the end of the
 * transaction, so concurrent attempts from one address are counted one after another).
 */
export async function attemptsFromAddress(tx: Tx, address: string): Promise<AttemptWindow> {
  const rows = await tx.query<{ n: string; oldest: Date | null }>(
    `select count(*) as n, min(attempted_at) as oldest from self.registration_attempt where tenant_id = ? and address = ? and attempted_at > now() - interval '1 hour'`,
    [tx.tenantId, address],
    [{ sql: `select pg_advisory_xact_lock(hashtextextended(?, 0))`, params: [`${tx.tenantId}:self-registration:address:${address}`] }],
  );
  return { count: Number(rows[0]?.n ?? 0), oldestAt: rows[0]?.oldest ? new Date(rows[0].oldest) : null };
}

/** Attempts counted under `bvn` in the last day (only verified ones are), under the BVN's lock. */
export async function attemptsWithBvn(tx: Tx, bvn: string): Promise<AttemptWindow> {
  const rows = await tx.query<{ n: string; oldest: Date | null }>(
    `select count(*) as n, min(attempted_at) as oldest from self.registration_attempt where tenant_id = ? and bvn = ? and attempted_at > now() - interval '1 day'`,
    [tx.tenantId, bvn],
    [{ sql: `select pg_advisory_xact_lock(hashtextextended(?, 0))`, params: [`${tx.tenantId}:self-registration:bvn:${bvn}`] }],
  );
  return { count: Number(rows[0]?.n ?? 0), oldestAt: rows[0]?.oldest ? new Date(rows[0].oldest) : null };
}

/**
 * Records an attempt from `address`, not yet under any BVN (the empty string, never an 11-digit BVN): a
 * BVN is counted only once it verifies with the names given (countAttemptUnderBvn). Answers its id.
 */
export async function recordAttempt(tx: Tx, address: string): Promise<number> {
  const rows = await tx.query<{ id: string }>(`insert into self.registration_attempt (tenant_id, address, bvn) values (?, ?, '') returning id`, [tx.tenantId, address]);
  return Number(rows[0]!.id);
}

/** The attempt counts under the BVN from now on. */
export async function countAttemptUnderBvn(tx: Tx, id: number, bvn: string): Promise<void> {
  await tx.query(`update self.registration_attempt set bvn = ? where tenant_id = ? and id = ?`, [bvn, tx.tenantId, id]);
}

/** An attempt refused by a limit is not counted at all. */
export async function forgetAttempt(tx: Tx, id: number): Promise<void> {
  await tx.query(`delete from self.registration_attempt where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

// ---- per-customer rate limits ------------------------------------------------------------------

/**
 * The customer's attempts at `action` in the last `windowSeconds`, under a lock per (user, action) held to
 * the end of the transaction (concurrent attempts count each other); old rows of the user and action go.
 */
export async function customerActionsSince(tx: Tx, userId: number, action: string, windowSeconds: number): Promise<AttemptWindow> {
  const rows = await tx.query<{ n: string; oldest: Date | null }>(
    `select count(*) as n, min(attempted_at) as oldest from self.customer_action
      where tenant_id = ? and user_id = ? and action = ? and attempted_at > now() - make_interval(secs => ?)`,
    [tx.tenantId, userId, action, windowSeconds],
    [
      { sql: `select pg_advisory_xact_lock(hashtextextended(?, 0))`, params: [`${tx.tenantId}:self-action:${action}:${userId}`] },
      { sql: `delete from self.customer_action where tenant_id = ? and user_id = ? and action = ? and attempted_at <= now() - make_interval(secs => ?)`, params: [tx.tenantId, userId, action, windowSeconds] },
    ],
  );
  return { count: Number(rows[0]?.n ?? 0), oldestAt: rows[0]?.oldest ? new Date(rows[0].oldest) : null };
}

export async function recordCustomerAction(tx: Tx, userId: number, action: string): Promise<void> {
  await tx.query(`insert into self.customer_action (tenant_id, user_id, action) values (?, ?, ?)`, [tx.tenantId, userId, action]);
}

// ---- beneficiaries ----------------------------------------------------------------------------

export async function beneficiariesOf(tx: Tx, clientIds: readonly number[]): Promise<BeneficiaryRow[]> {
  if (clientIds.length === 0) return [];
  const rows = await tx.query<RawBeneficiary>(`${BENEFICIARY_SELECT} where tenant_id = ? and client_id = any(?::int[]) and not deleted order by id`, [tx.tenantId, pgArray(clientIds)]);
  return rows.map(toBeneficiary);
}

/** The beneficiary when it is one of `clientIds`' and not deleted; with `lock`, its row is locked. */
export async function ownBeneficiary(tx: Tx, clientIds: readonly number[], id: number, lock = false): Promise<BeneficiaryRow | null> {
  const rows = await tx.query<RawBeneficiary>(
    `${BENEFICIARY_SELECT} where tenant_id = ? and id = ? and client_id = any(?::int[]) and not deleted${lock ? ' for update' : ''}`,
    [tx.tenantId, id, pgArray(clientIds)],
  );
  return rows[0] ? toBeneficiary(rows[0]) : null;
}

/** The client's beneficiary whose account is `accountId` (the one a transfer to it is checked against). */
export async function beneficiaryForAccount(tx: Tx, clientId: number, accountId: number): Promise<BeneficiaryRow | null> {
  const rows = await tx.query<RawBeneficiary>(`${BENEFICIARY_SELECT} where tenant_id = ? and client_id = ? and account_id = ? and not deleted order by id limit 1`, [tx.tenantId, clientId, accountId]);
  return rows[0] ? toBeneficiary(rows[0]) : null;
}

export async function insertBeneficiary(tx: Tx, b: BeneficiaryRow, by: number): Promise<void> {
  await tx.query(
    `insert into self.beneficiary (tenant_id, id, client_id, name, office_id, account_id, account_type, transfer_limit, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?::numeric, ?, ?)`,
    [tx.tenantId, b.id, b.clientId, b.name, b.officeId, b.accountId, b.accountType, b.transferLimit, by, by],
  );
}

export async function updateBeneficiary(tx: Tx, id: number, change: { name: string; transferLimit: string | null }, by: number): Promise<void> {
  await tx.query(`update self.beneficiary set name = ?, transfer_limit = ?::numeric, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`, [change.name, change.transferLimit, by, tx.tenantId, id]);
}

export async function deleteBeneficiary(tx: Tx, id: number, by: number): Promise<void> {
  await tx.query(`update self.beneficiary set deleted = true, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`, [by, tx.tenantId, id]);
}

// ---- daily transfer usage ---------------------------------------------------------------------

/**
 * Locks the client's transfer row (created on first use) until the transaction ends and returns what
 * the client has already sent to others on `date`: the lock is what makes the sum and the transfer
 * that extends it one step for concurrent requests.
 */
export async function lockAndSumDailyUsage(tx: Tx, clientId: number, date: string): Promise<string> {
  const rows = await tx.query<{ used: string }>(
    `select coalesce(sum(amount), 0)::text as used from self.transfer_usage where tenant_id = ? and client_id = ? and business_date = ?::date`,
    [tx.tenantId, clientId, date],
    [{
      sql: `insert into self.client_transfer_lock (tenant_id, client_id) values (?, ?) on conflict (tenant_id, client_id) do update set last_locked_at = now()`,
      params: [tx.tenantId, clientId],
    }],
  );
  return rows[0]!.used;
}

export async function recordUsage(tx: Tx, usage: { transferId: number; clientId: number; date: string; amount: string; channel: string }): Promise<void> {
  await tx.query(
    `insert into self.transfer_usage (tenant_id, transfer_id, client_id, business_date, amount, channel) values (?, ?, ?, ?::date, ?::numeric, ?)`,
    [tx.tenantId, usage.transferId, usage.clientId, usage.date, usage.amount, usage.channel],
  );
}

/** Takes a transfer's amount back out of the day's usage (an inter-bank transfer the switch failed moved nothing). */
export async function deleteUsage(tx: Tx, channel: string, transferId: number): Promise<void> {
  await tx.query(`delete from self.transfer_usage where tenant_id = ? and channel = ? and transfer_id = ?`, [tx.tenantId, channel, transferId]);
}

// ---- loan offers ------------------------------------------------------------------------------

export interface LoanOfferRow {
  id: number;
  clientId: number;
  productId: number;
  maxPrincipal: string;
  expiresOn: string;
}

interface RawOffer { id: number; client_id: number; product_id: number; max_principal: string; expires_on: string }

const toOffer = (r: RawOffer): LoanOfferRow => ({ id: Number(r.id), clientId: Number(r.client_id), productId: Number(r.product_id), maxPrincipal: formatAmount(r.max_principal), expiresOn: r.expires_on });

const OFFER_SELECT = `select id, client_id, product_id, max_principal::text as max_principal, to_char(expires_on, 'YYYY-MM-DD') as expires_on from self.loan_offer`;

export async function insertOffer(tx: Tx, offer: LoanOfferRow, by: number): Promise<void> {
  await tx.query(
    `insert into self.loan_offer (tenant_id, id, client_id, product_id, max_principal, expires_on, created_by, updated_by) values (?, ?, ?, ?, ?::numeric, ?::date, ?, ?)`,
    [tx.tenantId, offer.id, offer.clientId, offer.productId, offer.maxPrincipal, offer.expiresOn, by, by],
  );
}

export async function offersOf(tx: Tx, clientId: number): Promise<LoanOfferRow[]> {
  return (await tx.query<RawOffer>(`${OFFER_SELECT} where tenant_id = ? and client_id = ? and not deleted order by id`, [tx.tenantId, clientId])).map(toOffer);
}

/** Withdraws the client's offer; false when there is no such live offer. */
export async function deleteOffer(tx: Tx, clientId: number, id: number, by: number): Promise<boolean> {
  const rows = await tx.query(`update self.loan_offer set deleted = true, updated_by = ?, updated_at = now() where tenant_id = ? and client_id = ? and id = ? and not deleted returning id`, [by, tx.tenantId, clientId, id]);
  return rows.length > 0;
}

/**
 * A live offer of the product to the client, unexpired on `date`, whose maximum covers `principal`
 * (inclusive), locked to the end of the transaction (two applications under one offer queue here), with
 * the latest application made under it.
 */
export async function coveringOffer(tx: Tx, clientId: number, productId: number, principal: string, date: string): Promise<(LoanOfferRow & { loanId: number | null }) | null> {
  const rows = await tx.query<RawOffer & { loan_id: number | null }>(
    `${OFFER_SELECT.replace('expires_on from', 'expires_on, loan_id from')} where tenant_id = ? and client_id = ? and product_id = ? and not deleted and expires_on >= ?::date and max_principal >= ?::numeric
      order by max_principal desc, id limit 1 for update`,
    [tx.tenantId, clientId, productId, date, principal],
  );
  return rows[0] ? { ...toOffer(rows[0]), loanId: rows[0].loan_id == null ? null : Number(rows[0].loan_id) } : null;
}

/** Records the application made under the offer. */
export async function recordOfferApplication(tx: Tx, offerId: number, loanId: number, by: number): Promise<void> {
  await tx.query(`update self.loan_offer set loan_id = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`, [loanId, by, tx.tenantId, offerId]);
}
