import type { Tx } from '../kernel/tx.js';
import { nextValue } from '../kernel/sequence.js';
import type { CurrencyService } from './currency.service.js';
import { GLAccount, USAGE_DETAIL, USAGE_HEADER } from './ledger.entities.js';

interface SeedAccount {
  glCode: string;
  name: string;
  type: number;
  usage: number;
  parent?: string;
  manualEntriesAllowed?: boolean;
}

const header = (glCode: string, name: string, type: number): SeedAccount => ({ glCode, name, type, usage: USAGE_HEADER, manualEntriesAllowed: false });
const detail = (glCode: string, name: string, type: number, parent: string): SeedAccount => ({ glCode, name, type, usage: USAGE_DETAIL, parent, manualEntriesAllowed: true });

/** The default chart of accounts every tenant starts with (docs/interface.md: 11101 till cash, 21101 customer savings...). */
export const DEFAULT_CHART: SeedAccount[] = [
  header('10000', 'Assets', 1),
  detail('11101', 'Cash in hand/till', 1, '10000'),
  detail('11102', 'Cash in vault', 1, '10000'),
  detail('11201', 'Settlement bank', 1, '10000'),
  detail('13101', 'Loans receivable', 1, '10000'),
  detail('13201', 'Interest receivable', 1, '10000'),
  header('20000', 'Liabilities', 2),
  detail('21101', 'Customer savings', 2, '20000'),
  detail('21102', 'Customer current accounts', 2, '20000'),
  detail('22101', 'Suspense', 2, '20000'),
  detail('22201', 'Withholding tax payable', 2, '20000'),
  header('30000', 'Equity', 3),
  detail('31101', 'Share capital', 3, '30000'),
  detail('32101', 'Retained earnings', 3, '30000'),
  header('40000', 'Income', 4),
  detail('41101', 'Interest income on loans', 4, '40000'),
  detail('42101', 'Fee income', 4, '40000'),
  detail('42201', 'Penalty income', 4, '40000'),
  detail('42301', 'Bad debt recovered', 4, '40000'),
  header('50000', 'Expenses', 5),
  detail('51101', 'Interest expense on savings', 5, '50000'),
  detail('52101', 'Loan loss provision', 5, '50000'),
  detail('53101', 'Cash over/short', 5, '50000'),
];

export const DEFAULT_CURRENCIES = ['NGN', 'USD'];
export const BASE_CURRENCY = 'NGN';

/** Idempotent: accounts whose code exists are left as they are; currencies already enabled stay. */
export function ledgerSeeder(currencies: CurrencyService) {
  return async (tx: Tx): Promise<void> => {
    await currencies.seed(tx, DEFAULT_CURRENCIES, BASE_CURRENCY);
    const existing = new Map((await tx.em.find(GLAccount, {})).map((a) => [a.glCode, a]));
    for (const seed of DEFAULT_CHART) {
      if (existing.has(seed.glCode)) continue;
      const account = Object.assign(new GLAccount(), {
        tenantId: tx.tenantId,
        id: await nextValue(tx, 'glaccount'),
        name: seed.name,
        glCode: seed.glCode,
        type: seed.type,
        usage: seed.usage,
        manualEntriesAllowed: seed.manualEntriesAllowed ?? true,
        parentId: seed.parent ? (existing.get(seed.parent)?.id ?? null) : null,
      });
      existing.set(seed.glCode, account);
      tx.em.persist(account);
    }
    await tx.em.flush();
  };
}
