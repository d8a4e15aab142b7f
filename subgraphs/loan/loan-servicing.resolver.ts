import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import { LocalDateScalar } from '../kernel/scalars.js';
import type { LoanServices } from './loan.services.js';
import { LoanTransactionResult } from './loan.types.js';
import { LoanForeclosureInput, LoanPayoffTemplateType } from './loan-servicing.types.js';

/** Servicing after disbursement (issue 36): payoff and foreclosure. */
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

  @Mutation(() => LoanTransactionResult, { description: 'Forecloses the loan: its payoff on the date is received as a repayment and the loan closes (600); interest not yet earned is never charged.' })
  async forecloseLoan(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Arg('input', () => LoanForeclosureInput, { description: "Fineract's foreclosure body." }) input: LoanForeclosureInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanTransactionResult> {
    const { loan, transactionId, changes } = await this.services.servicing.foreclose(ctx.identity, loanId, input);
    return { officeId: loan.officeId, clientId: loan.clientId, loanId: loan.id, resourceId: transactionId, changes };
  }
}
