import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import type { LoanServices } from './loan.services.js';
import { LoanCommandResult } from './loan.types.js';
import { LoanRescheduleApproveInput, LoanRescheduleInput, LoanRescheduleRejectInput, LoanRescheduleRequestType, LoanRescheduleTemplateType } from './reschedule.types.js';

/** Loan rescheduling (Fineract's /rescheduleloans, issue 36): requests, their four-eyes decision, the regenerated schedule. */
@Resolver()
export class LoanRescheduleResolver {
  constructor(private readonly services: LoanServices) {}

  @Query(() => LoanRescheduleTemplateType, { description: 'What a reschedule request form offers: the LoanRescheduleReason values.' })
  async loanRescheduleTemplate(@Ctx() ctx: RequestContext): Promise<LoanRescheduleTemplateType> {
    return this.services.reschedules.template(ctx.identity);
  }

  @Query(() => [LoanRescheduleRequestType], { description: 'Reschedule requests of one loan, or of every loan the caller sees; newest first, at most 200.' })
  async loanRescheduleRequests(
    @Ctx() ctx: RequestContext,
    @Arg('loanId', () => Int, { nullable: true, description: 'Only this loan\'s requests.' }) loanId?: number,
    @Arg('command', () => String, { nullable: true, description: "Fineract's filter: all, pending, approve (approved) or reject (rejected)." }) command?: string,
  ): Promise<LoanRescheduleRequestType[]> {
    return this.services.reschedules.list(ctx.identity, loanId, command);
  }

  @Query(() => LoanRescheduleRequestType, { description: 'One reschedule request, with the schedule it replaced once approved.' })
  async loanRescheduleRequest(@Arg('id', () => Int, { description: 'Request id.' }) id: number, @Ctx() ctx: RequestContext): Promise<LoanRescheduleRequestType> {
    return this.services.reschedules.get(ctx.identity, id);
  }

  @Mutation(() => LoanCommandResult, { description: 'Asks to reschedule an active loan from an unpaid instalment; a different person approves it.' })
  async requestLoanReschedule(
    @Arg('input', () => LoanRescheduleInput, { description: "Fineract's reschedule body." }) input: LoanRescheduleInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanCommandResult> {
    return this.services.reschedules.submit(ctx.identity, input);
  }

  @Mutation(() => LoanCommandResult, { description: 'Approves a pending reschedule request (not by its submitter): the schedule is regenerated from its instalment; the old one stays in history.' })
  async approveLoanReschedule(
    @Arg('id', () => Int, { description: 'Request id.' }) id: number,
    @Arg('input', () => LoanRescheduleApproveInput, { description: "Fineract's approval body." }) input: LoanRescheduleApproveInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanCommandResult> {
    return this.services.reschedules.approve(ctx.identity, id, input);
  }

  @Mutation(() => LoanCommandResult, { description: 'Rejects a pending reschedule request; the schedule is unchanged.' })
  async rejectLoanReschedule(
    @Arg('id', () => Int, { description: 'Request id.' }) id: number,
    @Arg('input', () => LoanRescheduleRejectInput, { description: "Fineract's rejection body." }) input: LoanRescheduleRejectInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanCommandResult> {
    return this.services.reschedules.reject(ctx.identity, id, input);
  }
}
