import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../platform/database.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, PlatformError, Validator } from '../kernel/errors.js';
import type { Identity } from '../kernel/identity.js';
import { EMAIL_PATTERN, normaliseMobile } from './domain/contact.js';
import { retryAfterSeconds } from './domain/limits.js';
import { registrar } from './registration.service.js';
import { countFailedToken, insertRegistrationRequest, lockRegistrationRequest, markRegistrationUsed } from './registration-request.store.js';
import type { SelfDependencies } from './self.ports.js';
import { attemptsFromAddress, contactTaken, recordAttempt, recordCustomerLogin } from './self.store.js';
import { SELF_CODES } from './codes.js';

/** Wrong tokens a request survives: the next wrong one and every later try find no request. */
export const MAX_TOKEN_TRIES = 5;
const HOUR_MS = 3_600_000;
/** Fineract's answer to the first step, a JSON string. */
export const REQUEST_CREATED = 'Self service request created.';

export interface RegistrationRequestInput {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  mobileNumber?: string | null;
  accountNumber?: string | null;
  password?: string | null;
  authenticationMode?: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

const notFoundWithDetails = () => errors.notFound(SELF_CODES.clientNotFoundWithDetails, 'Client not found with basic details.', null);
const duplicateUsername = (username: string) => errors.duplicate(SELF_CODES.duplicateUsername, `User with username ${username} already exists.`, 'username', username);
const duplicateContact = () => errors.domainRule(SELF_CODES.duplicateUser, 'A self-service user with this email or mobile number already exists.', [], 'email');
const requestNotFound = (id: unknown) => errors.notFound(SELF_CODES.registrationRequestNotFound, `Self service registration request ${id} not found or its token does not match.`, id);

/**
 * Fineract's two-step self-registration (issue 42 item 2), for a customer the bank already has: the
 * account number, the names and the email or phone (by `authenticationMode`) must be an active client's;
 * a random token goes to that email or phone through the notifier, only its hash is kept, it expires
 * (`self-registration-token-minutes`), serves once, and a request dies after MAX_TOKEN_TRIES wrong ones.
 * The second step creates the same self-service user as the BVN registration (role Self Service User).
 */
export class TwoStepRegistrationService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async request(identity: Identity, input: RegistrationRequestInput): Promise<string> {
    const valid = validateRequest(input);
    const passwordHash = await this.deps.organisation.preparePassword(valid.password);
    const token = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const created = await this.db.tx(identity.tenantId, async (tx) => {
      // The same hourly allowance per client address as the BVN registration: the first step sends messages.
      const address = identity.address ?? 'unknown';
      const perAddress = Number((await this.deps.settings.read(tx, 'self-registration-limit-per-ip-per-hour')).value ?? 100);
      const byAddress = await attemptsFromAddress(tx, address);
      if (byAddress.count >= perAddress) return { throttled: retryAfterSeconds(byAddress.oldestAt!, HOUR_MS) } as const;
      await recordAttempt(tx, address);
      const account = await this.deps.accounts.byAccountNo(tx, valid.accountNumber);
      const client = account && (await this.deps.customers.client(tx, account.clientId));
      const contactMatches = client && (valid.mode === 'email' ? same(client.emailAddress, valid.email) : normaliseMobile(client.mobileNo ?? '') === valid.mobileNo);
      if (!client || !client.active || !same(client.firstname, valid.firstName) || !same(client.lastname, valid.lastName) || !contactMatches) return { missing: true } as const;
      if (await this.deps.organisation.usernameTaken(tx, valid.username)) throw duplicateUsername(valid.username);
      // One self-service login per email and per phone, as the BVN registration keeps them.
      if (await contactTaken(tx, valid.email, valid.mobileNo)) throw duplicateContact();
      const minutes = Number((await this.deps.settings.read(tx, 'self-registration-token-minutes')).value ?? 30);
      const id = await insertRegistrationRequest(tx, {
        clientId: client.id, username: valid.username, firstname: client.firstname ?? valid.firstName, lastname: client.lastname ?? valid.lastName, email: valid.email,
        mobileNo: valid.mobileNo, passwordHash, mode: valid.mode, tokenHash: sha256(token), minutes,
      });
      return { id, to: valid.mode === 'email' ? valid.email : valid.mobileNo, minutes, firstname: client.firstname ?? valid.firstName } as const;
    });
    if ('throttled' in created) throw throttled(created.throttled!);
    if ('missing' in created) throw notFoundWithDetails();
    // After the commit: a gateway that fails leaves a request nobody can use (it expires), never a half user.
    await this.deps.notifier.send({
      tenantId: identity.tenantId, requestId: created.id, channel: valid.mode, to: created.to,
      text: `Hi ${created.firstname}, your self-service request id is ${created.id} and its token is ${token}; it expires in ${created.minutes} minutes.`,
    }).catch(() => {
      throw new PlatformError('unavailable', 'The message could not be sent; try again later.', [{ code: SELF_CODES.notificationUnavailable, message: 'The message gateway is unavailable.' }]);
    });
    return REQUEST_CREATED;
  }

  /** The second step: the request's token, once, before it expires; answers the new user's id. */
  async createUser(identity: Identity, input: { requestId?: number | null; authenticationToken?: string | null }): Promise<number> {
    const v = new Validator('self.registration');
    v.required('requestId', input.requestId);
    if (v.required('authenticationToken', input.authenticationToken)) v.maxLength('authenticationToken', input.authenticationToken, 100);
    v.throwIfAny();
    const outcome = await this.db.tx(identity.tenantId, async (tx) => {
      const request = await lockRegistrationRequest(tx, input.requestId!);
      if (!request || request.used || request.expired || request.failedAttempts >= MAX_TOKEN_TRIES) return null;
      const given = Buffer.from(sha256(input.authenticationToken!));
      if (!timingSafeEqual(given, Buffer.from(request.tokenHash))) {
        // Committed with the refusal: the count must survive the 404.
        await countFailedToken(tx, request.id);
        return null;
      }
      const client = await this.deps.customers.client(tx, request.clientId);
      if (!client || !client.active) return null;
      const actor = registrar(tx.tenantId);
      const user = await this.deps.organisation.createCustomerUser(tx, actor, {
        username: request.username, firstname: request.firstname, lastname: request.lastname, email: request.email, officeId: client.officeId, clientId: client.id,
        passwordHash: request.passwordHash,
      });
      if (!user) throw duplicateUsername(request.username);
      // The contacts' record keeps them to one login each (a mobile-number login finds its user by the email there).
      try {
        await recordCustomerLogin(tx, { userId: user.userId, clientId: client.id, email: request.email, mobileNo: request.mobileNo });
      } catch (error) {
        if (isUniqueViolation(error, 'customer_login_email') || isUniqueViolation(error, 'customer_login_mobile')) throw duplicateContact();
        throw error;
      }
      await markRegistrationUsed(tx, request.id);
      return user.userId;
    });
    if (outcome === null) throw requestNotFound(input.requestId);
    return outcome;
  }
}

interface ValidRequest {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNo: string;
  accountNumber: string;
  password: string;
  mode: 'email' | 'mobile';
}

function validateRequest(input: RegistrationRequestInput): ValidRequest {
  const v = new Validator('self.registration');
  for (const name of ['username', 'firstName', 'lastName', 'accountNumber'] as const) if (v.required(name, input[name])) v.maxLength(name, input[name]!.trim(), name === 'username' ? 100 : 50);
  if (v.required('email', input.email)) {
    v.maxLength('email', input.email, 100);
    v.check(EMAIL_PATTERN.test(input.email!.trim()), 'email', 'invalid.format', 'The parameter `email` is not a valid email address.', input.email);
  }
  const mobileNo = input.mobileNumber ? normaliseMobile(input.mobileNumber) : null;
  if (v.required('mobileNumber', input.mobileNumber)) v.check(mobileNo !== null, 'mobileNumber', 'invalid', 'The parameter `mobileNumber` is not a phone number.', input.mobileNumber);
  v.required('password', input.password);
  if (v.required('authenticationMode', input.authenticationMode)) {
    v.check(input.authenticationMode === 'email' || input.authenticationMode === 'mobile', 'authenticationMode', 'is.not.one.of.expected.enumerations', 'The parameter `authenticationMode` must be email or mobile.', input.authenticationMode);
  }
  v.throwIfAny();
  return {
    username: input.username!.trim(), firstName: input.firstName!.trim(), lastName: input.lastName!.trim(), email: input.email!.trim().toLowerCase(), mobileNo: mobileNo!,
    accountNumber: input.accountNumber!.trim(), password: input.password!, mode: input.authenticationMode as 'email' | 'mobile',
  };
}

function throttled(retryAfter: number): PlatformError {
  const message = `Too many registration attempts; try again in ${retryAfter} seconds.`;
  const error = new PlatformError('tooManyRequests', message, [{ code: SELF_CODES.registrationThrottled, message, args: [retryAfter] }]);
  error.extensions.retryAfter = retryAfter;
  return error;
}
