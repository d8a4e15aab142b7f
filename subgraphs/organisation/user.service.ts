import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, PlatformError, Validator } from '../kernel/errors.js';
import { hasPermission, requireStaff, type Actor, type CustomerIdentity, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { nextValue } from '../kernel/sequence.js';
import type { OfficeService } from './office.service.js';
import type { OpenTillOfStaff } from './organisation.ports.js';
import { hashPassword, PASSWORD_POLICY } from './password.js';
import type { RoleService } from './role.service.js';
import { SELF_SERVICE_ROLE_ID } from './permissions.js';
import { Staff } from './staff.entity.js';
import { AppUser, UserClient, UserRole } from './user.entity.js';
import { ORGANISATION_CODES } from './codes.js';
import { liveUserIdsNamed, revokeSessionsOf, usersWithRoleAtOrAbove } from './store/users.store.js';

export interface CreateUserInput {
  username?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
  officeId?: number | null;
  staffId?: number | null;
  roles?: number[] | null;
  password?: string | null;
  repeatPassword?: string | null;
  passwordNeverExpires?: boolean | null;
  sendPasswordToEmail?: boolean | null;
}

export type UpdateUserInput = Omit<CreateUserInput, 'sendPasswordToEmail'> & {
  /** The caller's current password: required when a user changes their own password. */
  currentPassword?: string | null;
};

/** A user's change of their own password (PUT /self/user, or PUT /users/{own id} with a password). */
export interface OwnPasswordChange {
  currentPassword?: string | null;
  password?: string | null;
  repeatPassword?: string | null;
}

/**
 * Checks a user's current password (the login throttle counts a wrong one: 401, or 429 once that user is
 * throttled from that address). A port to the auth service, which owns password checks and the throttle.
 */
export type VerifyOwnPassword = (identity: StaffIdentity | CustomerIdentity, password: string) => Promise<void>;

/**
 * A user command validated and its password hashed, ready for its in-transaction core. Hashing is slow on
 * purpose (scrypt) and must not hold a transaction's connection, so it happens here, before one opens.
 */
export interface PreparedUser<I> {
  input: I;
  passwordHash: string | null;
}

export interface UserWithRoles {
  user: AppUser;
  roleIds: number[];
}

const userNotFound = (id: number) => errors.notFound(ORGANISATION_CODES.userIdInvalid, `User with identifier ${id} does not exist`, id);

const forbidden = (code: string, message: string, args: unknown[] = []) => new PlatformError('forbidden', message, [{ code, message, parameterName: 'roles', args }]);

export const USER_ROLES_CHANGED_EVENT = 'user.roles.changed';

/**
 * Ends a user's credentials cached at the edge (the auth service's cache), after the transaction that
 * revoked their sessions commits. A port, so the user service needs no edge code.
 */
export type ForgetUserCredentials = (tenantId: string, userId: number) => void;

/** Staff users (logins). The only writer of organisation.app_user and user_role. */
export class UserService {
  private readonly openTillChecks: OpenTillOfStaff[] = [];

  constructor(
    private readonly db: Database,
    private readonly offices: OfficeService,
    private readonly roles: RoleService,
    private readonly forgetCredentials: ForgetUserCredentials = () => undefined,
    private readonly verifyOwnPassword: VerifyOwnPassword = async () => undefined,
  ) {}

  /** The till module registers here: a staff record with an unsettled till is not linked to another login. */
  addOpenTillCheck(check: OpenTillOfStaff): void {
    this.openTillChecks.push(check);
  }

  private async openTillOf(tx: Tx, staffId: number): Promise<{ cashierId: number; businessDate: string } | null> {
    for (const check of this.openTillChecks) {
      const till = await check(tx, staffId);
      if (till) return till;
    }
    return null;
  }

  async list(identity: Identity): Promise<UserWithRoles[]> {
    const staff = requireStaff(identity, 'READ_USER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const users = await tx.em.find(AppUser, { deleted: false, isSelfServiceUser: false }, { orderBy: { id: 'asc' } });
      const visible: AppUser[] = [];
      for (const user of users) if (await this.offices.findInScope(tx, staff, user.officeId)) visible.push(user);
      return this.withRoles(tx, visible);
    });
  }

  async get(identity: Identity, id: number): Promise<UserWithRoles> {
    const staff = requireStaff(identity, 'READ_USER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const user = await tx.em.findOne(AppUser, { id, deleted: false });
      if (!user || !(await this.offices.findInScope(tx, staff, user.officeId))) throw userNotFound(id);
      return (await this.withRoles(tx, [user]))[0]!;
    });
  }

  /** Usernames by id for audit read models (who posted an entry); no permission beyond seeing the record itself. */
  async usernames(tenantId: string, ids: readonly number[]): Promise<Map<number, string>> {
    const users = await this.db.tx(tenantId, (tx) => tx.em.find(AppUser, { id: { $in: [...ids] } }, { fields: ['id', 'username'] }));
    return new Map(users.map((u) => [u.id, u.username]));
  }

  /** For other modules in their transaction: enabled users holding `roleId` at `officeId` or any office above it, by id. */
  async withRoleAtOrAbove(tx: Tx, roleId: number, officeId: number): Promise<number[]> {
    return usersWithRoleAtOrAbove(tx, roleId, officeId);
  }

  async create(identity: Identity, input: CreateUserInput): Promise<UserWithRoles> {
    const actor = requireStaff(identity, 'CREATE_USER');
    const prepared = await this.prepareCreate(input);
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, prepared));
  }

  async prepareCreate(input: CreateUserInput): Promise<PreparedUser<CreateUserInput>> {
    const v = new Validator('user');
    if (v.required('username', input.username)) v.maxLength('username', input.username, 100);
    if (v.required('firstname', input.firstname)) v.maxLength('firstname', input.firstname, 100);
    if (v.required('lastname', input.lastname)) v.maxLength('lastname', input.lastname, 100);
    v.required('officeId', input.officeId);
    if (!input.roles || input.roles.length === 0) v.fail('roles', 'cannot.be.blank', 'The parameter `roles` must name at least one role.');
    if (input.email != null) v.check(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email), 'email', 'invalid.format', 'The parameter `email` is not a valid e-mail address.', input.email);
    if (v.required('password', input.password)) this.checkPassword(v, input.password!, input.repeatPassword);
    v.throwIfAny();
    return { input, passwordHash: await hashPassword(input.password!) };
  }

  async createCore(tx: Tx, actor: Actor, { input, passwordHash }: PreparedUser<CreateUserInput>): Promise<UserWithRoles> {
    const office = await this.offices.findInScope(tx, actor, input.officeId!);
    if (!office) throw errors.notFound(ORGANISATION_CODES.officeIdInvalid, `Office with identifier ${input.officeId} does not exist`, input.officeId);
    const roleIds = await this.checkRoles(tx, input.roles!);
    await this.assertMayGrant(tx, actor, roleIds);
    await this.assertUsernameFree(tx, input.username!, null);
    const user = new AppUser();
    user.tenantId = tx.tenantId;
    user.id = await nextValue(tx, 'user');
    user.username = input.username!.trim();
    user.firstname = input.firstname!.trim();
    user.lastname = input.lastname!.trim();
    user.email = input.email ?? null;
    user.officeId = office.id;
    user.staffId = await this.checkStaff(tx, actor, input.staffId ?? null);
    user.passwordHash = passwordHash!;
    user.passwordNeverExpires = input.passwordNeverExpires ?? false;
    user.lastPasswordChangeAt = new Date();
    user.createdBy = user.updatedBy = actor.userId;
    tx.em.persist(user);
    for (const roleId of roleIds) tx.em.persist(Object.assign(new UserRole(), { tenantId: tx.tenantId, userId: user.id, roleId }));
    await this.flushUnique(tx, user.username);
    await this.auditRoles(tx, actor, user.id, [], roleIds);
    return { user, roleIds };
  }

  /** The password policy (400 `validation.msg.user.password.does.not.match.regexp`), then its hash. */
  async preparePassword(password: string | null | undefined, repeatPassword: string | null | undefined = password): Promise<string> {
    const v = new Validator('user');
    if (v.required('password', password)) this.checkPassword(v, password!, repeatPassword);
    v.throwIfAny();
    return hashPassword(password!);
  }

  /**
   * A user's change of their own password, before any transaction: every field present (400 listing the
   * missing ones), the new one matching its repeat and the policy, then the current one checked (401
   * `error.msg.not.authenticated`, counted by the login throttle). A stolen session key alone must not be
   * enough to take the login over. Answers the new hash.
   */
  async prepareOwnPassword(identity: StaffIdentity | CustomerIdentity, input: OwnPasswordChange): Promise<string> {
    const v = new Validator('user');
    v.required('currentPassword', input.currentPassword);
    const hasPassword = v.required('password', input.password);
    if (v.required('repeatPassword', input.repeatPassword) && hasPassword) this.checkPassword(v, input.password!, input.repeatPassword);
    else if (hasPassword && !PASSWORD_POLICY.test(input.password!)) v.fail('password', 'does.not.match.regexp', PASSWORD_POLICY.description);
    v.throwIfAny();
    await this.verifyOwnPassword(identity, input.currentPassword!);
    return hashPassword(input.password!);
  }

  /** A customer's own password change: like a staff password change, it ends every session of the user. */
  async changeCustomerPasswordCore(tx: Tx, userId: number, passwordHash: string): Promise<void> {
    const user = await tx.em.findOneOrFail(AppUser, { id: userId, deleted: false, isSelfServiceUser: true });
    user.passwordHash = passwordHash;
    user.lastPasswordChangeAt = new Date();
    user.mustChangePassword = false;
    user.updatedBy = userId;
    await tx.em.flush();
    await this.revokeSessions(tx, userId);
  }

  /**
   * Cuts a client's customers off, in the caller's transaction (a client closed, rejected or withdrawn, or
   * staff's disable): every self-service login of the client is disabled and its sessions revoked; after
   * commit the credential caches forget them and their live streams end (the revocation's listeners).
   * Answers the users concerned.
   */
  async disableCustomerLoginsCore(tx: Tx, clientId: number, by: number): Promise<number[]> {
    const users = await this.customerLoginsOf(tx, clientId);
    for (const user of users) {
      user.enabled = false;
      user.updatedBy = by;
    }
    await tx.em.flush();
    for (const user of users) await this.revokeSessions(tx, user.id);
    return users.map((u) => u.id);
  }

  /** Staff's enable: the client's self-service logins work again (their passwords unchanged). */
  async enableCustomerLoginsCore(tx: Tx, clientId: number, by: number): Promise<number[]> {
    const users = await this.customerLoginsOf(tx, clientId);
    for (const user of users) {
      user.enabled = true;
      user.updatedBy = by;
    }
    await tx.em.flush();
    return users.map((u) => u.id);
  }

  /**
   * Staff's reset: a one-time password for the client's self-service logins, enabled again, every session
   * revoked. Until the customer changes it, a login answers shouldRenewPassword and its session may only
   * change the password.
   */
  async resetCustomerPasswordCore(tx: Tx, clientId: number, passwordHash: string, by: number): Promise<number[]> {
    const users = await this.customerLoginsOf(tx, clientId);
    for (const user of users) {
      user.passwordHash = passwordHash;
      user.mustChangePassword = true;
      user.enabled = true;
      user.lastPasswordChangeAt = new Date();
      user.updatedBy = by;
    }
    await tx.em.flush();
    for (const user of users) await this.revokeSessions(tx, user.id);
    return users.map((u) => u.id);
  }

  private async customerLoginsOf(tx: Tx, clientId: number): Promise<AppUser[]> {
    const links = await tx.em.find(UserClient, { clientId });
    if (links.length === 0) return [];
    return tx.em.find(AppUser, { id: { $in: links.map((l) => l.userId) }, deleted: false, isSelfServiceUser: true }, { orderBy: { id: 'asc' } });
  }

  /** Whether any live user (staff or customer) has this username, compared as the login compares it. */
  async usernameTaken(tx: Tx, username: string): Promise<boolean> {
    return (await liveUserIdsNamed(tx, username)).length > 0;
  }

  /**
   * A customer's login (self-registration), inside the caller's transaction: flagged as a self-service
   * user, with the Self Service User role and linked to its client. Staff user lists never show it.
   * Null when the username is taken, also by a concurrent registration (the transaction is then unusable:
   * the caller refuses and rolls back).
   */
  async createCustomerCore(
    tx: Tx,
    actor: Actor,
    input: { username: string; firstname: string; lastname: string; email: string; officeId: number; clientId: number; passwordHash: string },
  ): Promise<AppUser | null> {
    if (await this.usernameTaken(tx, input.username)) return null;
    const user = new AppUser();
    user.tenantId = tx.tenantId;
    user.id = await nextValue(tx, 'user');
    user.username = input.username;
    user.firstname = input.firstname;
    user.lastname = input.lastname;
    user.email = input.email;
    user.officeId = input.officeId;
    user.isSelfServiceUser = true;
    user.passwordHash = input.passwordHash;
    user.lastPasswordChangeAt = new Date();
    user.createdBy = user.updatedBy = actor.userId;
    tx.em.persist(user);
    tx.em.persist(Object.assign(new UserRole(), { tenantId: tx.tenantId, userId: user.id, roleId: SELF_SERVICE_ROLE_ID }));
    tx.em.persist(Object.assign(new UserClient(), { tenantId: tx.tenantId, userId: user.id, clientId: input.clientId }));
    try {
      await tx.em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'app_user_username')) return null;
      throw error;
    }
    return user;
  }

  async update(identity: Identity, id: number, input: UpdateUserInput): Promise<UserWithRoles & { changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_USER');
    // One's own password: the current one is required and checked first, as on PUT /self/user.
    const prepared =
      id === actor.userId && input.password != null
        ? { input, passwordHash: await this.prepareOwnPassword(actor, input) }
        : await this.prepareUpdate(input);
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, prepared));
  }

  async prepareUpdate(input: UpdateUserInput): Promise<PreparedUser<UpdateUserInput>> {
    const v = new Validator('user');
    if (input.username !== undefined && v.required('username', input.username)) v.maxLength('username', input.username, 100);
    if (input.firstname !== undefined) v.required('firstname', input.firstname);
    if (input.lastname !== undefined) v.required('lastname', input.lastname);
    if (input.roles !== undefined && (!input.roles || input.roles.length === 0)) v.fail('roles', 'cannot.be.blank', 'The parameter `roles` must name at least one role.');
    if (input.password != null) this.checkPassword(v, input.password, input.repeatPassword);
    v.throwIfAny();
    return { input, passwordHash: input.password != null ? await hashPassword(input.password) : null };
  }

  async updateCore(tx: Tx, actor: Actor, id: number, { input, passwordHash }: PreparedUser<UpdateUserInput>): Promise<UserWithRoles & { changes: Record<string, unknown> }> {
    const user = await tx.em.findOne(AppUser, { id, deleted: false, isSelfServiceUser: false });
    if (!user || !(await this.offices.findInScope(tx, actor, user.officeId))) throw userNotFound(id);
    const previousRoleIds = (await tx.em.find(UserRole, { userId: id })).map((r) => r.roleId).sort((a, b) => a - b);
    const nextRoleIds = input.roles ? await this.checkRoles(tx, input.roles) : previousRoleIds;
    const rolesChange = nextRoleIds.join(',') !== previousRoleIds.join(',');
    // Nobody changes their own roles: that is how an access-control admin made itself super user.
    if (rolesChange && id === actor.userId) {
      throw forbidden(ORGANISATION_CODES.userCannotChangeOwnRoles, 'A user cannot change their own roles.');
    }
    // Every field of another user's login (username, office, staff, email, names, password, roles) is
    // containment-checked: only over users who hold nothing the actor does not, and only granting what
    // the actor holds. A username or office change locks a user out as surely as a password change.
    if (id !== actor.userId) {
      await this.assertMayGrant(tx, actor, [...new Set([...previousRoleIds, ...nextRoleIds])]);
    }
    const changes: Record<string, unknown> = {};
    if (input.username != null && input.username.trim() !== user.username) {
      await this.assertUsernameFree(tx, input.username, user.id);
      user.username = changes.username = input.username.trim();
    }
    for (const key of ['firstname', 'lastname', 'email', 'passwordNeverExpires'] as const) {
      const value = input[key];
      if (value !== undefined && value !== null && value !== user[key]) {
        (user[key] as unknown) = value;
        changes[key] = value;
      }
    }
    if (input.officeId != null && input.officeId !== user.officeId) {
      const office = await this.offices.findInScope(tx, actor, input.officeId);
      if (!office) throw errors.notFound(ORGANISATION_CODES.officeIdInvalid, `Office with identifier ${input.officeId} does not exist`, input.officeId);
      user.officeId = changes.officeId = office.id;
    }
    if (input.staffId !== undefined && input.staffId !== user.staffId) {
      const staffId = await this.checkStaff(tx, actor, input.staffId ?? null);
      // The till rule finds a cashier by the user's staff record: re-linked, the login would move that cashier's cash.
      const till = staffId === null ? null : await this.openTillOf(tx, staffId);
      if (till) {
        throw errors.domainRule(
          ORGANISATION_CODES.userStaffHasOpenTill,
          `Staff ${staffId} is cashier ${till.cashierId}, whose till of ${till.businessDate} is not settled: a user cannot be linked to it until it is.`,
          [staffId, till.cashierId, till.businessDate],
          'staffId',
        );
      }
      user.staffId = changes.staffId = staffId;
    }
    if (passwordHash) {
      user.passwordHash = passwordHash;
      user.lastPasswordChangeAt = new Date();
      user.mustChangePassword = false;
      changes.passwordEncoded = '[redacted]';
    }
    if (rolesChange) {
      await tx.em.nativeDelete(UserRole, { userId: id });
      for (const roleId of nextRoleIds) tx.em.persist(Object.assign(new UserRole(), { tenantId: tx.tenantId, userId: id, roleId }));
      changes.roles = nextRoleIds.map(String);
    }
    if (Object.keys(changes).length > 0) user.updatedBy = actor.userId;
    await this.flushUnique(tx, user.username);
    if (rolesChange) await this.auditRoles(tx, actor, id, previousRoleIds, nextRoleIds);
    // A new password or new roles end every session the user has, at once.
    if (rolesChange || passwordHash) await this.revokeSessions(tx, id);
    return { user, roleIds: nextRoleIds, changes };
  }

  /** Fineract deletes users softly: the row stays for the audit trail, the username is freed, sessions end. */
  async delete(identity: Identity, id: number): Promise<AppUser> {
    const actor = requireStaff(identity, 'DELETE_USER');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, id));
  }

  async deleteCore(tx: Tx, actor: Actor, id: number): Promise<AppUser> {
    if (actor.userId === id) throw errors.domainRule(ORGANISATION_CODES.userCannotDeleteSelf, 'A user cannot delete their own account.');
    const user = await this.userForCredentials(tx, actor, id, true);
    user.deleted = true;
    user.enabled = false;
    user.updatedBy = actor.userId;
    await this.revokeSessions(tx, id);
    await tx.em.flush();
    return user;
  }

  /**
   * For credentials issued for a user (API keys), inside the caller's transaction: the staff user when the
   * actor sees them (404 otherwise) and, with `grant`, could grant every permission of their roles (403).
   */
  async userForCredentials(tx: Tx, actor: StaffIdentity, id: number, grant: boolean): Promise<AppUser> {
    const user = await tx.em.findOne(AppUser, { id, deleted: false, isSelfServiceUser: false });
    if (!user || !(await this.offices.findInScope(tx, actor, user.officeId))) throw userNotFound(id);
    if (grant) await this.assertMayGrant(tx, actor, (await tx.em.find(UserRole, { userId: id })).map((r) => r.roleId));
    return user;
  }

  /**
   * Containment: every permission the roles grant must be one the actor holds (ALL_FUNCTIONS only by a
   * super user). Disabled roles count too: enabling them later must not hand out more than was checked.
   */
  private async assertMayGrant(tx: Tx, actor: StaffIdentity, roleIds: number[]): Promise<void> {
    if (roleIds.length === 0) return;
    const unheld = (await this.roles.grantedCodes(tx, roleIds)).filter((code) => !hasPermission(actor, code));
    if (unheld.length > 0) {
      throw forbidden(ORGANISATION_CODES.userCannotGrantUnheldPermissions, `Only a user holding ${unheld.slice(0, 5).join(', ')}${unheld.length > 5 ? '...' : ''} may grant or change these roles.`, unheld.slice(0, 20));
    }
  }

  /** The audit trail of who changed whose roles, when: an outbox event in the change's transaction. */
  private async auditRoles(tx: Tx, actor: StaffIdentity, userId: number, previousRoleIds: number[], roleIds: number[]): Promise<void> {
    await emit(tx, {
      eventType: USER_ROLES_CHANGED_EVENT,
      entityName: 'USER',
      actionName: 'UPDATEROLES',
      data: { userId, previousRoleIds, roleIds, changedBy: actor.userId, changedByUsername: actor.username, changedAt: new Date().toISOString() },
    });
  }

  /** Revokes every session of the user in this transaction; the edge's cache forgets them after commit. */
  private async revokeSessions(tx: Tx, userId: number): Promise<void> {
    await revokeSessionsOf(tx, userId);
    const tenantId = tx.tenantId;
    tx.afterCommit(() => this.forgetCredentials(tenantId, userId));
  }

  private checkPassword(v: Validator, password: string, repeat: string | null | undefined): void {
    if (repeat !== password) v.fail('repeatPassword', 'not.equal.to.password', 'The parameter `repeatPassword` must equal `password`.');
    if (!PASSWORD_POLICY.test(password)) v.fail('password', 'does.not.match.regexp', PASSWORD_POLICY.description);
  }

  private async checkRoles(tx: Tx, requested: number[]): Promise<number[]> {
    const ids = [...new Set(requested.map(Number))].sort((a, b) => a - b);
    const found = await this.roles.findMany(tx, ids);
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length > 0) throw errors.notFound(ORGANISATION_CODES.roleIdInvalid, `Role with identifier ${missing[0]} does not exist`, missing[0]);
    return ids;
  }

  /** The staff record when it exists within the actor's office subtree; 404 otherwise, as for an office. */
  private async checkStaff(tx: Tx, actor: StaffIdentity, staffId: number | null): Promise<number | null> {
    if (staffId === null) return null;
    const staff = await tx.em.findOne(Staff, { id: staffId });
    if (!staff || !(await this.offices.findInScope(tx, actor, staff.officeId))) {
      throw errors.notFound(ORGANISATION_CODES.staffIdInvalid, `Staff with identifier ${staffId} does not exist`, staffId);
    }
    return staffId;
  }

  private async assertUsernameFree(tx: Tx, username: string, exceptId: number | null): Promise<void> {
    if ((await liveUserIdsNamed(tx, username.trim())).some((id) => id !== exceptId)) throw duplicateUsername(username);
  }

  private async flushUnique(tx: Tx, username: string): Promise<void> {
    try {
      await tx.em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'app_user_username')) throw duplicateUsername(username);
      throw error;
    }
  }

  private async withRoles(tx: Tx, users: AppUser[]): Promise<UserWithRoles[]> {
    if (users.length === 0) return [];
    const links = await tx.em.find(UserRole, { userId: { $in: users.map((u) => u.id) } });
    return users.map((user) => ({ user, roleIds: links.filter((l) => l.userId === user.id).map((l) => l.roleId).sort((a, b) => a - b) }));
  }
}

const duplicateUsername = (username: string) =>
  errors.duplicate(ORGANISATION_CODES.userDuplicateUsername, `User with username ${username} already exists.`, 'username', username);
