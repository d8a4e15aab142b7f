/** The steps of a run, in the order they run (Fineract's job names). */
export const COB_STEP_CODES = [
  'APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT',
  'LOAN_DELINQUENCY_CLASSIFICATION',
  'ADD_PERIODIC_ACCRUAL_ENTRIES',
  'POST_INTEREST_FOR_SAVINGS',
  'PAY_DUE_SAVINGS_CHARGES',
  'UPDATE_SAVINGS_DORMANT_ACCOUNTS',
  'APPLY_HOLIDAYS_TO_LOANS',
] as const;
export type CobStepCode = (typeof COB_STEP_CODES)[number];
