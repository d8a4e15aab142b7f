import type { Tx } from '../kernel/tx.js';
import type { PeriodAllocation } from './domain/allocation.js';

/**
 * The seam between loan servicing and the charges module (which depends on this one): the charges module
 * registers a hook the loan module calls where money meets charges (an application, a schedule written, a
 * disbursement, a repayment and its undo). Without a hook registered, loans carry no charges and these calls
 * do nothing. A leaf: the loan services import it without a circle.
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
  /** The undo of a disbursement: the charges it collected owed again; answers what was deducted and the income debits. */
  disbursementUndone(tx: Tx, loanId: number): Promise<{ deducted: string; lines: ChargeIncomeLine[] }>;
  /** A repayment's fee and penalty portions recorded on the charges they paid; answers the income credits. */
  paid(tx: Tx, loanId: number, parts: readonly PeriodAllocation[]): Promise<ChargeIncomeLine[]>;
  /** The undo of a repayment: its fee and penalty portions taken back from the charges; answers the income debits. */
  unpaid(tx: Tx, loanId: number, parts: readonly PeriodAllocation[]): Promise<ChargeIncomeLine[]>;
  /** A submitted application's charges (Fineract's `charges: [{chargeId, amount, dueDate}]`), or its product's when null. */
  applied(tx: Tx, userId: number | null, loanId: number, listed: readonly unknown[] | null): Promise<void>;
  /** A loan product's `charges` ([{id}]): checked (active loan charges in its currency) and recorded for the loans opened on it. */
  productCharges(tx: Tx, productId: number, currencyCode: string, listed: readonly unknown[]): Promise<void>;
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
