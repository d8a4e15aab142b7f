import type { TenantSession, TestService } from '../support/service.js';
import type { LoanSavingsMovement, OperatingAccount, SavingsForLoans } from '../../subgraphs/kernel/ports.js';

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

/**
 * A stand-in for the account module's SavingsForLoans until branch issue-10 is merged: one operating savings
 * account per client (liability 21101), movements kept in memory so tests can assert what was credited.
 */
export class SavingsDouble implements SavingsForLoans {
  readonly movements: { kind: 'credit' | 'debit' | 'reverse'; accountId: number; amount?: string; loanTransactionId?: number; savingsTransactionId: number }[] = [];
  private next = 1;

  async operatingAccount(_tx: unknown, clientId: number, linkAccountId?: number | null): Promise<OperatingAccount> {
    const id = linkAccountId ?? 9000 + clientId;
    return { id, accountNo: String(id).padStart(10, '0'), clientId, officeId: 0, currency: 'NGN', liabilityGlCode: '21101' };
  }

  async creditFromLoan(_tx: unknown, m: LoanSavingsMovement) {
    const savingsTransactionId = this.next++;
    this.movements.push({ kind: 'credit', accountId: m.accountId, amount: m.amount, loanTransactionId: m.loanTransactionId, savingsTransactionId });
    return { savingsTransactionId, runningBalance: m.amount };
  }

  async debitForLoan(_tx: unknown, m: LoanSavingsMovement) {
    const savingsTransactionId = this.next++;
    this.movements.push({ kind: 'debit', accountId: m.accountId, amount: m.amount, loanTransactionId: m.loanTransactionId, savingsTransactionId });
    return { savingsTransactionId, runningBalance: '0' };
  }

  async reverseForLoan(_tx: unknown, savingsTransactionId: number) {
    this.movements.push({ kind: 'reverse', accountId: 0, savingsTransactionId });
  }
}

export function connectSavingsDouble(service: TestService): SavingsDouble {
  const double = new SavingsDouble();
  service.services.loan.connect({ savings: double });
  return double;
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
