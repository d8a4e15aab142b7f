import assert from 'node:assert/strict';
import { TestService, type TenantSession } from '../support/service.js';

/** The business date every account test pins, so dates in requests are deterministic. */
export const TODAY = '2026-01-15';
export const BANK_TRANSFER = 2;
export const CASH = 1;

export const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

export async function pinBusinessDate(t: TenantSession, date = TODAY): Promise<void> {
  const res = await t.post('/businessdate', { type: 'BUSINESS_DATE', date, ...iso });
  assert.equal(res.status, 200, res.text);
}

/** The account tests' start: a service, a tenant with the business date pinned, a branch and the seeded products. */
export async function accountFixture(): Promise<{ service: TestService; t: TenantSession; branch: number; products: { savings: number; current: number } }> {
  const service = await TestService.start();
  const t = await service.tenant();
  await pinBusinessDate(t);
  return { service, t, branch: await t.branch(), products: await productIds(t) };
}

export async function productIds(t: TenantSession): Promise<{ savings: number; current: number }> {
  const res = await t.get('/savingsproducts');
  assert.equal(res.status, 200, res.text);
  return {
    savings: res.body.find((p: any) => p.name === 'Primary Savings').id,
    current: res.body.find((p: any) => p.name === 'Current Account').id,
  };
}

export async function activeClient(t: TenantSession, officeId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.post('/clients', { officeId, legalFormId: 1, firstname: 'Ada', lastname: `Obi${Math.floor(Math.random() * 1e6)}`, active: true, activationDate: '2025-01-01', ...iso, ...extra });
  assert.equal(res.status, 200, res.text);
  return res.body.clientId as number;
}

export async function corporateClient(t: TenantSession, officeId: number): Promise<number> {
  const res = await t.post('/clients', {
    officeId, legalFormId: 2, fullname: `Acme ${Math.floor(Math.random() * 1e6)} Ltd`, active: true, activationDate: '2025-01-01', ...iso,
    clientNonPersonDetails: { constitutionId: 200202, mainBusinessLineId: 200221 },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.clientId as number;
}

/** Opens and activates a savings account (submitted a few days before the pinned business date). */
export async function openAccount(t: TenantSession, clientId: number, productId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await t.post('/savingsaccounts', { clientId, productId, submittedOnDate: '2026-01-10', ...iso, ...extra });
  assert.equal(created.status, 200, created.text);
  const activated = await t.post(`/savingsaccounts/${created.body.savingsId}?command=activate`, {});
  assert.equal(activated.status, 200, activated.text);
  return created.body.savingsId as number;
}

export function deposit(t: TenantSession, accountId: number, amount: number | string, paymentTypeId = BANK_TRANSFER, extra: Record<string, unknown> = {}) {
  return t.post(`/savingsaccounts/${accountId}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: amount, paymentTypeId, ...iso, ...extra });
}

export function withdraw(t: TenantSession, accountId: number, amount: number | string, paymentTypeId = BANK_TRANSFER, extra: Record<string, unknown> = {}) {
  return t.post(`/savingsaccounts/${accountId}/transactions?command=withdrawal`, { transactionDate: TODAY, transactionAmount: amount, paymentTypeId, ...iso, ...extra });
}

export function transfer(t: TenantSession, fromAccountId: number, toAccountId: number, amount: number | string, extra: Record<string, unknown> = {}) {
  return t.post('/accounttransfers', { fromAccountType: 2, fromAccountId, toAccountType: 2, toAccountId, transferAmount: amount, transferDate: TODAY, transferDescription: 'test', ...iso, ...extra });
}

export async function balance(t: TenantSession, accountId: number): Promise<{ accountBalance: number; availableBalance: number }> {
  const res = await t.get(`/savingsaccounts/${accountId}`);
  assert.equal(res.status, 200, res.text);
  return { accountBalance: res.body.summary.accountBalance, availableBalance: res.body.summary.availableBalance };
}

/** Two referees, so a current or overdraft account may be activated. */
export async function addReferences(t: TenantSession, accountId: number, count = 2): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await t.post(`/savingsaccounts/${accountId}/references`, { refereeName: `Referee ${i}`, refereePhone: `0803000000${i}`, relationship: 'Colleague', refereeBank: '058', refereeAccountNo: '0123456789' });
    assert.equal(res.status, 200, res.text);
  }
}
