import { Arg, Ctx, Directive, Field, FieldResolver, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { errors } from '../kernel/errors.js';
import { checkedPage, DEFAULT_PAGE } from '../kernel/paging.js';
import { connection, keysetPage, type Connection } from '../kernel/connection.js';
import type { RequestContext } from '../platform/request-context.js';
import type { ApprovalPolicyRow } from './approval-policy.service.js';
import type { BucketRow } from './delinquency.service.js';
import type { DelinquencyRange } from './domain/aging.js';
import { AmortizationTypeEnum, amortizationTypeEnum, InterestTypeEnum, interestTypeEnum, LoanStatusEnum, loanStatusEnum, RepaymentFrequencyTypeEnum, repaymentFrequencyTypeEnum, loanStatusId, withChoiceIds } from './loan.enums.js';
import type { LoanServices } from './loan.services.js';
import type { LoanRow } from './store/loans.js';
import {
  CreateApprovalPolicyInput, UpdateApprovalPolicyInput, ApprovalPolicyType, ApprovalQueueItemType, CreateDelinquencyBucketInput, UpdateDelinquencyBucketInput, DelinquencyBucketType, CreateDelinquencyRangeInput, UpdateDelinquencyRangeInput, DelinquencyRangeType,
  JobRunResult, LoanApplicationInput, LoanApproveInput, LoanCommandResult, LoanDisburseInput, LoanPageType, LoanConnectionType, LoanTransactionConnectionType, LoanProductChangePayload, CreateLoanProductInput, UpdateLoanProductInput, LoanScheduleInput, UpdateLoanApplicationInput,
  LoanDashboardType, LoanProductTemplateType, LoanProductType, LoanRepaymentInput, LoanSchedulePeriodType, LoanScheduleType, LoanStateChangeInput, LoanTemplateType, LoanTransactionResult, LoanTransactionType, LoanType,
  SchedulerJobType,
} from './loan.types.js';
import { FREQUENCY_OPTIONS, toProductType } from './loan.view.js';

const commandResult = (loan: LoanRow, changes: Record<string, unknown> | null = null): LoanCommandResult => ({
  officeId: loan.officeId, clientId: loan.clientId, loanId: loan.id, resourceId: loan.id, resourceExternalId: loan.externalId, changes,
});

const policyType = (p: ApprovalPolicyRow): ApprovalPolicyType => ({ ...p, tiers: p.tiers.map((t) => ({ ...t, approvals: t.approvals })) });
const bucketType = ({ bucket, ranges }: { bucket: BucketRow; ranges: DelinquencyRange[] }): DelinquencyBucketType => ({ id: bucket.id, name: bucket.name, ranges });

@Resolver(() => LoanProductType)
export class LoanProductResolver {
  constructor(private readonly services: LoanServices) {}

  @FieldResolver(() => RepaymentFrequencyTypeEnum, { description: 'repaymentFrequencyType as a GraphQL enum.' })
  repaymentFrequencyTypeEnum(@Root() product: LoanProductType): RepaymentFrequencyTypeEnum {
    return repaymentFrequencyTypeEnum(product.repaymentFrequencyType.id);
  }

  @FieldResolver(() => AmortizationTypeEnum, { description: 'amortizationType as a GraphQL enum.' })
  amortizationTypeEnum(@Root() product: LoanProductType): AmortizationTypeEnum {
    return amortizationTypeEnum(product.amortizationType.id);
  }

  @FieldResolver(() => InterestTypeEnum, { description: 'interestType as a GraphQL enum.' })
  interestTypeEnum(@Root() product: LoanProductType): InterestTypeEnum {
    return interestTypeEnum(product.interestType.id);
  }

  @Query(() => [EnumOption], { description: 'Units of loan term and repayment frequency (loanTermFrequencyType, repaymentFrequencyType).' })
  loanTermFrequencyTypes(): EnumOption[] {
    return FREQUENCY_OPTIONS;
  }

  @Query(() => [LoanProductType], { description: 'Every loan product.' })
  async loanProducts(@Ctx() ctx: RequestContext): Promise<LoanProductType[]> {
    return (await this.services.products.list(ctx.identity)).map(toProductType);
  }

  @Query(() => LoanDashboardType, { description: "Fineract's dashboard reports: LoanTrendsByDay, Demand Vs Collection, Disbursal Vs Awaitingdisbursal." })
  async loanDashboard(@Ctx() ctx: RequestContext, @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number): Promise<LoanDashboardType> {
    const d = await this.services.queries.dashboard(ctx.identity, officeId);
    return { ...d, trends: d.trends.map((t) => ({ days: t.day, lcount: t.count })) };
  }

  @Query(() => LoanProductTemplateType, { description: "Fineract's loan product template: option lists and defaults." })
  loanProductTemplate(@Ctx() ctx: RequestContext): LoanProductTemplateType {
    return this.services.products.template(ctx.identity);
  }

  @Query(() => LoanProductType, { description: 'A loan product by id.' })
  async loanProduct(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<LoanProductType> {
    return toProductType(await this.services.products.get(ctx.identity, id));
  }

  @Mutation(() => LoanProductType, { description: 'Creates a loan product.' })
  async createLoanProduct(@Arg('input', () => CreateLoanProductInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateLoanProductInput, @Ctx() ctx: RequestContext): Promise<LoanProductType> {
    return toProductType(await this.services.products.create(ctx.identity, withChoiceIds(input, 'loanproduct')));
  }

  @Mutation(() => LoanProductChangePayload, { description: 'Changes a loan product; omitted fields stay as they are.' })
  async updateLoanProduct(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateLoanProductInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateLoanProductInput, @Ctx() ctx: RequestContext): Promise<LoanProductChangePayload> {
    const { product, changes } = await this.services.products.update(ctx.identity, id, withChoiceIds(input, 'loanproduct'));
    return { loanProduct: toProductType(product), changes };
  }
}

@Resolver(() => LoanType)
export class LoanResolver {
  constructor(private readonly services: LoanServices) {}

  @FieldResolver(() => LoanStatusEnum, { description: 'status as a GraphQL enum.' })
  statusEnum(@Root() loan: LoanType): LoanStatusEnum {
    return loanStatusEnum(loan.status.id);
  }

  @FieldResolver(() => RepaymentFrequencyTypeEnum, { description: 'repaymentFrequencyType as a GraphQL enum.' })
  repaymentFrequencyTypeEnum(@Root() loan: LoanType): RepaymentFrequencyTypeEnum {
    return repaymentFrequencyTypeEnum(loan.repaymentFrequencyType.id);
  }

  @FieldResolver(() => AmortizationTypeEnum, { description: 'amortizationType as a GraphQL enum.' })
  amortizationTypeEnum(@Root() loan: LoanType): AmortizationTypeEnum {
    return amortizationTypeEnum(loan.amortizationType.id);
  }

  @FieldResolver(() => InterestTypeEnum, { description: 'interestType as a GraphQL enum.' })
  interestTypeEnum(@Root() loan: LoanType): InterestTypeEnum {
    return interestTypeEnum(loan.interestType.id);
  }

  @Query(() => LoanType, { description: 'A loan by id (within the caller\'s offices).' })
  async loan(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<LoanType> {
    return this.services.queries.get(ctx.identity, id);
  }

  @FieldResolver(() => [LoanTransactionType], { description: "A page of the loan's transactions, oldest first: `limit` (default 20, at most 200) from `offset`." })
  transactions(
    @Root() loan: LoanType,
    @Arg('limit', () => Int, { defaultValue: DEFAULT_PAGE, description: 'Page size, 1 to 200.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Transactions to skip, oldest first.' }) offset: number,
  ): LoanTransactionType[] {
    const page = checkedPage(limit, offset);
    return loan.transactions.slice(page.offset, page.offset + page.limit);
  }

  @Query(() => LoanPageType, { description: 'Loans in the caller\'s scope; delinquent: true is the Recovery Officer\'s queue. limit is capped at 200.' })
  async loans(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('clientId', () => Int, { description: 'Client id.', nullable: true }) clientId?: number,
    @Arg('status', () => String, { description: 'Only records in this status.', nullable: true }) status?: string,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
    @Arg('loanOfficerId', () => Int, { description: 'Only loans of this loan officer.', nullable: true }) loanOfficerId?: number,
    @Arg('delinquent', () => Boolean, { description: 'Only loans with an overdue instalment.', nullable: true }) delinquent?: boolean,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
    @Arg('search', () => String, { nullable: true, description: 'A substring of the account number or the external id.' }) search?: string,
    @Arg('statusEnum', () => LoanStatusEnum, { nullable: true, description: 'Only loans in this status, as the enum; give this or status, not both.' }) statusEnum?: LoanStatusEnum,
  ): Promise<LoanPageType> {
    if (statusEnum != null && status != null) {
      throw errors.validation([{ code: 'validation.msg.loan.statusEnum.cannot.be.given.with.status', message: 'Filter by status or by statusEnum, not both.', parameterName: 'statusEnum', value: statusEnum }]);
    }
    const filter = { officeId, clientId, status: statusEnum != null ? String(loanStatusId(statusEnum)) : status, externalId, loanOfficerId, delinquent, search, offset, limit };
    const { total, items } = await this.services.queries.list(ctx.identity, filter);
    return { totalFilteredRecords: total, pageItems: items };
  }

  @Query(() => LoanConnectionType, { description: 'Loans in the caller\'s scope as a cursor page (Relay connection), by id: the same filters and scope as loans.' })
  async loansConnection(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) first?: number,
    @Arg('after', () => String, { description: 'Resume after this cursor (an endCursor or edge cursor this list returned); from the start when omitted.', nullable: true }) after?: string,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('clientId', () => Int, { description: 'Client id.', nullable: true }) clientId?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
    @Arg('loanOfficerId', () => Int, { description: 'Only loans of this loan officer.', nullable: true }) loanOfficerId?: number,
    @Arg('delinquent', () => Boolean, { description: 'Only loans with an overdue instalment.', nullable: true }) delinquent?: boolean,
    @Arg('search', () => String, { nullable: true, description: 'A substring of the account number or the external id.' }) search?: string,
    @Arg('statusEnum', () => LoanStatusEnum, { nullable: true, description: 'Only loans in this status.' }) statusEnum?: LoanStatusEnum,
  ): Promise<Connection<LoanType>> {
    const page = keysetPage('loans', 1, first, after);
    const filter = { officeId, clientId, status: statusEnum == null ? null : String(loanStatusId(statusEnum)), externalId, loanOfficerId, delinquent, search };
    const found = await this.services.queries.keysetPage(ctx.identity, filter, page);
    return connection('loans', page, found.items, found.total, (l) => [l.id], (l) => l);
  }

  @Query(() => LoanTransactionConnectionType, { description: "A loan's transactions as a cursor page (Relay connection), oldest first." })
  async loanTransactionsConnection(
    @Arg('loanId', () => Int, { description: 'Loan id. Another tenant\'s or office\'s loan is "not found".' }) loanId: number,
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) first?: number,
    @Arg('after', () => String, { description: 'Resume after this cursor (an endCursor or edge cursor this list returned); from the oldest when omitted.', nullable: true }) after?: string,
  ): Promise<Connection<LoanTransactionType>> {
    const page = keysetPage('loanTransactions', 1, first, after);
    const found = await this.services.queries.transactionsKeysetPage(ctx.identity, loanId, page);
    return connection('loanTransactions', page, found.items, found.total, (t) => [t.id], (t) => t);
  }

  @Query(() => LoanTemplateType, { description: 'Defaults and choices for a new loan application.' })
  async loanTemplate(@Ctx() ctx: RequestContext, @Arg('clientId', () => Int, { description: 'Client id.', nullable: true }) clientId?: number, @Arg('productId', () => Int, { description: 'Product id.', nullable: true }) productId?: number): Promise<LoanTemplateType> {
    return this.services.queries.template(ctx.identity, clientId ?? null, productId ?? null);
  }

  @Query(() => LoanScheduleType, { description: 'The repayment schedule an application would get (Fineract calculateLoanSchedule); nothing is saved.' })
  async calculateLoanSchedule(@Arg('input', () => LoanScheduleInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: LoanScheduleInput, @Ctx() ctx: RequestContext): Promise<LoanScheduleType> {
    return this.services.applications.calculateSchedule(ctx.identity, withChoiceIds(input, 'loan'));
  }

  @Query(() => LoanTransactionType, { description: 'One transaction of a loan.' })
  async loanTransaction(@Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number, @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<LoanTransactionType> {
    return this.services.repayments.transaction(ctx.identity, loanId, id);
  }

  @Mutation(() => LoanCommandResult, { description: 'Submits a loan application.' })
  async createLoan(@Arg('input', () => LoanApplicationInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: LoanApplicationInput, @Ctx() ctx: RequestContext): Promise<LoanCommandResult> {
    return commandResult(await this.services.applications.submit(ctx.identity, withChoiceIds(input, 'loan')));
  }

  @Mutation(() => LoanCommandResult, { description: 'Changes a submitted loan application.' })
  async updateLoan(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateLoanApplicationInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateLoanApplicationInput, @Ctx() ctx: RequestContext): Promise<LoanCommandResult> {
    const { loan, changes } = await this.services.applications.modify(ctx.identity, id, withChoiceIds(input, 'loan'));
    return commandResult(loan, changes);
  }

  @Mutation(() => LoanCommandResult, { description: 'Withdraws a loan application on the applicant\'s behalf.' })
  async withdrawLoan(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => LoanStateChangeInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: LoanStateChangeInput, @Ctx() ctx: RequestContext): Promise<LoanCommandResult> {
    const { loan, changes } = await this.services.applications.withdraw(ctx.identity, id, input);
    return commandResult(loan, changes);
  }

  @Mutation(() => LoanCommandResult, { description: 'Rejects a loan application.' })
  async rejectLoan(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => LoanStateChangeInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: LoanStateChangeInput, @Ctx() ctx: RequestContext): Promise<LoanCommandResult> {
    const { loan, changes } = await this.services.applications.reject(ctx.identity, id, input);
    return commandResult(loan, changes);
  }

  @Mutation(() => LoanCommandResult, { description: 'Records the caller\'s approval; the loan is approved when its policy tier has every approval it needs.' })
  async approveLoan(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => LoanApproveInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: LoanApproveInput, @Ctx() ctx: RequestContext): Promise<LoanCommandResult> {
    const { loan, changes } = await this.services.approvals.approve(ctx.identity, id, input);
    return commandResult(loan, changes);
  }

  @Mutation(() => LoanCommandResult, { description: 'Returns an approved loan to submitted.' })
  async undoLoanApproval(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext, @Arg('note', () => String, { description: 'Free-text note kept with the command in the audit trail.', nullable: true }) note?: string): Promise<LoanCommandResult> {
    const { loan, changes } = await this.services.approvals.undoApproval(ctx.identity, id, note);
    return commandResult(loan, changes);
  }

  @Mutation(() => LoanCommandResult, { description: 'Pays out an approved loan and generates its schedule.' })
  async disburseLoan(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => LoanDisburseInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: LoanDisburseInput, @Ctx() ctx: RequestContext): Promise<LoanCommandResult> {
    const { loan, changes } = await this.services.disbursements.disburse(ctx.identity, id, input);
    return commandResult(loan, changes);
  }

  @Mutation(() => LoanCommandResult, { description: 'Reverses a loan\'s disbursement: the loan returns to approved.' })
  async undoLoanDisbursal(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext, @Arg('note', () => String, { description: 'Free-text note kept with the command in the audit trail.', nullable: true }) note?: string): Promise<LoanCommandResult> {
    const { loan, changes } = await this.services.disbursements.undo(ctx.identity, id, note);
    return commandResult(loan, changes);
  }

  @Mutation(() => LoanTransactionResult, { description: 'Records a loan repayment and allocates it over the schedule.' })
  async makeLoanRepayment(@Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number, @Arg('input', () => LoanRepaymentInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: LoanRepaymentInput, @Ctx() ctx: RequestContext): Promise<LoanTransactionResult> {
    const { loan, transactionId, changes } = await this.services.repayments.repay(ctx.identity, loanId, input);
    return { officeId: loan.officeId, clientId: loan.clientId, loanId: loan.id, resourceId: transactionId, changes };
  }

  @Mutation(() => LoanTransactionResult, { description: 'Undoes the last transaction of a loan (a repayment, payoff, write-off or recovery payment).' })
  async undoLoanTransaction(@Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number, @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<LoanTransactionResult> {
    const { loan, changes } = await this.services.writeOffs.undoTransaction(ctx.identity, loanId, id);
    return { officeId: loan.officeId, clientId: loan.clientId, loanId: loan.id, resourceId: id, changes };
  }
}

@Resolver(() => ApprovalPolicyType)
export class ApprovalPolicyResolver {
  constructor(private readonly services: LoanServices) {}

  @Query(() => [ApprovalPolicyType], { description: 'Loan approval policies.' })
  async approvalPolicies(@Ctx() ctx: RequestContext): Promise<ApprovalPolicyType[]> {
    return (await this.services.policies.list(ctx.identity)).map(policyType);
  }

  @Query(() => ApprovalPolicyType, { description: 'A loan approval policy by id.' })
  async approvalPolicy(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<ApprovalPolicyType> {
    return policyType(await this.services.policies.get(ctx.identity, id));
  }

  @Query(() => [ApprovalQueueItemType], { description: 'Loans waiting for head office approvals (branch approvals done or not needed).' })
  async approvalQueue(@Ctx() ctx: RequestContext, @Arg('roleId', () => Int, { description: 'Role id.', nullable: true }) roleId?: number, @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number): Promise<ApprovalQueueItemType[]> {
    return this.services.approvals.queue(ctx.identity, { roleId, officeId });
  }

  @Mutation(() => ApprovalPolicyType, { description: 'Creates a loan approval policy.' })
  async createApprovalPolicy(@Arg('input', () => CreateApprovalPolicyInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateApprovalPolicyInput, @Ctx() ctx: RequestContext): Promise<ApprovalPolicyType> {
    return policyType(await this.services.policies.create(ctx.identity, input));
  }

  @Mutation(() => ApprovalPolicyType, { description: 'Changes a loan approval policy.' })
  async updateApprovalPolicy(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateApprovalPolicyInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateApprovalPolicyInput, @Ctx() ctx: RequestContext): Promise<ApprovalPolicyType> {
    return policyType((await this.services.policies.update(ctx.identity, id, input)).policy);
  }

  @Mutation(() => ApprovalPolicyType, { description: 'Deletes a loan approval policy.' })
  async deleteApprovalPolicy(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<ApprovalPolicyType> {
    return policyType(await this.services.policies.delete(ctx.identity, id));
  }
}

@Resolver(() => DelinquencyRangeType)
export class DelinquencyResolver {
  constructor(private readonly services: LoanServices) {}

  @Query(() => [DelinquencyRangeType], { description: 'Delinquency ranges.' })
  async delinquencyRanges(@Ctx() ctx: RequestContext): Promise<DelinquencyRangeType[]> {
    return this.services.delinquency.ranges(ctx.identity);
  }

  @Query(() => DelinquencyRangeType, { description: 'A delinquency range by id.' })
  async delinquencyRange(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<DelinquencyRangeType> {
    return this.services.delinquency.range(ctx.identity, id);
  }

  @Mutation(() => DelinquencyRangeType, { description: 'Creates a delinquency range.' })
  async createDelinquencyRange(@Arg('input', () => CreateDelinquencyRangeInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateDelinquencyRangeInput, @Ctx() ctx: RequestContext): Promise<DelinquencyRangeType> {
    return this.services.delinquency.createRange(ctx.identity, input);
  }

  @Mutation(() => DelinquencyRangeType, { description: 'Changes a delinquency range.' })
  async updateDelinquencyRange(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateDelinquencyRangeInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateDelinquencyRangeInput, @Ctx() ctx: RequestContext): Promise<DelinquencyRangeType> {
    return this.services.delinquency.updateRange(ctx.identity, id, input);
  }

  @Query(() => [DelinquencyBucketType], { description: 'Delinquency buckets.' })
  async delinquencyBuckets(@Ctx() ctx: RequestContext): Promise<DelinquencyBucketType[]> {
    return (await this.services.delinquency.buckets(ctx.identity)).map(bucketType);
  }

  @Query(() => DelinquencyBucketType, { description: 'A delinquency bucket by id.' })
  async delinquencyBucket(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<DelinquencyBucketType> {
    return bucketType(await this.services.delinquency.bucket(ctx.identity, id));
  }

  @Mutation(() => DelinquencyBucketType, { description: 'Creates a delinquency bucket.' })
  async createDelinquencyBucket(@Arg('input', () => CreateDelinquencyBucketInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateDelinquencyBucketInput, @Ctx() ctx: RequestContext): Promise<DelinquencyBucketType> {
    const saved = await this.services.delinquency.saveBucket(ctx.identity, null, input);
    return bucketType(await this.services.delinquency.bucket(ctx.identity, saved.id));
  }

  @Mutation(() => DelinquencyBucketType, { description: 'Changes a delinquency bucket.' })
  async updateDelinquencyBucket(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateDelinquencyBucketInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateDelinquencyBucketInput, @Ctx() ctx: RequestContext): Promise<DelinquencyBucketType> {
    await this.services.delinquency.saveBucket(ctx.identity, id, input);
    return bucketType(await this.services.delinquency.bucket(ctx.identity, id));
  }

  @Query(() => [SchedulerJobType], { description: 'Fineract /jobs: the loan aging (delinquency classification) job.' })
  async jobs(@Ctx() ctx: RequestContext): Promise<SchedulerJobType[]> {
    return this.services.delinquency.jobs(ctx.identity);
  }

  @Mutation(() => JobRunResult, { description: 'Runs a job now for the caller\'s tenant (always runs; idempotent).' })
  async executeJob(@Arg('jobId', () => Int, { description: 'Id of the scheduler job to run now.' }) jobId: number, @Ctx() ctx: RequestContext): Promise<JobRunResult> {
    return this.services.delinquency.execute(ctx.identity, jobId);
  }
}

/** The customer subgraph's Client, extended with its loans. */
@Directive('@key(fields: "id")')
@ObjectType('Client')
export class ClientLoans {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
}

/** A schedule's periods as a page (a daily loan has hundreds). */
@Resolver(() => LoanScheduleType)
export class LoanScheduleResolver {
  @FieldResolver(() => [LoanSchedulePeriodType], { description: 'A page of the periods, in order: `limit` (default 20, at most 200) from `offset`.' })
  periods(
    @Root() schedule: LoanScheduleType,
    @Arg('limit', () => Int, { defaultValue: DEFAULT_PAGE, description: 'Page size, 1 to 200.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Periods to skip.' }) offset: number,
  ): LoanSchedulePeriodType[] {
    const page = checkedPage(limit, offset);
    return schedule.periods.slice(page.offset, page.offset + page.limit);
  }
}

@Resolver(() => ClientLoans)
export class ClientLoansResolver {
  constructor(private readonly services: LoanServices) {}

  @FieldResolver(() => [LoanType], { description: 'The client\'s loans in the caller\'s scope (at most 200, oldest first).' })
  async loans(@Root() client: ClientLoans, @Ctx() ctx: RequestContext): Promise<LoanType[]> {
    return (await this.services.queries.list(ctx.identity, { clientId: client.id })).items;
  }
}
