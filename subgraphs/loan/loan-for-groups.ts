import BigNumber from 'bignumber.js';
import type { Tx } from '../kernel/tx.js';
import type { Actor } from '../kernel/identity.js';
import type { RepaymentInput, RepaymentService } from './repayment.service.js';
import { loadPeriods } from './store/schedule.js';
import { activeJlgLoansOfGroups } from './store/loans.js';

/** A JLG loan on a collection sheet: what is due on or before the meeting date and still unpaid. */
export interface LoanDueOn {
  loanId: number;
  accountNo: string;
  clientId: number;
  groupId: number;
  productId: number;
  currencyCode: string;
  principalDue: string;
  interestDue: string;
  feeDue: string;
  penaltyDue: string;
  totalDue: string;
}

/** What the groups module's collection sheets reach loans through (wired in the composition root). */
export function loansForGroups(repayments: RepaymentService) {
  return {
    /** Active JLG loans of the groups with their arrears and the instalments due up to and including `on`. */
    dueOn: async (tx: Tx, groupIds: readonly number[], on: string): Promise<LoanDueOn[]> => {
      const loans = await activeJlgLoansOfGroups(tx, groupIds);
      const periods = await loadPeriods(tx, loans.map((l) => l.id));
      return loans.map((loan) => {
        const sum = { principal: new BigNumber(0), interest: new BigNumber(0), fee: new BigNumber(0), penalty: new BigNumber(0) };
        for (const p of periods) {
          if (p.loanId !== loan.id || p.dueDate > on) continue;
          sum.principal = sum.principal.plus(p.principalDue).minus(p.principalPaid);
          sum.interest = sum.interest.plus(p.interestDue).minus(p.interestPaid);
          sum.fee = sum.fee.plus(p.feeDue).minus(p.feePaid);
          sum.penalty = sum.penalty.plus(p.penaltyDue).minus(p.penaltyPaid);
        }
        const total = sum.principal.plus(sum.interest).plus(sum.fee).plus(sum.penalty);
        return {
          loanId: loan.id, accountNo: loan.accountNo, clientId: loan.clientId, groupId: loan.groupId!, productId: loan.productId, currencyCode: loan.currencyCode,
          principalDue: sum.principal.toFixed(), interestDue: sum.interest.toFixed(), feeDue: sum.fee.toFixed(), penaltyDue: sum.penalty.toFixed(), totalDue: total.toFixed(),
        };
      });
    },
    /** A repayment in the caller's transaction (the collection sheet's command has authorized it). */
    repay: async (tx: Tx, actor: Actor, loanId: number, input: RepaymentInput): Promise<{ transactionId: number }> =>
      ({ transactionId: (await repayments.repayCore(tx, actor, loanId, input)).transactionId }),
  };
}
