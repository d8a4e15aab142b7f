import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import type { OrganisationServices } from './organisation.services.js';
import { PaymentTypeType, RoleChangePayload, RoleInput, RolePermissionsChangePayload, RolePermissionsType, RoleType } from './organisation.types.js';

@Resolver(() => RoleType)
export class RoleResolver {
  constructor(private readonly services: OrganisationServices) {}

  @Query(() => [RoleType], { description: 'Roles.' })
  async roles(@Ctx() ctx: RequestContext): Promise<RoleType[]> {
    return this.services.roles.list(ctx.identity);
  }

  @Query(() => RoleType, { description: 'A role by id.' })
  async role(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<RoleType> {
    return this.services.roles.get(ctx.identity, id);
  }

  @Mutation(() => RoleType, { description: 'Creates a role with no permissions (grant them with updateRolePermissions).' })
  async createRole(@Arg('input', () => RoleInput, { description: 'The role\'s name and description.' }) input: RoleInput, @Ctx() ctx: RequestContext): Promise<RoleType> {
    return this.services.roles.create(ctx.identity, input);
  }

  @Mutation(() => RoleChangePayload, { description: 'Renames a role or changes its description.' })
  async updateRole(
    @Arg('id', () => Int, { description: 'The role\'s id.' }) id: number,
    @Arg('input', () => RoleInput, { description: 'The fields to change.' }) input: RoleInput,
    @Ctx() ctx: RequestContext,
  ): Promise<RoleChangePayload> {
    return this.services.roles.update(ctx.identity, id, input);
  }

  @Query(() => RolePermissionsType, { description: 'A role\'s permissions, each marked selected or not.' })
  async rolePermissions(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<RolePermissionsType> {
    const { role, permissions } = await this.services.roles.permissions(ctx.identity, id);
    return { id: role.id, name: role.name, description: role.description, permissionUsageData: permissions };
  }

  @Mutation(() => RolePermissionsChangePayload, { description: 'Grants (true) or revokes (false) permission codes of a role; only codes the caller holds.' })
  async updateRolePermissions(
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number,
    @Arg('permissions', () => GraphQLJSONObject, { description: 'Permission codes mapped to true (grant) or false (revoke).' }) permissions: Record<string, unknown>,
    @Ctx() ctx: RequestContext,
  ): Promise<RolePermissionsChangePayload> {
    return this.services.roles.updatePermissions(ctx.identity, id, permissions);
  }

  @Query(() => [PaymentTypeType], { description: 'Payment types.' })
  async paymentTypes(@Ctx() ctx: RequestContext): Promise<PaymentTypeType[]> {
    return this.services.paymentTypes.list(ctx.identity);
  }
}
