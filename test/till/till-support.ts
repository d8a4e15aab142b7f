import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { TenantSession, type TestService } from '../support/service.js';

export const FMT = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
export const TELLER_ROLE = 320018;
export const BRANCH_MANAGER_ROLE = 320007;
export const HEAD_OF_OPERATIONS_ROLE = 320011;

/** Exact cents of a JSON amount (2 dp at most here). */
export const cents = (value: number | string | undefined): bigint => {
  if (value === undefined) return 0n;
  const [whole, frac = ''] = String(value).split('.');
  const sign = whole!.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole!.replace('-', '')) * 100n + BigInt((frac + '00').slice(0, 2)));
};

export async function setBusinessDate(t: TenantSession, date: string): Promise<void> {
  const res = await t.post('/businessdate', { type: 'BUSINESS_DATE', date, ...FMT });
  assert.equal(res.status, 200, res.text);
}

export async function createStaff(t: TenantSession, officeId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.post('/staff', { officeId, firstname: 'Till', lastname: `Cashier${Math.floor(Math.random() * 1e6)}`, isActive: true, ...extra });
  assert.equal(res.status, 200, res.text);
  return res.body.resourceId as number;
}

export async function createTeller(t: TenantSession, officeId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.post('/tellers', { officeId, name: `Counter ${Math.floor(Math.random() * 1e9)}`, description: 'front counter', startDate: '2026-01-01', status: 300, ...FMT, ...extra });
  assert.equal(res.status, 200, res.text);
  return res.body.resourceId as number;
}

export async function createCashier(t: TenantSession, tellerId: number, staffId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.post(`/tellers/${tellerId}/cashiers`, { staffId, startDate: '2026-01-01', endDate: '2026-12-31', isFullDay: true, description: 'morning', ...FMT, ...extra });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.resourceId, tellerId);
  return res.body.subResourceId as number;
}

export function cashTxn(amount: number | string, date: string, extra: Record<string, unknown> = {}) {
  return { txnAmount: amount, txnDate: date, txnNote: 'vault', currencyCode: 'NGN', ...FMT, ...extra };
}

/** A branch with a staff member, a user (Teller role) linked to them, a teller and a cashier assignment. */
export async function tellerSetup(t: TenantSession, date: string) {
  await setBusinessDate(t, date);
  const branch = await t.branch();
  const staffId = await createStaff(t, branch);
  const { session: user, userId } = await staffUser(t, [TELLER_ROLE], branch, staffId);
  const tellerId = await createTeller(t, branch);
  const cashierId = await createCashier(t, tellerId, staffId);
  return { branch, staffId, user, userId, tellerId, cashierId };
}

/** Net debit cents per GL code at an office for 2026 (Trial Balance over REST). */
export async function glNets(t: TenantSession, officeId: number): Promise<Map<string, bigint>> {
  const res = await t.get(`/runreports/${encodeURIComponent('Trial Balance')}?R_officeId=${officeId}&R_startDate=2026-01-01&R_endDate=2026-12-31`);
  assert.equal(res.status, 200, res.text);
  const nets = new Map<string, bigint>();
  for (const { row } of res.body.data as { row: [string, string, number, number] }[]) nets.set(row[0], cents(row[2]) - cents(row[3]));
  return nets;
}

export async function summary(t: TenantSession, tellerId: number, cashierId: number, query = '') {
  const res = await t.get(`/tellers/${tellerId}/cashiers/${cashierId}/summaryandtransactions${query}`);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** A user with roles, linked to a staff record; answers its session and user id. */
export async function staffUser(t: TenantSession, roles: number[], officeId: number, staffId: number | null): Promise<{ session: TenantSession; userId: number }> {
  const username = `u${randomBytes(4).toString('hex')}`;
  const created = await t.post('/users', { username, firstname: 'Till', lastname: 'User', officeId, roles, password: 'Secret123', repeatPassword: 'Secret123', ...(staffId ? { staffId } : {}) });
  assert.equal(created.status, 200, created.text);
  const login = await t.service.request('POST', '/api/v1/authentication', { tenant: t.tenant, auth: null, body: { username, password: 'Secret123' } });
  assert.equal(login.status, 200, login.text);
  return { session: new TenantSession(t.service, t.tenant, login.body.base64EncodedAuthenticationKey), userId: created.body.resourceId as number };
}

let sourceSeq = 0;

/**
 * A cash deposit (in) or withdrawal (out) as the account module will run it: the open-till rule and the
 * journal (DR 11101 CR 21101, or the reverse) in one transaction, in-process (deposits do not exist yet).
 */
export function cashAtCounter(service: TestService, tenant: string, movement: { userId: number; officeId: number; direction: 'in' | 'out'; amount: string; date: string }) {
  return service.platform.db.tx(tenant, async (tx) => {
    const transactionId = `S${Date.now()}${++sourceSeq}`;
    const recorded = await service.services.till.recordCash(tx, {
      userId: movement.userId, officeId: movement.officeId, currency: 'NGN', direction: movement.direction, amount: movement.amount,
      source: { entityType: 'SAVINGS', entityId: sourceSeq, transactionId },
    });
    const [debit, credit] = movement.direction === 'in' ? ['11101', '21101'] : ['21101', '11101'];
    await service.services.ledger.engine.post(tx, {
      officeId: movement.officeId, currency: 'NGN', date: movement.date,
      lines: [{ glCode: debit, debit: movement.amount }, { glCode: credit, credit: movement.amount }],
      source: { entityType: 'SAVINGS', entityId: sourceSeq, transactionId },
    });
    return recorded;
  });
}

/** The platform error code a rejected in-process call carried. */
export const errorCode = (e: unknown): string | undefined => (e as { extensions?: { errors?: { code: string }[] } }).extensions?.errors?.[0]?.code;
