import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { loader } from '../platform/loaders.js';
import type { RequestContext } from '../platform/request-context.js';
import type { Office } from './office.entity.js';
import type { OrganisationServices } from './organisation.services.js';
import { RoleType, UserChangePayload, CreateUserInput, UpdateUserInput, UserType } from './organisation.types.js';
import type { Role } from './role.entity.js';
import type { UserWithRoles } from './user.service.js';

export function toUserType({ user, roleIds }: UserWithRoles): UserType {
  return {
    id: user.id,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    officeId: user.officeId,
    staffId: user.staffId,
    passwordNeverExpires: user.passwordNeverExpires,
    isSelfServiceUser: user.isSelfServiceUser,
    roleIds,
  };
}

@Resolver(() => UserType)
export class UserResolver {
  constructor(private readonly services: OrganisationServices) {}

  @Query(() => [UserType], { description: 'Users (logins).' })
  async users(@Ctx() ctx: RequestContext): Promise<UserType[]> {
    return (await this.services.users.list(ctx.identity)).map(toUserType);
  }

  @Query(() => UserType, { description: 'A user by id.' })
  async user(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<UserType> {
    return toUserType(await this.services.users.get(ctx.identity, id));
  }

  @Mutation(() => UserType, { description: 'Creates a user (login) with roles.' })
  async createUser(@Arg('input', () => CreateUserInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateUserInput, @Ctx() ctx: RequestContext): Promise<UserType> {
    return toUserType(await this.services.users.create(ctx.identity, input));
  }

  @Mutation(() => UserChangePayload, { description: 'Changes a user.' })
  async updateUser(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateUserInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateUserInput, @Ctx() ctx: RequestContext): Promise<UserChangePayload> {
    const { changes, ...rest } = await this.services.users.update(ctx.identity, id, input);
    return { user: toUserType(rest), changes };
  }

  @Mutation(() => Int, { description: 'Deletes (deactivates) a user; answers the id.' })
  async deleteUser(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return (await this.services.users.delete(ctx.identity, id)).id;
  }

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  async officeName(@Root() user: UserType, @Ctx() ctx: RequestContext): Promise<string | null> {
    const byId = loader<number, Office>(ctx, 'office', (ids) => this.services.offices.byIds(ctx.identity.tenantId, ids));
    return (await byId.load(user.officeId))?.name ?? null;
  }

  @FieldResolver(() => [RoleType], { description: 'Roles granted to the user.' })
  async selectedRoles(@Root() user: UserType, @Ctx() ctx: RequestContext): Promise<RoleType[]> {
    const byId = loader<number, Role>(ctx, 'role', (ids) => this.services.roles.byIds(ctx.identity.tenantId, ids));
    const roles = await byId.loadMany(user.roleIds);
    return roles.filter((r): r is Role => r !== null && !(r instanceof Error));
  }
}
