import type { GroupsServices } from '../../groups/groups.services.js';
import type { LoanServices } from '../../loan/loan.services.js';

/** JLG loans check their group and follow its meeting through the groups module (loan cannot depend on groups). */
export function registerGroupsWithLoan(groups: GroupsServices, loan: LoanServices): void {
  loan.applications.useMeetings(groups.forLoans);
}
