import type { Tx } from '../kernel/tx.js';
import type { Identity } from '../kernel/identity.js';
import type { LoanChargesHook } from './loan-charges.hook.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanProductService } from './loan-product.service.js';
import { findLoan } from './store/loans.js';
import { loadPeriods } from './store/schedule.js';
import { setChargesDue } from './store/charges-due.js';

/** A loan as the charges module needs it. */
export interface ChargeableLoan {
  id: number;
  accountNo: string;
  clientId: number;
  officeId: number;
  productId: number;
  /** Fineract's loan status: 100 submitted, 200 approved, 300 active... */
  statusId: number;
  currencyCode: string;
  digits: number;
  principal: string;
  disbursedOn: string | null;
  expectedDisbursementDate: string;
}

export interface ChargeablePeriod {
  period: number;
  fromDate: string;
  dueDate: string;
  principalDue: string;
  interestDue: string;
  principalPaid: string;
  interestPaid: string;
}

/** What the charges module (which depends on this one) reaches loans through, and registers its hook with. */
export function loansForCharges(applications: LoanApplicationService, products: LoanProductService) {
  const chargeable = (l: Awaited<ReturnType<typeof findLoan>> & object): ChargeableLoan => ({
    id: l.id, accountNo: l.accountNo, clientId: l.clientId, officeId: l.officeId, productId: l.productId, statusId: l.statusId, currencyCode: l.currencyCode,
    digits: l.digits, principal: l.approvedPrincipal ?? l.principal, disbursedOn: l.disbursedOn, expectedDisbursementDate: l.expectedDisbursementDate,
  });
  return {
    /** The loan when the caller may see it (404, the loan module's code, otherwise); `lock` holds its row to the end of the transaction. */
    visible: async (tx: Tx, identity: Identity, loanId: number, lock = false): Promise<ChargeableLoan> => chargeable(await applications.requireVisible(tx, identity, loanId, lock)),
    /** A loan by id with no caller (the daily step), or null. */
    find: async (tx: Tx, loanId: number, lock = false): Promise<ChargeableLoan | null> => {
      const l = await findLoan(tx, loanId, { lock });
      return l ? chargeable(l) : null;
    },
    periods: async (tx: Tx, loanId: number): Promise<ChargeablePeriod[]> => loadPeriods(tx, [loanId]),
    /** Sets each period's fee and penalty due (what the charges module computed; waivers already taken off). */
    setChargesDue: (tx: Tx, loanId: number, totals: readonly { period: number; fee: string; penalty: string }[]) => setChargesDue(tx, loanId, totals),
    /** A loan product's currency, or null when there is no such product. */
    productCurrency: async (tx: Tx, productId: number): Promise<string | null> => (await products.find(tx, productId))?.currencyCode ?? null,
    /** Where the charges module registers its hook. */
    register: (hook: LoanChargesHook) => products.charges.register(hook),
    /** Days after a due date before an instalment counts as overdue for penalties (the product's graceOnArrearsAgeing, 0 when unset). */
    penaltyGraceDays: async (tx: Tx, productId: number): Promise<number> => {
      const grace = Number((await products.find(tx, productId))?.parameters.graceOnArrearsAgeing ?? 0);
      return Number.isInteger(grace) && grace > 0 ? grace : 0;
    },
  };
}
