import type { CobServices } from '../../cob/cob.services.js';
import type { CobDependencies } from '../../cob/ports.js';
import type { LoanServices } from '../../loan/loan.services.js';

/** The loans the run's steps work on (holiday moves), and the loan visibility its reads respect. */
export function cobFromLoan(loan: LoanServices): Pick<CobDependencies, 'loans' | 'requireLoanVisible'> {
  return {
    loans: loan.forCob,
    requireLoanVisible: async (tx, identity, loanId) => {
      await loan.applications.requireVisible(tx, identity, loanId);
    },
  };
}

/**
 * The hooks the loan module leaves for the module above it: new schedules follow the calendar, and the run
 * ages loans as its delinquency step.
 */
export function registerCobWithLoan(cob: CobServices, loan: LoanServices): void {
  loan.applications.useCalendar((tx, officeId, dueDates) => cob.calendar.adjustDueDates(tx, officeId, dueDates));
  cob.run.register('LOAN_DELINQUENCY_CLASSIFICATION', { batch: async (tx, businessDate, cursor) => ({ cursor, processed: await loan.forCob.age(tx, businessDate), done: true }) });
}
