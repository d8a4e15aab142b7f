import type { Statement, Tx } from '../../kernel/tx.js';
import { errors } from '../../kernel/errors.js';
import { LOAN_CODES } from '../codes.js';
import { date, rows } from './rows.js';
import { pgArray } from '../../kernel/pg-array.js';

/** The loan row (loan.loan): its states, its columns and the statements that read and write it. */

export const STATUS_SUBMITTED = 100;
export const STATUS_APPROVED = 200;
export const STATUS_ACTIVE = 300;
export const STATUS_WITHDRAWN = 400;
export const STATUS_REJECTED = 500;
export const STATUS_CLOSED = 600;
export const STATUS_WRITTEN_OFF = 601;

export interface LoanRow {
  id: number;
  accountNo: string;
  externalId: string | null;
  clientId: number;
  officeId: number;
  productId: number;
  loanOfficerId: number | null;
  submittedByUserId: number | null;
  /** Who issued the API key the application was submitted with, when another user did (four eyes). */
  submittedDelegatedBy: number | null;
  statusId: number;
  currencyCode: string;
  digits: number;
  principal: string;
  approvedPrincipal: string | null;
  loanTermFrequency: number;
  loanTermFrequencyType: number;
  numberOfRepayments: number;
  repaymentEvery: number;
  repaymentFrequencyType: number;
  interestRatePerPeriod: string;
  interestRateFrequencyType: number;
  amortizationType: number;
  interestType: number;
  interestCalculationPeriodType: number;
  transactionProcessingStrategyCode: string;
  graceOnPrincipalPayment: number;
  graceOnInterestPayment: number;
  submittedOn: string;
  expectedDisbursementDate: string;
  repaymentsStartingFrom: string | null;
  approvedOn: string | null;
  approvedByUserId: number | null;
  rejectedOn: string | null;
  withdrawnOn: string | null;
  disbursedOn: string | null;
  closedOn: string | null;
  linkAccountId: number | null;
  disbursedToSavingsId: number | null;
  daysPastDue: number;
  delinquentAmount: string;
  delinquentDate: string | null;
  delinquencyRangeId: number | null;
  recoveryOfficerUserId: number | null;
  /** Fineract's AccountType: 1 individual, 3 JLG (a member's loan within a group). */
  loanTypeId: number;
  groupId: number | null;
  /** The meeting its instalments follow, when syncRepaymentsWithMeeting. */
  calendarId: number | null;
  syncRepaymentsWithMeeting: boolean;
}

export const LOAN_COLUMNS = [
  'id', 'account_no', 'external_id', 'client_id', 'office_id', 'product_id', 'loan_officer_id', 'submitted_by_user_id', 'submitted_delegated_by', 'status_id',
  'currency_code', 'digits', 'principal', 'approved_principal', 'loan_term_frequency', 'loan_term_frequency_type', 'number_of_repayments',
  'repayment_every', 'repayment_frequency_type', 'interest_rate_per_period', 'interest_rate_frequency_type', 'amortization_type',
  'interest_type', 'interest_calculation_period_type', 'transaction_processing_strategy_code', 'grace_on_principal_payment',
  'grace_on_interest_payment', date('submitted_on'), date('expected_disbursement_date'), date('repayments_starting_from'), date('approved_on'),
  'approved_by_user_id', date('rejected_on'), date('withdrawn_on'), date('disbursed_on'), date('closed_on'), 'link_account_id',
  'disbursed_to_savings_id', 'days_past_due', 'delinquent_amount', date('delinquent_date'), 'delinquency_range_id', 'recovery_officer_user_id',
  'loan_type_id', 'group_id', 'calendar_id', 'sync_repayments_with_meeting',
].join(', ');

export const loanNotFound = (id: number) => errors.notFound(LOAN_CODES.loanIdInvalid, `Loan with identifier ${id} does not exist`, id);

const one = (raw: Record<string, unknown>[]): LoanRow | null => rows<LoanRow>(raw)[0] ?? null;

/** The loan; `lock` takes its row lock (FOR UPDATE) until the transaction ends. */
export async function findLoan(tx: Tx, id: number, options: { lock?: boolean } = {}): Promise<LoanRow | null> {
  return one(await tx.query(`select ${LOAN_COLUMNS} from loan.loan where tenant_id = ? and id = ?${options.lock ? ' for update' : ''}`, [tx.tenantId, id]));
}

/** Every loan of several clients, in id order. */
export async function loansOfClients(tx: Tx, clientIds: readonly number[]): Promise<LoanRow[]> {
  if (clientIds.length === 0) return [];
  return rows<LoanRow>(await tx.query(`select ${LOAN_COLUMNS} from loan.loan where tenant_id = ? and client_id = any(?::int[]) order by id`, [tx.tenantId, pgArray(clientIds)]));
}

/** Whether another loan than `exceptId` has this external id. */
export async function externalIdTaken(tx: Tx, externalId: string, exceptId: number | null): Promise<boolean> {
  return (await tx.query(`select 1 from loan.loan where tenant_id = ? and external_id = ? and id <> ?`, [tx.tenantId, externalId, exceptId ?? -1])).length > 0;
}

/** An application's terms as the loan row stores them. */
export interface LoanTerms {
  productId: number;
  currencyCode: string;
  digits: number;
  principal: string;
  loanTermFrequency: number;
  loanTermFrequencyType: number;
  numberOfRepayments: number;
  repaymentEvery: number;
  repaymentFrequencyType: number;
  interestRatePerPeriod: string;
  interestRateFrequencyType: number;
  amortizationType: number;
  interestType: number;
  interestCalculationPeriodType: number;
  transactionProcessingStrategyCode: string;
  graceOnPrincipalPayment: number;
  graceOnInterestPayment: number;
  submittedOn: string;
  expectedDisbursementDate: string;
  repaymentsStartingFrom: string | null;
  linkAccountId: number | null;
  externalId: string | null;
  loanOfficerId: number | null;
}

const termValues = (t: LoanTerms) => [
  t.productId, t.currencyCode, t.digits, t.principal, t.loanTermFrequency, t.loanTermFrequencyType, t.numberOfRepayments, t.repaymentEvery,
  t.repaymentFrequencyType, t.interestRatePerPeriod, t.interestRateFrequencyType, t.amortizationType, t.interestType, t.interestCalculationPeriodType,
  t.transactionProcessingStrategyCode, t.graceOnPrincipalPayment, t.graceOnInterestPayment, t.submittedOn, t.expectedDisbursementDate,
  t.repaymentsStartingFrom, t.linkAccountId, t.externalId, t.loanOfficerId,
];

/** A submitted application; its account number is its id, zero-padded to nine digits. */
export async function insertLoan(
  tx: Tx,
  loan: LoanTerms & { id: number; clientId: number; officeId: number; submittedByUserId: number; submittedDelegatedBy: number | null },
): Promise<void> {
  await tx.query(
    `insert into loan.loan (tenant_id, id, account_no, client_id, office_id, submitted_by_user_id, submitted_delegated_by, status_id,
       product_id, currency_code, digits, principal, loan_term_frequency, loan_term_frequency_type, number_of_repayments, repayment_every, repayment_frequency_type,
       interest_rate_per_period, interest_rate_frequency_type, amortization_type, interest_type, interest_calculation_period_type,
       transaction_processing_strategy_code, grace_on_principal_payment, grace_on_interest_payment, submitted_on, expected_disbursement_date,
       repayments_starting_from, link_account_id, external_id, loan_officer_id, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::date, ?::date, ?::date, ?, ?, ?, ?, ?)`,
    [
      tx.tenantId, loan.id, String(loan.id).padStart(9, '0'), loan.clientId, loan.officeId, loan.submittedByUserId, loan.submittedDelegatedBy, STATUS_SUBMITTED,
      ...termValues(loan), loan.submittedByUserId, loan.submittedByUserId,
    ],
  );
}

/** A JLG loan's group and meeting (issue 39), set with the application and kept by its changes. */
export async function setGroupLoan(
  tx: Tx, id: number, g: { groupId: number; calendarId: number | null; syncRepaymentsWithMeeting: boolean; syncDisbursementWithMeeting: boolean },
): Promise<void> {
  await tx.query(
    `update loan.loan set loan_type_id = 3, group_id = ?, calendar_id = ?, sync_repayments_with_meeting = ?, sync_disbursement_with_meeting = ?
      where tenant_id = ? and id = ?`,
    [g.groupId, g.calendarId, g.syncRepaymentsWithMeeting, g.syncDisbursementWithMeeting, tx.tenantId, id],
  );
}

/** New terms for a submitted application. */
export async function updateLoanTerms(tx: Tx, id: number, terms: LoanTerms, userId: number): Promise<void> {
  await tx.query(
    `update loan.loan set product_id = ?, currency_code = ?, digits = ?, principal = ?, loan_term_frequency = ?, loan_term_frequency_type = ?,
       number_of_repayments = ?, repayment_every = ?, repayment_frequency_type = ?, interest_rate_per_period = ?, interest_rate_frequency_type = ?,
       amortization_type = ?, interest_type = ?, interest_calculation_period_type = ?, transaction_processing_strategy_code = ?,
       grace_on_principal_payment = ?, grace_on_interest_payment = ?, submitted_on = ?::date, expected_disbursement_date = ?::date,
       repayments_starting_from = ?::date, link_account_id = ?, external_id = ?, loan_officer_id = ?, updated_by = ?, updated_at = now()
     where tenant_id = ? and id = ?`,
    [...termValues(terms), userId, tx.tenantId, id],
  );
}

/** Ends an application as withdrawn or rejected on `on`; answers the loan as it now is. */
export async function endApplication(tx: Tx, id: number, status: typeof STATUS_WITHDRAWN | typeof STATUS_REJECTED, on: string, userId: number): Promise<LoanRow> {
  const column = status === STATUS_WITHDRAWN ? 'withdrawn_on' : 'rejected_on';
  return one(await tx.query(
    `update loan.loan set status_id = ?, ${column} = ?::date, updated_by = ?, updated_at = now() where tenant_id = ? and id = ? returning ${LOAN_COLUMNS}`,
    [status, on, userId, tx.tenantId, id],
  ))!;
}

/** The amount (null: as applied for) and the expected disbursement date an approval left on a submitted loan. */
export async function setApprovalTerms(tx: Tx, id: number, approvedPrincipal: string | null, expectedDisbursementDate: string, userId: number): Promise<void> {
  await tx.query(
    `update loan.loan set approved_principal = ?, expected_disbursement_date = ?::date, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`,
    [approvedPrincipal, expectedDisbursementDate, userId, tx.tenantId, id],
  );
}

/** The loan approved (its last approval given by `userId`); answers the loan as it now is. */
export async function markApproved(tx: Tx, id: number, approvedOn: string, userId: number, amount: string): Promise<LoanRow> {
  return one(await tx.query(
    `update loan.loan set status_id = ?, approved_on = ?::date, approved_by_user_id = ?, approved_principal = ? where tenant_id = ? and id = ? returning ${LOAN_COLUMNS}`,
    [STATUS_APPROVED, approvedOn, userId, amount, tx.tenantId, id],
  ))!;
}

/** An approved loan back to submitted; answers the loan as it now is. */
export async function markUnapproved(tx: Tx, id: number, userId: number, ahead: readonly Statement[] = []): Promise<LoanRow> {
  return one(await tx.query(
    `update loan.loan set status_id = ?, approved_on = null, approved_by_user_id = null, approved_principal = null, updated_by = ?, updated_at = now()
      where tenant_id = ? and id = ? returning ${LOAN_COLUMNS}`,
    [STATUS_SUBMITTED, userId, tx.tenantId, id],
    ahead,
  ))!;
}

/** The loan disbursed (active); `ahead` go in the same round trip, before it. Answers the loan as it now is. */
export async function markDisbursed(
  tx: Tx,
  id: number,
  disbursal: { on: string; userId: number; principal: string; savingsAccountId: number },
  ahead: readonly Statement[] = [],
): Promise<LoanRow> {
  return one(await tx.query(
    `update loan.loan set status_id = ?, disbursed_on = ?::date, disbursed_by_user_id = ?, approved_principal = ?, disbursed_to_savings_id = ?, updated_by = ?, updated_at = now()
      where tenant_id = ? and id = ? returning ${LOAN_COLUMNS}`,
    [STATUS_ACTIVE, disbursal.on, disbursal.userId, disbursal.principal, disbursal.savingsAccountId, disbursal.userId, tx.tenantId, id],
    ahead,
  ))!;
}

/** An active loan's disbursal undone (approved again); `ahead` go in the same round trip. Answers the loan as it now is. */
export async function markUndisbursed(tx: Tx, id: number, userId: number, ahead: readonly Statement[] = []): Promise<LoanRow> {
  return one(await tx.query(
    `update loan.loan set status_id = ?, disbursed_on = null, disbursed_by_user_id = null, disbursed_to_savings_id = null, updated_by = ?, updated_at = now()
      where tenant_id = ? and id = ? returning ${LOAN_COLUMNS}`,
    [STATUS_APPROVED, userId, tx.tenantId, id],
    ahead,
  ))!;
}

/**
 * Closes the loan (obligations met) when no instalment still owes anything; `ahead` (the repayment's
 * writes) run first, in the same round trip. Answers whether it closed.
 */
export async function closeIfRepaid(tx: Tx, id: number, on: string, userId: number, ahead: readonly Statement[] = []): Promise<boolean> {
  const closed = await tx.query(
    `update loan.loan l set status_id = ?, closed_on = ?::date, updated_by = ?, updated_at = now()
      where l.tenant_id = ? and l.id = ? and not exists (
        select 1 from loan.schedule_period p where p.tenant_id = l.tenant_id and p.loan_id = l.id
           and p.principal_due + p.interest_due + p.fee_due + p.penalty_due > p.principal_paid + p.interest_paid + p.fee_paid + p.penalty_paid)
      returning l.id`,
    [STATUS_CLOSED, on, userId, tx.tenantId, id],
    ahead,
  );
  return closed.length > 0;
}

/** The statement that reopens a closed loan (its last repayment undone). */
export const reopenLoan = (tx: Tx, id: number): Statement => ({
  sql: `update loan.loan set status_id = ${STATUS_ACTIVE}, closed_on = null, updated_at = now() where tenant_id = ? and id = ?`,
  params: [tx.tenantId, id],
});

/** Active JLG loans of groups (a collection sheet's loans), in id order. */
export async function activeJlgLoansOfGroups(tx: Tx, groupIds: readonly number[]): Promise<LoanRow[]> {
  if (groupIds.length === 0) return [];
  return rows<LoanRow>(await tx.query(
    `select ${LOAN_COLUMNS} from loan.loan where tenant_id = ? and group_id = any(?::int[]) and loan_type_id = 3 and status_id = ? order by id`,
    [tx.tenantId, pgArray(groupIds), STATUS_ACTIVE],
  ));
}
