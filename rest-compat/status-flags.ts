/**
 * Fineract's status objects carry booleans its staff console and customer apps branch on (issue 41, issue 42):
 * an object with `{id, code, value}` only reads as no state at all (the mobile app draws it "Closed").
 */

type Status = { id: number } & Record<string, unknown>;

/** Fineract's loan status flags (LoanEnumerations.status): withdrawn and rejected loans have none set. */
export const loanStatus = (s: Status) => ({
  ...s, pendingApproval: s.id === 100, waitingForDisbursal: s.id === 200, active: s.id === 300, closedObligationsMet: s.id === 600, closedWrittenOff: s.id === 601,
  closedRescheduled: s.id === 602, closed: s.id === 600 || s.id === 601 || s.id === 602, overpaid: s.id === 700,
});

/** Fineract's savings status flags (SavingsEnumerations.status); premature closure, transfers and maturity are not offered. */
export const savingsStatus = (s: Status) => ({
  ...s, submittedAndPendingApproval: s.id === 100, approved: s.id === 200, active: s.id === 300, withdrawnByApplicant: s.id === 400, rejected: s.id === 500, closed: s.id === 600,
  prematureClosed: false, transferInProgress: false, transferOnHold: false, matured: false,
});

const SAVINGS_STATUS: Record<number, [string, string]> = {
  100: ['savingsAccountStatusType.submitted.and.pending.approval', 'Submitted and pending approval'],
  200: ['savingsAccountStatusType.approved', 'Approved'],
  300: ['savingsAccountStatusType.active', 'Active'],
  400: ['savingsAccountStatusType.withdrawn.by.applicant', 'Withdrawn by applicant'],
  500: ['savingsAccountStatusType.rejected', 'Rejected'],
  600: ['savingsAccountStatusType.closed', 'Closed'],
};

/** A savings command's `changes`: Fineract answers `status` as the status object, where the module gives its id. */
export const savingsChanges = (changes: Record<string, unknown> | null | undefined) => {
  if (changes == null || typeof changes.status !== 'number') return changes;
  const [code, value] = SAVINGS_STATUS[changes.status] ?? ['', ''];
  return { ...changes, status: savingsStatus({ id: changes.status, code, value }) };
};

/** Fineract's client status flags (ClientEnumerations.status). */
export const clientStatus = (s: Status) => ({ ...s, pending: s.id === 100, active: s.id === 300, closed: s.id === 600 });

/** The record with its `status` flagged, when it has one. */
export const withStatus = <T extends Record<string, unknown>>(record: T, flags: (s: Status) => Status): T =>
  (record?.status == null ? record : { ...record, status: flags(record.status as Status) });

/** A command's `changes` with its status object flagged (a loan's approval, disbursal or closing repayment). */
export const changesWithStatus = (changes: Record<string, unknown> | null | undefined, flags: (s: Status) => Status) =>
  (changes?.status != null && typeof changes.status === 'object' ? { ...changes, status: flags(changes.status as Status) } : changes);
