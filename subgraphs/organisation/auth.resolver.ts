import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { errors } from '../kernel/errors.js';
import type { RequestContext } from '../platform/request-context.js';
import type { OrganisationServices } from './organisation.services.js';
import { LoginPayload } from './organisation.types.js';
import { ORGANISATION_CODES } from './codes.js';

@Resolver()
export class AuthResolver {
  constructor(private readonly services: OrganisationServices) {}

  @Mutation(() => LoginPayload, { description: 'Logs in with username and password; the key is the credential for later calls (Authorization: Basic <key>).' })
  async authenticate(
    @Arg('username', () => String, { description: 'Login name.', nullable: true }) username: string | null,
    @Arg('password', () => String, { description: 'The password, in clear text over HTTPS; never echoed back.', nullable: true }) password: string | null,
    @Ctx() ctx: RequestContext,
    @Arg('selfService', () => Boolean, { description: 'True to log in as a self-service customer.', nullable: true, defaultValue: false }) selfService: boolean,
  ): Promise<LoginPayload> {
    if (!username || !password) {
      throw errors.validation([
        ...(!username ? [{ code: ORGANISATION_CODES.authenticationUsernameCannotBeBlank, message: 'The parameter `username` is mandatory.', parameterName: 'username' }] : []),
        ...(!password ? [{ code: ORGANISATION_CODES.authenticationPasswordCannotBeBlank, message: 'The parameter `password` is mandatory.', parameterName: 'password' }] : []),
      ]);
    }
    const result = await this.services.auth.login(ctx.identity.tenantId, username, password, selfService ? 'self' : 'staff', ctx.identity.address);
    const { identity } = result;
    return {
      username: result.user.username,
      userId: result.user.id,
      base64EncodedAuthenticationKey: result.key,
      authenticated: true,
      officeId: result.user.officeId,
      officeName: result.officeName,
      staffId: result.user.staffId,
      staffDisplayName: result.staffDisplayName,
      roles: result.roles.map((r) => ({ id: r.id, name: r.name, description: r.description, disabled: r.disabled })),
      permissions: identity.kind === 'staff' ? identity.permissions : [],
      shouldRenewPassword: result.shouldRenewPassword,
      isTwoFactorAuthenticationRequired: false,
      clients: identity.kind === 'customer' ? identity.clientIds : null,
    };
  }

  @Mutation(() => Boolean, { description: 'Revokes the session key used for this call.' })
  async logout(@Ctx() ctx: RequestContext): Promise<boolean> {
    return this.services.auth.logout(ctx.identity);
  }
}
