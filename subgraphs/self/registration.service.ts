import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, PlatformError, Validator } from '../kernel/errors.js';
import { ALL_FUNCTIONS, type Actor, type Identity } from '../kernel/identity.js';
import { SELF_CODES } from './codes.js';
import { EMAIL_PATTERN, normaliseMobile } from './domain/contact.js';
import { retryAfterSeconds } from './domain/limits.js';
import type { BvnVerdict, SelfDependencies } from './self.ports.js';
import { attemptsFromAddress, attemptsWithBvn, contactTaken, countAttemptUnderBvn, forgetAttempt, lockSelfServiceOffice, recordAttempt, recordCustomerLogin } from './self.store.js';

export interface RegistrationInput {
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
  mobileNo?: string | null;
  bvn?: string | null;
  password?: string | null;
}

export interface Registration {
  clientId: number;
  cif: string;
  accountNo: string;
  savingsId: number;
  username: string;
}

/** Where self-registered clients are booked when the tenant has not named an office. */
const DIGITAL_BRANCH = 'Digital Branch';
export const PRIMARY_SAVINGS = 'Primary Savings';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Registration writes as nobody: the customer has no user yet. Records it creates carry created_by 0
 * ("the self-registration channel"); its scope is the whole tenant, for it books at the configured office.
 */
const REGISTRATION_ACTOR_ID = 0;
export const registrar = (tenantId: string): Actor => ({
  kind: 'staff', tenantId, userId: REGISTRATION_ACTOR_ID, username: 'self-registration', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [], permissions: [ALL_FUNCTIONS],
});

const refused = (code: string, message: string, parameterName?: string) => errors.domainRule(code, message, [], parameterName);

/** Thrown inside the registration's transaction so it rolls back before the compliance event is written. */
class BvnAlreadyRegistered extends Error {
  constructor(readonly matching: { id: number; cif: string }[]) {
    super('bvn already registered');
  }
}

/**
 * Interface 4.2's registration: the BVN checked (before any transaction: the engine may be slow), then
 * client, Primary Savings account and self-service user in ONE transaction, so any refusal or failure
 * leaves nothing behind. Attempts are rate-limited per client address and per BVN (tenant settings).
 */
export class RegistrationService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async register(identity: Identity, input: RegistrationInput): Promise<Registration> {
    const valid = validate(input);
    const attempt = await this.countAddressAttempt(identity);
    const verdict = await this.deps.customers.verifyBvn(valid.bvn, { firstname: valid.firstname, lastname: valid.lastname });
    refuseUnverified(verdict);
    // Only now, the BVN verified under these names: someone typing another person's BVN must not use up
    // that person's own registrations (five refused attempts once blocked the owner for a day).
    await this.countBvnAttempt(identity, attempt, valid.bvn);
    const passwordHash = await this.deps.organisation.preparePassword(valid.password);
    try {
      return await this.db.tx(identity.tenantId, (tx) => this.registerCore(tx, valid, verdict, passwordHash));
    } catch (error) {
      if (!(error instanceof BvnAlreadyRegistered)) throw error;
      // The compliance flag is written on its own: the registration's transaction is gone.
      await this.db.tx(identity.tenantId, (tx) => this.deps.customers.reportDuplicateBvn(tx, error.matching));
      throw refused(SELF_CODES.bvnAlreadyRegistered, 'This BVN is already registered to a customer of the institution.', 'bvn');
    }
  }

  /** Client, account and login inside the caller's transaction (client.created, account.created with them). */
  private async registerCore(tx: Tx, input: ValidRegistration, verdict: BvnVerdict, passwordHash: string): Promise<Registration> {
    const matching = await this.deps.customers.activeWithBvn(tx, input.bvn);
    if (matching.length > 0) throw new BvnAlreadyRegistered(matching);
    if ((await contactTaken(tx, input.email, input.mobileNo)) || (await this.deps.organisation.usernameTaken(tx, input.email))) throw duplicateUser();
    const actor = registrar(tx.tenantId);
    const date = await this.deps.businessDates.today(tx);
    const officeId = await this.selfServiceOffice(tx, actor);
    const client = await this.deps.customers.createPerson(tx, actor, {
      officeId, firstname: input.firstname, lastname: input.lastname, mobileNo: input.mobileNo, emailAddress: input.email, bvn: input.bvn, date, bvnVerdict: verdict,
    });
    const account = await this.deps.accounts.openActive(tx, actor, client.id, PRIMARY_SAVINGS, date);
    const user = await this.deps.organisation.createCustomerUser(tx, actor, {
      username: input.email, firstname: input.firstname, lastname: input.lastname, email: input.email, officeId, clientId: client.id, passwordHash,
    });
    if (!user) throw duplicateUser();
    try {
      await recordCustomerLogin(tx, { userId: user.userId, clientId: client.id, email: input.email, mobileNo: input.mobileNo });
    } catch (error) {
      // A concurrent registration took the email or number after our check.
      if (isUniqueViolation(error, 'customer_login_email') || isUniqueViolation(error, 'customer_login_mobile')) throw duplicateUser();
      throw error;
    }
    return { clientId: client.id, cif: client.cif, accountNo: account.accountNo, savingsId: account.id, username: input.email };
  }

  /**
   * The tenant's `self-service-office`; when unset, a Digital Branch under the head office, created once
   * and recorded there. The creation is serialised by a lock and looks the branch up in the table (not the
   * settings cache, which may predate a concurrent first registration's commit).
   */
  private async selfServiceOffice(tx: Tx, actor: Actor): Promise<number> {
    const configured = (await this.deps.settings.read(tx, 'self-service-office')).value;
    if (configured !== null) {
      const office = await this.deps.organisation.office(tx, Number(configured));
      if (!office || office.id === 1) throw refused(SELF_CODES.selfRegistrationOfficeInvalid, 'The self-service office configured for this institution is not a branch.');
      return office.id;
    }
    await lockSelfServiceOffice(tx);
    const office = (await this.deps.organisation.branchNamed(tx, DIGITAL_BRANCH)) ?? (await this.deps.organisation.createBranch(tx, actor, DIGITAL_BRANCH));
    await this.deps.organisation.recordSetting(tx, 'self-service-office', String(office.id), actor.userId);
    return office.id;
  }

  /** Counts this attempt against the address's hourly allowance (refused past it, and then not counted); answers its id. */
  private async countAddressAttempt(identity: Identity): Promise<number> {
    const address = identity.address ?? 'unknown';
    return this.db.tx(identity.tenantId, async (tx) => {
      const perAddress = Number((await this.deps.settings.read(tx, 'self-registration-limit-per-ip-per-hour')).value ?? 100);
      const byAddress = await attemptsFromAddress(tx, address);
      if (byAddress.count >= perAddress) throw throttled(retryAfterSeconds(byAddress.oldestAt!, HOUR_MS));
      return recordAttempt(tx, address);
    });
  }

  /** Counts a verified attempt against the BVN's daily allowance; past it the attempt is refused and not counted at all. */
  private async countBvnAttempt(identity: Identity, attempt: number, bvn: string): Promise<void> {
    const retryAfter = await this.db.tx(identity.tenantId, async (tx) => {
      const perBvn = Number((await this.deps.settings.read(tx, 'self-registration-limit-per-bvn-per-day')).value ?? 5);
      const byBvn = await attemptsWithBvn(tx, bvn);
      if (byBvn.count >= perBvn) {
        await forgetAttempt(tx, attempt);
        return retryAfterSeconds(byBvn.oldestAt!, DAY_MS);
      }
      await countAttemptUnderBvn(tx, attempt, bvn);
      return null;
    });
    if (retryAfter !== null) throw throttled(retryAfter);
  }
}

interface ValidRegistration {
  firstname: string;
  lastname: string;
  email: string;
  mobileNo: string;
  bvn: string;
  password: string;
}

function validate(input: RegistrationInput): ValidRegistration {
  const v = new Validator('self.registration');
  for (const name of ['firstname', 'lastname'] as const) if (v.required(name, input[name])) v.maxLength(name, input[name]!.trim(), 50);
  if (v.required('email', input.email)) {
    v.maxLength('email', input.email, 100);
    v.check(EMAIL_PATTERN.test(input.email!.trim()), 'email', 'invalid.format', 'The parameter `email` is not a valid email address.', input.email);
  }
  const mobileNo = input.mobileNo ? normaliseMobile(input.mobileNo) : null;
  if (v.required('mobileNo', input.mobileNo)) v.check(mobileNo !== null, 'mobileNo', 'invalid', 'The parameter `mobileNo` is not a phone number (0803..., +234803...).', input.mobileNo);
  if (v.required('bvn', input.bvn)) v.check(/^\d{11}$/.test(input.bvn!), 'bvn', 'invalid', 'The parameter `bvn` must be exactly 11 digits.', input.bvn);
  v.required('password', input.password);
  v.throwIfAny();
  return {
    firstname: input.firstname!.trim(),
    lastname: input.lastname!.trim(),
    email: input.email!.trim().toLowerCase(),
    mobileNo: mobileNo!,
    bvn: input.bvn!,
    password: input.password!,
  };
}

function refuseUnverified(verdict: BvnVerdict): void {
  if (verdict.verified) return;
  switch (verdict.reason) {
    case 'invalid_format':
      throw errors.validation([{ code: SELF_CODES.bvnInvalid, message: 'The parameter `bvn` must be exactly 11 digits.', parameterName: 'bvn' }]);
    case 'name_mismatch':
      throw refused(SELF_CODES.bvnNameMismatch, 'The names given do not match the names registered to this BVN.', 'bvn');
    case 'unavailable':
      throw new PlatformError('unavailable', 'The BVN verification service is unavailable; try again later.', [{ code: SELF_CODES.bvnUnavailable, message: 'The BVN verification service is unavailable.', parameterName: 'bvn' }]);
    default:
      throw refused(SELF_CODES.bvnNotFound, 'This BVN was not found.', 'bvn');
  }
}

const duplicateUser = () => refused(SELF_CODES.duplicateUser, 'A self-service user with this email or mobile number already exists.', 'email');

function throttled(retryAfter: number): PlatformError {
  const message = `Too many registration attempts; try again in ${retryAfter} seconds.`;
  const error = new PlatformError('tooManyRequests', message, [{ code: SELF_CODES.registrationThrottled, message, args: [retryAfter] }]);
  error.extensions.retryAfter = retryAfter;
  return error;
}
