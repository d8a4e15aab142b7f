import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import type { Code, CodeValue } from './code.entity.js';
import { CodeChangePayload, CreateCodeInput, UpdateCodeInput, CodeType, CodeValueChangePayload, CreateCodeValueInput, UpdateCodeValueInput, CodeValueType } from './code.types.js';
import type { OrganisationServices } from './organisation.services.js';

const toCodeType = (c: Code): CodeType => ({ id: c.id, name: c.name, systemDefined: c.systemDefined });

const toCodeValueType = (v: CodeValue): CodeValueType => ({
  id: v.id, codeId: v.codeId, name: v.name, position: v.position, description: v.description, isActive: v.isActive, isMandatory: v.isMandatory,
});

@Resolver(() => CodeType)
export class CodeResolver {
  constructor(private readonly services: OrganisationServices) {}

  @Query(() => [CodeType], { description: 'Codes (named lists of values such as Gender).' })
  async codes(@Ctx() ctx: RequestContext): Promise<CodeType[]> {
    return (await this.services.codes.list(ctx.identity)).map(toCodeType);
  }

  @Query(() => CodeType, { description: 'A code by id.' })
  async code(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<CodeType> {
    return toCodeType(await this.services.codes.get(ctx.identity, id));
  }

  @Query(() => [CodeValueType], { description: 'Values of a code, by position.' })
  async codeValues(@Arg('codeId', () => Int, { description: 'Code (named list of code values) id.' }) codeId: number, @Ctx() ctx: RequestContext): Promise<CodeValueType[]> {
    return (await this.services.codes.values(ctx.identity, codeId)).map(toCodeValueType);
  }

  @Query(() => [CodeValueType], { description: 'Active values of the code of that name, by position (none for an unknown code).' })
  async codeValuesByName(@Arg('name', () => String, { description: 'Name to look up.' }) name: string, @Ctx() ctx: RequestContext): Promise<CodeValueType[]> {
    return (await this.services.codes.activeValuesOfCode(ctx.identity, name)).map(toCodeValueType);
  }

  @Query(() => CodeValueType, { description: 'A value of a code.' })
  async codeValue(@Arg('codeId', () => Int, { description: 'Code (named list of code values) id.' }) codeId: number, @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<CodeValueType> {
    return toCodeValueType(await this.services.codes.value(ctx.identity, codeId, id));
  }

  @Mutation(() => CodeType, { description: 'Creates a code.' })
  async createCode(@Arg('input', () => CreateCodeInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateCodeInput, @Ctx() ctx: RequestContext): Promise<CodeType> {
    return toCodeType(await this.services.codes.create(ctx.identity, input));
  }

  @Mutation(() => CodeChangePayload, { description: 'Renames a code.' })
  async updateCode(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateCodeInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateCodeInput, @Ctx() ctx: RequestContext): Promise<CodeChangePayload> {
    const { code, changes } = await this.services.codes.update(ctx.identity, id, input);
    return { code: toCodeType(code), changes };
  }

  @Mutation(() => CodeType, { description: 'Deletes a code that is not system defined, with its values; returns it as it was.' })
  async deleteCode(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<CodeType> {
    return toCodeType(await this.services.codes.delete(ctx.identity, id));
  }

  @Mutation(() => CodeValueType, { description: 'Adds a value to a code.' })
  async createCodeValue(@Arg('codeId', () => Int, { description: 'Code (named list of code values) id.' }) codeId: number, @Arg('input', () => CreateCodeValueInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateCodeValueInput, @Ctx() ctx: RequestContext): Promise<CodeValueType> {
    return toCodeValueType(await this.services.codes.createValue(ctx.identity, codeId, input));
  }

  @Mutation(() => CodeValueChangePayload, { description: 'Changes a code value.' })
  async updateCodeValue(
    @Arg('codeId', () => Int, { description: 'Code (named list of code values) id.' }) codeId: number,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number,
    @Arg('input', () => UpdateCodeValueInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateCodeValueInput,
    @Ctx() ctx: RequestContext,
  ): Promise<CodeValueChangePayload> {
    const { value, changes } = await this.services.codes.updateValue(ctx.identity, codeId, id, input);
    return { codeValue: toCodeValueType(value), changes };
  }

  @Mutation(() => CodeValueType, { description: 'Deletes a code value; returns it as it was.' })
  async deleteCodeValue(@Arg('codeId', () => Int, { description: 'Code (named list of code values) id.' }) codeId: number, @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<CodeValueType> {
    return toCodeValueType(await this.services.codes.deleteValue(ctx.identity, codeId, id));
  }
}
