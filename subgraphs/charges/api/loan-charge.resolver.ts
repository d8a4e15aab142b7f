import { Arg, Ctx, Directive, Field, FieldResolver, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import type { ChargesServices } from '../charges.services.js';
import { LoanChargeChangeType, LoanChargeInput, LoanChargeTemplateType, LoanProductChargeTemplateType, LoanChargeType, UpdateLoanChargeInput, WaiveLoanChargeInput } from './loan-charge.types.js';

const LOAN_ID = 'The loan\'s id; another tenant\'s or a not visible loan is "not found".';
const CHARGE_ID = 'The loan charge\'s id (not the charge definition\'s).';

/** Charges on loans (Fineract's /loans/{loanId}/charges). */
@Resolver()
export class LoanChargeResolver {
  constructor(private readonly services: ChargesServices) {}

  @Query(() => [LoanChargeType], { description: 'The charges of a loan, with each instalment\'s part.' })
  async loanCharges(@Arg('loanId', () => Int, { description: LOAN_ID }) loanId: number, @Ctx() ctx: RequestContext): Promise<LoanChargeType[]> {
    return this.services.loanChargeQueries.list(ctx.identity, loanId);
  }

  @Query(() => [LoanChargeType], { description: 'Self-service: the charges of one of the customer\'s own loans (GET /self/loans/{id}/charges).' })
  async myLoanCharges(@Arg('loanId', () => Int, { description: 'The loan\'s id; a loan of someone else is "not found".' }) loanId: number, @Ctx() ctx: RequestContext): Promise<LoanChargeType[]> {
    return this.services.loanChargeQueries.listOwn(ctx.identity, loanId);
  }

  @Query(() => LoanChargeType, { description: 'One charge of a loan.' })
  async loanCharge(@Arg('loanId', () => Int, { description: LOAN_ID }) loanId: number, @Arg('id', () => Int, { description: CHARGE_ID }) id: number, @Ctx() ctx: RequestContext): Promise<LoanChargeType> {
    return this.services.loanChargeQueries.get(ctx.identity, loanId, id);
  }

  @Query(() => LoanChargeTemplateType, { description: 'The charges that may be added to a loan (GET /loans/{loanId}/charges/template).' })
  async loanChargeTemplate(@Arg('loanId', () => Int, { description: LOAN_ID }) loanId: number, @Ctx() ctx: RequestContext): Promise<LoanChargeTemplateType> {
    return this.services.loanChargeQueries.template(ctx.identity, loanId);
  }

  @Query(() => LoanProductChargeTemplateType, { description: 'The charges an application on a loan product may list, and the product\'s own (GET /loans/template?productId=).' })
  async loanProductChargeTemplate(@Arg('productId', () => Int, { description: 'The loan product\'s id; an unknown product has none.' }) productId: number, @Ctx() ctx: RequestContext): Promise<LoanProductChargeTemplateType> {
    return this.services.loanChargeQueries.productTemplate(ctx.identity, productId);
  }

  @Mutation(() => Int, { description: 'Adds a charge to a loan: laid on the instalments it falls in (their fee or penalty due), or collected at disbursement. Answers its id.' })
  async addLoanCharge(
    @Arg('loanId', () => Int, { description: LOAN_ID }) loanId: number,
    @Arg('input', () => LoanChargeInput, { description: 'The charge.' }) input: LoanChargeInput,
    @Ctx() ctx: RequestContext,
  ): Promise<number> {
    return this.services.loanCharges.add(ctx.identity, loanId, input);
  }

  @Mutation(() => LoanChargeChangeType, { description: 'Changes the amount or due date of a charge of a loan not yet disbursed.' })
  async updateLoanCharge(
    @Arg('loanId', () => Int, { description: LOAN_ID }) loanId: number,
    @Arg('id', () => Int, { description: CHARGE_ID }) id: number,
    @Arg('input', () => UpdateLoanChargeInput, { description: 'The new terms.' }) input: UpdateLoanChargeInput,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanChargeChangeType> {
    const { changes } = await this.services.loanCharges.update(ctx.identity, loanId, id, input);
    return { id, ...changes };
  }

  @Mutation(() => Int, { description: 'Deletes a charge of a loan not yet disbursed.' })
  async deleteLoanCharge(@Arg('loanId', () => Int, { description: LOAN_ID }) loanId: number, @Arg('id', () => Int, { description: CHARGE_ID }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.loanCharges.delete(ctx.identity, loanId, id);
  }

  @Mutation(() => LoanChargeChangeType, { description: 'Waives what is owed of a charge (or of one instalment\'s part): no longer due, nothing posted to income.' })
  async waiveLoanCharge(
    @Arg('loanId', () => Int, { description: LOAN_ID }) loanId: number,
    @Arg('id', () => Int, { description: CHARGE_ID }) id: number,
    @Arg('input', () => WaiveLoanChargeInput, { description: 'Which instalment, if one.', nullable: true }) input: WaiveLoanChargeInput | null,
    @Ctx() ctx: RequestContext,
  ): Promise<LoanChargeChangeType> {
    const { changes } = await this.services.loanCharges.waive(ctx.identity, loanId, id, input ?? {});
    return { id, ...changes };
  }
}

/** The loan subgraph's Loan, extended with its charges. */
@Directive('@key(fields: "id")')
@ObjectType('Loan')
export class LoanWithCharges {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
}

@Resolver(() => LoanWithCharges)
export class LoanChargesFieldResolver {
  constructor(private readonly services: ChargesServices) {}

  @FieldResolver(() => [LoanChargeType], { description: 'The loan\'s charges, with each instalment\'s part (GET /loans/{loanId}/charges).' })
  async charges(@Root() loan: LoanWithCharges, @Ctx() ctx: RequestContext): Promise<LoanChargeType[]> {
    return this.services.loanChargeQueries.list(ctx.identity, loan.id);
  }
}
