import type { Tx } from '../kernel/tx.js';
import type { Identity } from '../kernel/identity.js';
import type { PeriodAllocation } from './domain/allocation.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanProductService } from './loan-product.service.js';
import { findLoan } from './store/loans.js';
import { loadPeriods } from './store/schedule.js';
import { setChargesDue } from './store/charges-due.js';

/**
 * The seam between loan servicing and the charges module (which depends on this one): the charges module
 * registers a hook the loan module calls where money meets charges (a schedule written, a disbursement, a
 * repayment and its undo), and reaches loans through `loansForCharges`. Without a hook registered, loans
 * carry no charges and these calls do nothing.
 */

/** A credit (or, on an undo, a debit) to a charge's income account. */
export interface ChargeIncomeLine {
  glCode: string;
  amount: string;
}

export interface LoanChargesHook {
  /** The loan's schedule was written anew: its charges are laid on the new periods (each period's fee and penalty due set). */
  scheduled(tx: Tx, loanId: number): Promise<void>;
  /**
   * At disbursement: the loan's disbursement charges, collected now. `deducted` is what comes off the amount
   * paid out; `lines` the income credits of every charge collected.
   */
  atDisbursement(tx: Tx, loanId: number, principal: string, digits: number): Promise<{ deducted: string; lines: ChargeIncomeLine[] }>;
  /** A repayment's fee and penalty portions recorded on the charges they paid; answers the income credits. */
  paid(tx: Tx, loanId: number, parts: readonly PeriodAllocation[]): Promise<ChargeIncomeLine[]>;
  /** The undo of a repayment: its fee and penalty portions taken back from the charges; answers the income debits. */
  unpaid(tx: Tx, loanId: number, parts: readonly PeriodAllocation[]): Promise<ChargeIncomeLine[]>;
  /** A submitted application's charges (Fineract's `charges: [{chargeId, amount, dueDate}]`), or its product's when null. */
  applied(tx: Tx, userId: number | null, loanId: number, listed: readonly unknown[] | null): Promise<void>;
}

/** Where the hook is held (the composition root registers it after both modules exist). */
export class LoanChargesSlot {
  private hook: LoanChargesHook | null = null;
  register(hook: LoanChargesHook): void {
    this.hook = hook;
  }
  get(): LoanChargesHook | null {
    return this.hook;
  }
}

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
    /** Where the charges module registers its hook. */
    register: (hook: LoanChargesHook) => applications.charges.register(hook),
    /** Days after a due date before an instalment counts as overdue for penalties (the product's graceOnArrearsAgeing, 0 when unset). */
    penaltyGraceDays: async (tx: Tx, productId: number): Promise<number> => {
      const grace = Number((await products.find(tx, productId))?.parameters.graceOnArrearsAgeing ?? 0);
      return Number.isInteger(grace) && grace > 0 ? grace : 0;
    },
  };
}

export type LoansForCharges = ReturnType<typeof loansForCharges>;
