import type { Database } from '../platform/database.js';
import { isRetryableConflict } from '../kernel/db-errors.js';
import { errors, PlatformError, Validator } from '../kernel/errors.js';
import { decimalText, parseExactJson } from '../kernel/exact-json.js';
import type { Identity } from '../kernel/identity.js';
import { formatAmount, Money } from '../kernel/money.js';
import { ACCOUNT_NUMBER, INBOUND_REFUSALS, PAYMENTS_CODES } from './codes.js';
import { verifySwitchSignature } from './domain/signature.js';
import { claimInboundSession, insertInbound, lockInbound, type InboundCreditRow } from './payments.store.js';
import type { PaymentsDependencies } from './payments.ports.js';

/** The switch's notification of a credit from another bank (POST /interbank/inbound). */
interface InboundBody {
  sessionId: string;
  accountNumber: string;
  amount: string;
  currency: string;
  narration: string | null;
  originator: { bankName: string; accountNo: string; senderName: string };
}

/** What the bank answers the switch: a refusal is an answer (200), with its reason code. */
export interface InboundAnswer {
  sessionId: string;
  status: 'CREDITED' | 'REJECTED';
  resourceId: number | null;
  accountNumber: string;
  amount: string;
  reasonCode: string | null;
  reason: string | null;
}

/** The account module's refusals of a credit, as the reason codes the switch is answered with. */
const REFUSAL_BY_CODE: Record<string, string> = {
  [PAYMENTS_CODES.savingAccountIdInvalid]: INBOUND_REFUSALS.unknownAccount,
  [PAYMENTS_CODES.savingsaccountTransactionCreditBlocked]: INBOUND_REFUSALS.creditBlocked,
  [PAYMENTS_CODES.savingsaccountTransactionAccountIsNotActive]: INBOUND_REFUSALS.accountInactive,
  [PAYMENTS_CODES.savingsaccountKycTierSingleDepositLimitExceeded]: INBOUND_REFUSALS.tierLimit,
  [PAYMENTS_CODES.savingsaccountKycTierBalanceLimitExceeded]: INBOUND_REFUSALS.tierLimit,
  [PAYMENTS_CODES.savingsaccountBalanceLimitExceeded]: INBOUND_REFUSALS.tierLimit,
  [PAYMENTS_CODES.savingsaccountCurrencyMismatch]: INBOUND_REFUSALS.invalidAmount,
};

const signatureInvalid = () =>
  new PlatformError('unauthenticated', 'The switch signature is missing, forged or stale.', [{ code: PAYMENTS_CODES.signatureInvalid, message: 'The switch signature is missing, forged or stale.', parameterName: 'X-Switch-Signature' }]);

const toAnswer = (row: InboundCreditRow): InboundAnswer => ({
  sessionId: row.sessionId, status: row.status, resourceId: row.savingsTransactionId, accountNumber: row.accountNumber, amount: row.amount, reasonCode: row.reasonCode, reason: row.reason,
});

/**
 * Credits from other banks, sent by the switch. Authenticated only by the switch key's signature over the
 * exact body; idempotent by session id: the session's lock is taken first, so a replay (even a concurrent
 * one) finds the first outcome recorded and answers it, and a session credits once.
 */
export class InboundCreditService {
  constructor(
    private readonly db: Database,
    private readonly deps: PaymentsDependencies,
  ) {}

  async receive(identity: Identity, rawBody: string, timestamp: string | null | undefined, signature: string | null | undefined): Promise<InboundAnswer> {
    if (!verifySwitchSignature(this.deps.switchKey, timestamp, signature, rawBody)) throw signatureInvalid();
    if (!identity.tenantId) throw errors.unauthenticated();
    const body = parseBody(rawBody);
    try {
      return await this.db.tx(identity.tenantId, async (tx) => {
        const first = await lockInbound(tx, body.sessionId);
        if (first) return toAnswer(first);
        if (!(await claimInboundSession(tx, body.sessionId))) throw signatureInvalid();
        const credited = await this.deps.accounts.creditInbound(tx, { ...body, accountNo: body.accountNumber, note: body.narration });
        const row = { ...body, status: 'CREDITED' as const, reasonCode: null, reason: null, accountId: credited.accountId, savingsTransactionId: credited.savingsTransactionId, creditedOn: await this.deps.businessDates.today(tx) };
        await insertInbound(tx, row);
        return toAnswer(row);
      });
    } catch (error) {
      // Database.tx ran it again and it still lost a lock race: nothing was credited or recorded, and the
      // session is idempotent, so the switch is told to send it again (503), never a 500.
      if (isRetryableConflict(error)) {
        const message = 'The credit could not be applied now; send the same session again.';
        throw new PlatformError('unavailable', message, [{ code: PAYMENTS_CODES.inboundRetry, message }]);
      }
      const code = error instanceof PlatformError ? error.extensions.errors?.[0]?.code ?? error.extensions.code : undefined;
      const reasonCode = code ? REFUSAL_BY_CODE[code] : undefined;
      if (!reasonCode) throw error;
      // The credit rolled back; the refusal is recorded in its own transaction so that a replay answers it too.
      return this.db.tx(identity.tenantId, async (tx) => {
        const first = await lockInbound(tx, body.sessionId);
        if (first) return toAnswer(first);
        if (!(await claimInboundSession(tx, body.sessionId))) throw signatureInvalid();
        const row = { ...body, status: 'REJECTED' as const, reasonCode, reason: (error as Error).message, accountId: null, savingsTransactionId: null, creditedOn: null };
        await insertInbound(tx, row);
        return toAnswer(row);
      });
    }
  }
}

function parseBody(rawBody: string): InboundBody {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseExactJson<Record<string, unknown>>(rawBody);
  } catch {
    parsed = {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) parsed = {};
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const originator = (typeof parsed.originator === 'object' && parsed.originator !== null ? parsed.originator : {}) as Record<string, unknown>;
  let amount: string | null = null;
  try {
    amount = typeof parsed.amount === 'boolean' ? null : decimalText(parsed.amount);
  } catch {
    amount = null;
  }
  const v = new Validator('interbank.inbound');
  v.check(/^[0-9A-Za-z-]{1,64}$/.test(text(parsed.sessionId) ?? ''), 'sessionId', 'invalid', 'The parameter `sessionId` is 1 to 64 letters and digits.', parsed.sessionId);
  v.check(ACCOUNT_NUMBER.test(text(parsed.accountNumber) ?? ''), 'accountNumber', 'invalid', 'The parameter `accountNumber` is an account number (digits; a NUBAN has 10).', parsed.accountNumber);
  v.check(amount !== null && /^\d{1,14}(\.\d{1,6})?$/.test(amount) && new Money(amount).gt(0), 'amount', 'invalid', 'The parameter `amount` is a positive amount.', parsed.amount);
  v.check(/^[A-Z]{3}$/.test(text(parsed.currency) ?? ''), 'currency', 'invalid', 'The parameter `currency` is an ISO 4217 code.', parsed.currency);
  v.check(parsed.narration == null || (typeof parsed.narration === 'string' && parsed.narration.length <= 500), 'narration', 'invalid', 'The parameter `narration` is text of at most 500 characters.');
  for (const key of ['bankName', 'accountNo', 'senderName']) {
    const value = text(originator[key]);
    v.check(value !== null && value.length > 0 && value.length <= 200, `originator.${key}`, 'invalid', `The parameter \`originator.${key}\` is required text.`);
  }
  v.throwIfAny();
  return {
    sessionId: text(parsed.sessionId)!, accountNumber: text(parsed.accountNumber)!, amount: formatAmount(amount!), currency: text(parsed.currency)!, narration: text(parsed.narration),
    originator: { bankName: text(originator.bankName)!, accountNo: text(originator.accountNo)!, senderName: text(originator.senderName)! },
  };
}
