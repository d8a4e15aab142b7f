import type { Tx } from '../../kernel/tx.js';
import { escapeLike } from '../../kernel/db-errors.js';
import { rows } from './rows.js';
import { pgArray } from '../../kernel/pg-array.js';
import { LOAN_COLUMNS, STATUS_ACTIVE, STATUS_APPROVED, STATUS_SUBMITTED, type LoanRow } from './loans.js';

/** Loans found by criteria rather than by id: pages of the loan book, the approval queue's candidates, counts. */

/** What a list of loans is narrowed by; absent (null, undefined or empty) criteria do not narrow it. */
export interface LoanCriteria {
  /** The caller's office subtree; null: every office. */
  visibleOfficeIds: readonly number[] | null;
  /** An account officer sees only their own book. */
  portfolioStaffId?: number;
  officeId?: number | null;
  clientId?: number | null;
  statusId?: number | null;
  externalId?: string | null;
  loanOfficerId?: number | null;
  delinquent?: boolean | null;
  /** A substring of the account number or the external id. */
  search?: string | null;
}

function whereOf(tx: Tx, c: LoanCriteria): { clause: string; params: unknown[] } {
  const where = ['tenant_id = ?'];
  const params: unknown[] = [tx.tenantId];
  const add = (sql: string, value: unknown) => {
    if (value == null || value === '') return;
    where.push(sql);
    params.push(value);
  };
  add('office_id = any(?::int[])', c.visibleOfficeIds === null ? null : pgArray(c.visibleOfficeIds));
  add('loan_officer_id = ?', c.portfolioStaffId);
  add('office_id = ?', c.officeId);
  add('client_id = ?', c.clientId);
  add('status_id = ?', c.statusId);
  add('external_id = ?', c.externalId);
  add('loan_officer_id = ?', c.loanOfficerId);
  if (c.delinquent === true) where.push(`status_id = ${STATUS_ACTIVE} and days_past_due > 0`);
  if (c.delinquent === false) where.push('days_past_due = 0');
  const text = c.search?.trim();
  if (text) {
    where.push(`(account_no like ? or external_id ilike ?)`);
    params.push(`%${escapeLike(text)}%`, `%${escapeLike(text)}%`);
  }
  return { clause: where.join(' and '), params };
}

/** One page of the loans matching `criteria`, in id order, and how many match in all. */
export async function pageOfLoans(tx: Tx, criteria: LoanCriteria, limit: number, offset: number): Promise<{ total: number; loans: LoanRow[] }> {
  const { clause, params } = whereOf(tx, criteria);
  const total = await tx.query<{ n: string }>(`select count(*) as n from loan.loan where ${clause}`, params);
  const found = await tx.query(`select ${LOAN_COLUMNS} from loan.loan where ${clause} order by id limit ? offset ?`, [...params, limit, offset]);
  return { total: Number(total[0]!.n), loans: rows<LoanRow>(found) };
}

/** A keyset page of loans by id (a connection): `limit` loans with ids above `afterId`, and how many the list has. */
export async function keysetPageOfLoans(tx: Tx, criteria: LoanCriteria, afterId: number | null, limit: number): Promise<{ total: number; loans: LoanRow[] }> {
  const { clause, params } = whereOf(tx, criteria);
  const total = await tx.query<{ n: string }>(`select count(*) as n from loan.loan where ${clause}`, params);
  const found = await tx.query(`select ${LOAN_COLUMNS} from loan.loan where ${clause} and (?::bigint is null or id > ?::bigint) order by id limit ?`, [...params, afterId, afterId, limit]);
  return { total: Number(total[0]!.n), loans: rows<LoanRow>(found) };
}

/** Submitted loans at the given offices (null: every office), optionally one office, in id order (at most 1000). */
export async function submittedLoans(tx: Tx, visibleOfficeIds: readonly number[] | null, officeId: number | null | undefined): Promise<LoanRow[]> {
  const offices = visibleOfficeIds === null ? null : pgArray(visibleOfficeIds);
  return rows<LoanRow>(await tx.query(
    `select ${LOAN_COLUMNS} from loan.loan where tenant_id = ? and status_id = ? and (?::int[] is null or office_id = any(?::int[])) and (?::int is null or office_id = ?)
      order by id limit 1000`,
    [tx.tenantId, STATUS_SUBMITTED, offices, offices, officeId ?? null, officeId ?? null],
  ));
}

/** Loans of a client not yet closed, rejected or withdrawn (submitted, approved, active). */
export async function openLoanCount(tx: Tx, clientId: number): Promise<number> {
  const found = await tx.query<{ n: string }>(
    `select count(*) as n from loan.loan where tenant_id = ? and client_id = ? and status_id in (${STATUS_SUBMITTED}, ${STATUS_APPROVED}, ${STATUS_ACTIVE})`,
    [tx.tenantId, clientId],
  );
  return Number(found[0]!.n);
}
