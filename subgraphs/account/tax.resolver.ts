import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import type { AccountServices } from './account.services.js';
import type { TaxComponentRow, TaxGroupRow } from './store/tax.store.js';
import { WITHHOLDING_TAX_GL } from './tax.service.js';
import {
  CreateTaxComponentInput, CreateTaxGroupInput, TaxComponentChangePayload, TaxComponentType, TaxGroupChangePayload, TaxGroupType, UpdateTaxComponentInput, UpdateTaxGroupInput,
} from './tax.types.js';

const LIABILITY = { id: 2, code: 'accountType.liability', value: 'LIABILITY' };

/** Withholding tax components and groups (Fineract's TaxComponentApiResource and TaxGroupApiResource). */
@Resolver()
export class TaxResolver {
  constructor(private readonly services: AccountServices) {}

  private async component(ctx: RequestContext, c: TaxComponentRow): Promise<TaxComponentType> {
    return {
      id: c.id, name: c.name, percentage: c.percentage, creditAccountType: LIABILITY, startDate: c.startDate,
      creditAccount: { id: c.creditAccountId, glCode: c.creditAccountId === null ? WITHHOLDING_TAX_GL : (await this.services.taxes.glCode(ctx.identity, c.creditAccountId)) },
    };
  }

  private async group(ctx: RequestContext, g: TaxGroupRow): Promise<TaxGroupType> {
    const taxAssociations = [];
    for (const link of g.components) taxAssociations.push({ id: link.component.id, taxComponent: await this.component(ctx, link.component), startDate: link.startDate });
    return { id: g.id, name: g.name, taxAssociations };
  }

  @Query(() => [TaxComponentType], { description: 'The tenant\'s tax components.' })
  async taxComponents(@Ctx() ctx: RequestContext): Promise<TaxComponentType[]> {
    const rows = await this.services.taxes.components(ctx.identity);
    return Promise.all(rows.map((c) => this.component(ctx, c)));
  }

  @Query(() => TaxComponentType, { description: 'One tax component (404 `error.msg.tax.component.id.invalid` when the tenant has none such).' })
  async taxComponent(@Arg('id', () => Int, { description: 'The component\'s id.' }) id: number, @Ctx() ctx: RequestContext): Promise<TaxComponentType> {
    return this.component(ctx, await this.services.taxes.component(ctx.identity, id));
  }

  @Mutation(() => TaxComponentType, { description: 'Creates a tax component.' })
  async createTaxComponent(@Arg('input', () => CreateTaxComponentInput, { description: "Fineract's POST /taxes/component body." }) input: CreateTaxComponentInput, @Ctx() ctx: RequestContext): Promise<TaxComponentType> {
    return this.component(ctx, await this.services.taxes.createComponent(ctx.identity, input));
  }

  @Mutation(() => TaxComponentChangePayload, { description: 'Changes a tax component\'s name, percentage or start date.' })
  async updateTaxComponent(@Arg('id', () => Int, { description: 'The component\'s id.' }) id: number, @Arg('input', () => UpdateTaxComponentInput, { description: "Fineract's PUT /taxes/component/{id} body." }) input: UpdateTaxComponentInput, @Ctx() ctx: RequestContext): Promise<TaxComponentChangePayload> {
    const { component, changes } = await this.services.taxes.updateComponent(ctx.identity, id, input);
    return { taxComponent: await this.component(ctx, component), changes };
  }

  @Query(() => [TaxGroupType], { description: 'The tenant\'s tax groups.' })
  async taxGroups(@Ctx() ctx: RequestContext): Promise<TaxGroupType[]> {
    const rows = await this.services.taxes.groups(ctx.identity);
    return Promise.all(rows.map((g) => this.group(ctx, g)));
  }

  @Query(() => TaxGroupType, { description: 'One tax group (404 `error.msg.tax.group.id.invalid` when the tenant has none such).' })
  async taxGroup(@Arg('id', () => Int, { description: 'The group\'s id.' }) id: number, @Ctx() ctx: RequestContext): Promise<TaxGroupType> {
    return this.group(ctx, await this.services.taxes.group(ctx.identity, id));
  }

  @Mutation(() => TaxGroupType, { description: 'Creates a tax group of existing components.' })
  async createTaxGroup(@Arg('input', () => CreateTaxGroupInput, { description: "Fineract's POST /taxes/group body." }) input: CreateTaxGroupInput, @Ctx() ctx: RequestContext): Promise<TaxGroupType> {
    return this.group(ctx, await this.services.taxes.createGroup(ctx.identity, input));
  }

  @Mutation(() => TaxGroupChangePayload, { description: 'Renames a tax group or adds components to it.' })
  async updateTaxGroup(@Arg('id', () => Int, { description: 'The group\'s id.' }) id: number, @Arg('input', () => UpdateTaxGroupInput, { description: "Fineract's PUT /taxes/group/{id} body." }) input: UpdateTaxGroupInput, @Ctx() ctx: RequestContext): Promise<TaxGroupChangePayload> {
    const { group, changes } = await this.services.taxes.updateGroup(ctx.identity, id, input);
    return { taxGroup: await this.group(ctx, group), changes };
  }
}
