import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { exactNumber } from '../kernel/exact-json.js';
import { ALL_FUNCTIONS, hasPermission, requireStaff, sameEyes, type Actor, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { BRANCH_MANAGER, type ApprovalPolicyService } from './approval-policy.service.js';
import { roleToRecord, stillNeeded, tierFor } from './domain/tiers.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanDependencies } from './loan.ports.js';
import { approvalsCleared, insertApproval, loadApprovals } from './store/approvals.js';
import { submittedLoans } from './store/loan-lists.js';
import { findLoan, markApproved, markUnapproved, setApprovalTerms, STATUS_APPROVED, STATUS_SUBMITTED, type LoanRow } from './store/loans.js';
import { writeSchedule } from './store/schedule.js';
import type { ApprovalQueueItemType } from './loan.types.js';
import { approvalStateOf, effectivePrincipal } from './loan.view.js';
import { LOAN_CODES } from './codes.js';

export interface ApproveInput {
  approvedOnDate?: string | null;
  approvedLoanAmount?: string | null;
  expectedDisbursementDate?: string | null;
  note?: string | null;
}

/** Roles whose approvals are given in the branch; a loan needing only other roles waits in the head office queue. */
const BRANCH_ROLES = new Set([BRANCH_MANAGER]);

const rule = (code: string, message: string, args: unknown[] = []) => errors.domainRule(code, message, args);

function requireApprover(identity: Identity): StaffIdentity {
  if (hasPermission(identity, 'APPROVEESCALATED_LOAN')) return requireStaff(identity, 'APPROVEESCALATED_LOAN');
  return requireStaff(identity, 'APPROVE_LOAN');
}

/**
 * Tiered, four-eyes loan approval. Each call records one approval against the loan's policy tier; the loan
 * is approved when its tier's approvals are all present. The loan row is locked (SELECT ... FOR UPDATE)
 * for the whole command, so two approvers acting at once are serialised: neither approval is lost or
 * counted twice, and only one of them completes the loan.
 */
export class LoanApprovalService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly applications: LoanApplicationService,
    private readonly policies: ApprovalPolicyService,
  ) {}

  async approve(identity: Identity, id: number, input: ApproveInput): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireApprover(identity);
    return this.db.tx(actor.tenantId, (tx) => this.approveCore(tx, actor, id, input));
  }

  async approveCore(tx: Tx, actor: Actor, id: number, input: ApproveInput): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const loan = await this.applications.requireVisible(tx, actor, id, true);
    if (loan.statusId !== STATUS_SUBMITTED) throw rule(LOAN_CODES.loanApproveNotInSubmittedState, 'Only a submitted application can be approved.', [id]);
    const submitter = loan.submittedByUserId === null ? null : { userId: loan.submittedByUserId, delegatedBy: loan.submittedDelegatedBy };
    if ((submitter !== null && sameEyes(submitter, actor)) || isLoanOfficer(loan, actor)) {
      throw rule(LOAN_CODES.loanApprovalBySubmitterNotAllowed, 'The submitter or the loan officer of a loan cannot approve it, nor can anyone acting with an API key issued by or for either of them (four eyes).', [id]);
    }
    const approvedOn = await this.applications.actionDate(tx, loan, input.approvedOnDate, 'approvedOnDate');
    let amount = effectivePrincipal(loan);
    if (input.approvedLoanAmount != null) {
      const asked = new BigNumber(input.approvedLoanAmount);
      if (!asked.isFinite() || asked.lte(0)) {
        throw errors.validation([{ code: LOAN_CODES.loanApprovedLoanAmountNotGreaterThanZero, message: 'approvedLoanAmount must be greater than 0.', parameterName: 'approvedLoanAmount', value: input.approvedLoanAmount }]);
      }
      if (asked.gt(loan.principal)) throw rule(LOAN_CODES.loanApprovalAmountGreaterThanPrincipal, `approvedLoanAmount ${asked.toFixed()} is above the amount applied for (${new BigNumber(loan.principal).toFixed()}).`, [asked.toFixed()]);
      if ((asked.decimalPlaces() ?? 0) > loan.digits) {
        throw errors.validation([{ code: LOAN_CODES.loanApprovedLoanAmountExceedsDecimalPlaces, message: `approvedLoanAmount has more than ${loan.digits} decimals.`, parameterName: 'approvedLoanAmount', value: input.approvedLoanAmount }]);
      }
      amount = asked.toFixed();
    }
    const expectedDisbursementDate = input.expectedDisbursementDate ?? loan.expectedDisbursementDate;
    if (expectedDisbursementDate < approvedOn) {
      throw errors.validation([{ code: LOAN_CODES.loanExpectedDisbursementDateCannotBeBeforeApprovalDate, message: 'expectedDisbursementDate cannot be before the approval date.', parameterName: 'expectedDisbursementDate', value: expectedDisbursementDate }]);
    }

    const recorded = await loadApprovals(tx, [id]);
    if (recorded.some((a) => sameEyes(a, actor))) {
      throw rule(LOAN_CODES.loanApprovalAlreadyGiven, 'You have already approved this loan, yourself or through an API key issued by or for you (four eyes).', [id]);
    }
    const policy = await this.policies.policyFor(tx, loan.productId);
    const tier = policy ? tierFor(policy.tiers, amount) : null;
    if (!policy || !tier) throw rule(LOAN_CODES.loanApprovalNoPolicyTier, `No approval policy tier covers ${new BigNumber(amount).toFixed()}.`, [amount]);
    const roleId = roleToRecord(tier.tier, recorded, actor.roleIds, actor.permissions.includes(ALL_FUNCTIONS));
    if (roleId === null) {
      const needed = stillNeeded(tier.tier, recorded).map((n) => n.roleId);
      throw rule(LOAN_CODES.loanApprovalRoleNotRequired, `This loan's tier still needs approval by role(s) ${needed.join(', ')}; you hold none of them.`, needed);
    }

    const approval = { loanId: id, userId: actor.userId, delegatedBy: actor.delegatedBy ?? null, roleId, approvedOn, note: input.note ?? null };
    await insertApproval(tx, approval);
    const all = [...recorded, approval];
    const remaining = stillNeeded(tier.tier, all);
    const amountChanged = !new BigNumber(amount).eq(effectivePrincipal(loan));
    await setApprovalTerms(tx, id, amountChanged || loan.approvedPrincipal !== null ? amount : null, expectedDisbursementDate, actor.userId);
    const changes: Record<string, unknown> = { approvedOnDate: approvedOn, approvedLoanAmount: new BigNumber(amount).toFixed(), roleId, stillNeeded: remaining };
    if (remaining.length === 0) {
      const approved = await markApproved(tx, id, approvedOn, actor.userId, amount);
      await writeSchedule(tx, id, await this.applications.regenerate(tx, approved, expectedDisbursementDate, amount));
      await emit(tx, {
        eventType: 'loan.approved', entityName: 'LOAN', actionName: 'APPROVE',
        data: {
          loanId: id, accountNo: loan.accountNo, clientId: loan.clientId, officeId: loan.officeId, principal: exactNumber(loan.principal),
          approvedAmount: exactNumber(amount), currency: loan.currencyCode, approvedOn, approvals: all.map((a) => ({ userId: a.userId, roleId: a.roleId })),
        },
      });
      changes.status = { id: STATUS_APPROVED, code: 'loanStatusType.approved', value: 'Approved' };
    } else if (amountChanged || expectedDisbursementDate !== loan.expectedDisbursementDate) {
      await writeSchedule(tx, id, await this.applications.regenerate(tx, { ...loan, approvedPrincipal: amount }, expectedDisbursementDate, amount));
    }
    return { loan: (await findLoan(tx, id))!, changes };
  }

  async undoApproval(identity: Identity, id: number, note: string | null | undefined): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UNDOAPPROVAL_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.undoApprovalCore(tx, actor, id, note));
  }

  async undoApprovalCore(tx: Tx, actor: Actor, id: number, note: string | null | undefined): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const loan = await this.applications.requireVisible(tx, actor, id, true);
    if (loan.statusId !== STATUS_APPROVED) throw rule(LOAN_CODES.loanUndoApprovalNotAllowed, 'Only an approved, undisbursed loan can return to submitted.', [id]);
    const reverted = await markUnapproved(tx, id, actor.userId, [approvalsCleared(tx, id)]);
    await writeSchedule(tx, id, await this.applications.regenerate(tx, reverted, reverted.expectedDisbursementDate, reverted.principal));
    return { loan: reverted, changes: { status: { id: STATUS_SUBMITTED, code: 'loanStatusType.submitted.and.pending.approval', value: 'Submitted and pending approval' }, note: note ?? null } };
  }

  /**
   * The head office queue: submitted loans whose branch approvals are done (or never needed) and that still
   * need head office roles, with the roles still needed and who approved so far.
   */
  async queue(identity: Identity, filter: { roleId?: number | null; officeId?: number | null }): Promise<ApprovalQueueItemType[]> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const loans = await submittedLoans(tx, await this.deps.scope.officeIds(tx, staff), filter.officeId);
      const approvals = await loadApprovals(tx, loans.map((l) => l.id));
      const items: ApprovalQueueItemType[] = [];
      for (const loan of loans) {
        const state = approvalStateOf(await this.policies.policyFor(tx, loan.productId), loan, approvals.filter((a) => a.loanId === loan.id));
        if (state.stillNeeded.length === 0 || state.stillNeeded.some((n) => BRANCH_ROLES.has(n.roleId))) continue;
        if (filter.roleId != null && !state.stillNeeded.some((n) => n.roleId === filter.roleId)) continue;
        items.push({ loanId: loan.id, accountNo: loan.accountNo, clientId: loan.clientId, officeId: loan.officeId, principal: new BigNumber(effectivePrincipal(loan)).toFixed(), approvals: state });
        if (items.length >= 200) break;
      }
      return items;
    });
  }
}

/** Whether the actor is the loan's officer: as himself, or through an API key the officer's user issued. */
function isLoanOfficer(loan: { loanOfficerId: number | null }, actor: Actor): boolean {
  if (loan.loanOfficerId == null) return false;
  return loan.loanOfficerId === actor.staffId || loan.loanOfficerId === (actor.delegatedByStaffId ?? null);
}
