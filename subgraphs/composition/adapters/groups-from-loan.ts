import type { GroupsServices } from '../../groups/groups.services.js';
import type { GroupsDependencies } from '../../groups/ports.js';
import type { LoanServices } from '../../loan/loan.services.js';

/** JLG loans check their group and follow its meeting through the groups module (loan cannot depend on groups). */
export function registerGroupsWithLoan(groups: GroupsServices, loan: LoanServices): void {
  loan.applications.useMeetings(groups.forLoans);
}

/** Collection sheets: the groups' JLG loans due on a meeting date, and their repayments in the sheet's transaction. */
export function groupsFromLoan(loan: LoanServices): Pick<GroupsDependencies, 'loansDue' | 'repay'> {
  return {
    loansDue: (tx, groupIds, on) => loan.forGroups.dueOn(tx, groupIds, on),
    repay: (tx, staff, loanId, p) => loan.forGroups.repay(tx, staff, loanId, p),
  };
}
