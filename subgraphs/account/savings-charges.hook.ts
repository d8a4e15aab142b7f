import type { Tx } from '../kernel/tx.js';
import type { CustomerIdentity, StaffIdentity } from '../kernel/identity.js';

/**
 * The charges module's hook for products and openings (it depends on this module, so it registers here):
 * a savings product's `charges` ([{id}]) checked and recorded, and an account opened on it given them (or
 * the charges its application lists). Without a hook, only an empty list is accepted.
 */
export interface SavingsChargesHook {
  productCharges(tx: Tx, productId: number, currencyCode: string, listed: readonly unknown[]): Promise<void>;
  /** `listed` null: the application named none, the product's apply. The applicant is staff, or a customer applying for themselves. */
  opened(tx: Tx, applicant: StaffIdentity | CustomerIdentity, accountId: number, productId: number, listed: readonly unknown[] | null): Promise<void>;
}

export class SavingsChargesSlot {
  private hook: SavingsChargesHook | null = null;
  register(hook: SavingsChargesHook): void {
    this.hook = hook;
  }
  get(): SavingsChargesHook | null {
    return this.hook;
  }
}
