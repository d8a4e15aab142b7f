import type { Database } from '../platform/database.js';
import { errors } from '../kernel/errors.js';
import { requireCustomer, type Identity } from '../kernel/identity.js';
import { looksLikeEmail, normaliseMobile } from './domain/contact.js';
import type { CustomerLogin, SelfDependencies } from './self.ports.js';
import { usernameOfMobile } from './self.store.js';
import { SELF_CODES } from './codes.js';

/**
 * Customer sessions: a login by email or mobile number on the self-service channel, with staff login's
 * throttling, expiry and revocation (the organisation module's sessions). A staff user is refused here
 * exactly like a wrong password (401), and a customer on the staff login likewise.
 */
export class CustomerSessionService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async login(identity: Identity, username: string | null | undefined, password: string | null | undefined): Promise<CustomerLogin> {
    if (!username || !password) {
      throw errors.validation([
        ...(!username ? [{ code: SELF_CODES.authenticationUsernameCannotBeBlank, message: 'The parameter `username` is mandatory.', parameterName: 'username' }] : []),
        ...(!password ? [{ code: SELF_CODES.authenticationPasswordCannotBeBlank, message: 'The parameter `password` is mandatory.', parameterName: 'password' }] : []),
      ]);
    }
    // A mobile number names its login's email; an unknown number is tried as typed, so it fails (and is
    // throttled) exactly like an unknown email.
    const mobile = looksLikeEmail(username) ? null : normaliseMobile(username);
    const resolved = mobile ? await this.db.tx(identity.tenantId, (tx) => usernameOfMobile(tx, mobile)) : null;
    return this.deps.organisation.login(identity.tenantId, resolved ?? username, password, identity.address);
  }

  /**
   * PUT /self/user: the current password (checked and throttled like a login), the new one twice (the
   * policy applies). A new password ends every session of the customer, this one too.
   */
  async changePassword(identity: Identity, input: { currentPassword?: string | null; password?: string | null; repeatPassword?: string | null }): Promise<number> {
    const customer = requireCustomer(identity);
    const hash = await this.deps.organisation.prepareOwnPassword(customer, input);
    await this.db.tx(customer.tenantId, (tx) => this.deps.organisation.changePassword(tx, customer.userId, hash));
    return customer.userId;
  }

  async logout(identity: Identity): Promise<boolean> {
    return this.deps.organisation.logout(requireCustomer(identity));
  }
}
