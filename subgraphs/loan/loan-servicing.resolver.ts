import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import { LocalDateScalar } from '../kernel/scalars.js';
import type { LoanServices } from './loan.services.js';
import { LoanTransactionResult } from './loan.types.js';
import { LoanApprovalTemplateType, LoanForeclosureInput, LoanInterestWaiverRequestType, LoanPayoffTemplateType, LoanTransactionTemplateType, LoanRecoveryPaymentInput, LoanUndoWriteOffInput, LoanWaiveInterestInput, LoanWriteOffInput } from './loan-servicing.types.js';
import type { LoanRow } from './store/loans.js';

const transactionResult = ({ loan, transactionId, changes }: { loan: LoanRow; transactionId: number; changes: Record<string, unknown> }): LoanTransactionResult => ({
  officeId: loan.officeId, clientId: loan.clientId, loanId: loan.id, resourceId: transactionId, changes,
});

/** Servicing after disbursement (issue 36): payoff, foreclosure, write-off and recovery. */
@Resolver()
export class LoanServicingResolver {
  constructor(private readonly services: LoanServices) {}

  @Query(() => LoanPayoffTemplateType, { description: "What closes the loan on a date (Fineract's prepayLoan / foreclosure template): principal, interest earned to the date, fees, penalties and the total." })
  async loanPayoffTemplate(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Ctx() ctx: RequestContext,
    @Arg('transactionDate', () => LocalDateScalar, { nullable: true, description: 'The payoff date (YYYY-MM-DD); the business date when omitted.' }) transactionDate?: string,
  ): Promise<LoanPayoffTemplateType> {
    return this.services.servicing.payoffTemplate(ctx.identity, loanId, transactionDate);
  }

  @Query(() => LoanApprovalTemplateType, { description: "Fineract's approval template: the amount proposed, the business date and the expected disbursement date." })
  async loanApprovalTemplate(@Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number, @Ctx() ctx: RequestContext): Promise<LoanApprovalTemplateType> {
    return this.services.servicing.approvalTemplate(ctx.identity, loanId);
  }

  @Query(() => LoanTransactionTemplateType, { description: "Fineract's transactions template for writeoff, waiveinterest, recoverypayment, disburse or repayment." })
  async loanTransactionTemplate(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('command', () => String, { description: 'writeoff, waiveinterest, recoverypayment, disburse or repayment.' }) command: string,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionTemplateType> {
    return this.services.servicing.transactionTemplate(ctx.identity, loanId, command);
  }

  @Mutation(() => LoanTransactionResult, { description: 'Forecloses the loan: its payoff on the date is received as a repayment and the loan closes (600); interest not yet earned is never charged.' })
  async forecloseLoan(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('input', () => LoanForeclosureInput, { description: "Fineract's foreclosure body." }) input: LoanForeclosureInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionResult> {
    return transactionResult(await this.services.servicing.foreclose(ctx.identity, loanId, input));
  }

  @Mutation(() => LoanTransactionResult, {
    description: 'Writes the loan off (601): its principal outstanding DR 52101 loan loss / CR 13101, the interest earned and fees due written off with it; emits loan.writtenoff.',
  })
  async writeOffLoan(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('input', () => LoanWriteOffInput, { description: "Fineract's write-off body." }) input: LoanWriteOffInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionResult> {
    return transactionResult(await this.services.writeOffs.writeOff(ctx.identity, loanId, input));
  }

  @Mutation(() => LoanTransactionResult, { description: 'Undoes the write-off while no recovery payment came after it: the loan is active again with its schedule as before.' })
  async undoLoanWriteOff(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('input', () => LoanUndoWriteOffInput, { description: "Fineract's undo write-off body." }) input: LoanUndoWriteOffInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionResult> {
    return transactionResult(await this.services.writeOffs.undoWriteOff(ctx.identity, loanId, input.note));
  }

  @Mutation(() => LoanTransactionResult, { description: 'Waives interest of the earliest unpaid instalments up to the amount (Fineract waiveinterest); nothing is posted under cash accounting.' })
  async waiveLoanInterest(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('input', () => LoanWaiveInterestInput, { description: "Fineract's waive interest body." }) input: LoanWaiveInterestInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionResult> {
    return transactionResult(await this.services.writeOffs.waiveInterest(ctx.identity, loanId, input));
  }

  @Query(() => [LoanInterestWaiverRequestType], { description: 'The loan\'s interest waivers held for a second person (above loan-interest-waiver-ceiling), newest first, at most 200.' })
  async loanInterestWaiverRequests(@Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number, @Ctx() ctx: RequestContext): Promise<LoanInterestWaiverRequestType[]> {
    return (await this.services.waiverApprovals.list(ctx.identity, loanId)).map((r) => ({
      id: r.id, loanId: r.loanId, statusId: r.statusId, transactionAmount: r.amount, transactionDate: r.transactionDate, note: r.note, makerId: r.makerId,
      checkerId: r.checkerId, decidedOnDate: r.decidedOn, transactionId: r.transactionId,
    }));
  }

  @Mutation(() => LoanTransactionResult, { description: 'Approves a held interest waiver (never by its maker): the waiver is made as of its date.' })
  async approveLoanInterestWaiver(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('id', () => Int, { description: 'Waiver request id.' }) id: number,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionResult> {
    return transactionResult(await this.services.waiverApprovals.approve(ctx.identity, loanId, id));
  }

  @Mutation(() => LoanTransactionResult, { description: 'Rejects a held interest waiver; the schedule is unchanged.' })
  async rejectLoanInterestWaiver(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('id', () => Int, { description: 'Waiver request id.' }) id: number,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionResult> {
    return transactionResult(await this.services.waiverApprovals.reject(ctx.identity, loanId, id));
  }

  @Mutation(() => LoanTransactionResult, { description: 'Records money received on a written-off loan: DR cash (11101) or bank (11201), CR 42301 bad debt recovered.' })
  async makeLoanRecoveryPayment(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('input', () => LoanRecoveryPaymentInput, { description: "Fineract's recovery payment body." }) input: LoanRecoveryPaymentInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionResult> {
    return transactionResult(await this.services.writeOffs.recoveryPayment(ctx.identity, loanId, input));
  }
}
