import type { ChargesServices } from '../../charges/charges.services.js';
import type { CobServices } from '../../cob/cob.services.js';

/** Savings fees that fall due are charged and collected as the run's savings-fees step (idempotent per date); loans' overdue penalties as its first step. */
export function registerCobWithCharges(cob: CobServices, charges: ChargesServices): void {
  cob.run.register('PAY_DUE_SAVINGS_CHARGES', {
    batch: async (tx, businessDate, cursor) => {
      await charges.daily(tx, businessDate);
      return { cursor, processed: 0, done: true };
    },
  });
  // Overdue-instalment penalties, once per instalment (idempotent per date), batched by loan.
  cob.run.register('APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT', { batch: (tx, businessDate, cursor, limit) => charges.loanCharges.overdueBatch(tx, businessDate, cursor, limit) });
}
