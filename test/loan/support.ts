import type { TenantSession } from '../support/service.js';

export const DATE = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/** Pins the tenant's business date (Fineract's /businessdate). */
export async function setBusinessDate(t: TenantSession, date: string): Promise<void> {
  const res = await t.post('/businessdate', { type: 'BUSINESS_DATE', date, ...DATE });
  if (res.status !== 200) throw new Error(`business date: ${res.text}`);
}

export async function activeClient(t: TenantSession, officeId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.post('/clients', { officeId, legalFormId: 1, firstname: 'Ada', lastname: 'Obi', active: true, activationDate: '2024-06-01', ...DATE, ...extra });
  if (res.status !== 200) throw new Error(`client: ${res.text}`);
  return res.body.clientId as number;
}

export const application = (clientId: number, productId: number, principal: number | string, extra: Record<string, unknown> = {}) => ({
  clientId, productId, principal, loanTermFrequency: 12, loanTermFrequencyType: 2, numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2,
  interestRatePerPeriod: 2, amortizationType: productId === 3 ? 0 : 1, interestType: productId === 2 ? 1 : 0, interestCalculationPeriodType: 1,
  transactionProcessingStrategyCode: 'mifos-standard-strategy', expectedDisbursementDate: '2025-01-01', submittedOnDate: '2025-01-01', loanType: 'individual', ...DATE, ...extra,
});

/** Opens and activates the client's savings account on the pinned business date. */
export async function savingsAccount(t: TenantSession, clientId: number): Promise<number> {
  const products = await t.get('/savingsproducts');
  const productId = products.body.find((p: any) => p.name === 'Primary Savings').id;
  const created = await t.post('/savingsaccounts', { clientId, productId, submittedOnDate: '2025-01-01', ...DATE });
  if (created.status !== 200) throw new Error(`savings: ${created.text}`);
  const activated = await t.post(`/savingsaccounts/${created.body.savingsId}?command=activate`, {});
  if (activated.status !== 200) throw new Error(`activate: ${activated.text}`);
  return created.body.savingsId as number;
}

/** The journal lines of one journal transaction, as [glCode, DEBIT|CREDIT, amount]. */
export async function journal(t: TenantSession, transactionId: string): Promise<[string, string, number][]> {
  const res = await t.get(`/journalentries?transactionId=${transactionId}`);
  if (res.status !== 200) throw new Error(`journal: ${res.text}`);
  return res.body.pageItems.map((e: any) => [e.glAccountCode, e.entryType.value, e.amount]).sort();
}

/** Submits and approves (by a fresh Branch Manager) a loan; answers its id. */
export async function approvedLoan(t: TenantSession, clientId: number, principal: number, productId = 1, approver?: TenantSession): Promise<number> {
  const created = await t.post('/loans', application(clientId, productId, principal));
  if (created.status !== 200) throw new Error(`loan: ${created.text}`);
  const manager = approver ?? (await t.userWithRoles([320007]));
  const approved = await manager.post(`/loans/${created.body.loanId}?command=approve`, { approvedOnDate: '2025-01-01', ...DATE });
  if (approved.status !== 200) throw new Error(`approve: ${approved.text}`);
  return created.body.loanId as number;
}
