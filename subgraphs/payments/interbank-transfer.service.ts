import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, PlatformError, Validator } from '../kernel/errors.js';
import { requireStaff, type CustomerIdentity, type Identity } from '../kernel/identity.js';
import type { Logger } from '../platform/logger.js';
import { formatAmount, Money } from '../kernel/money.js';
import { ACCOUNT_NUMBER, PAYMENTS_CODES } from './codes.js';
import { returnTotals, type ReturnDirection } from './interbank-return.store.js';
import { newSessionId } from './domain/session-id.js';
import {
  findTransfer, finishTransfer, insertTransfer, listTransfers, lockPending, scheduleRequery, settlementTotals, type InterbankTransferRow,
} from './payments.store.js';
import { SwitchUnreachable, type FailedTransferReaction, type NameEnquiryAnswer, type PaymentsDependencies, type SwitchAnswer, type SwitchBank } from './payments.ports.js';

/** An outbound transfer as a customer asks for it (docs/interface.md's body with the destination bank). */
export interface InterbankRequest {
  fromAccountId?: number | null;
  toBankCode?: string | null;
  toAccountNumber?: string | null;
  transferAmount?: string | null;
  transferDate?: string | null;
  transferDescription?: string | null;
}

export interface InterbankReport {
  date: string;
  rows: {
    currency: string; outboundCount: number; outbound: string; inboundCount: number; inbound: string; net: string;
    outboundReturnedCount: number; outboundReturned: string; inboundReturnedCount: number; inboundReturned: string;
  }[];
}

const unavailable = () =>
  new PlatformError('unavailable', 'The payment switch is unavailable; try again later.', [{ code: PAYMENTS_CODES.switchUnavailable, message: 'The payment switch is unavailable.' }]);
const notFoundAtSwitch = (bankCode: string, accountNumber: string) =>
  errors.notFound(PAYMENTS_CODES.accountNotFound, `No account ${accountNumber} at bank ${bankCode}.`, accountNumber);
const transferNotFound = (id: unknown) => errors.notFound(PAYMENTS_CODES.transferNotFound, `Account transfer with identifier ${id} does not exist`, id);

/** The reason a FAILED transfer carries when the switch could not be reached at all (nothing was sent). */
const UNREACHABLE_REASON = 'payment switch unavailable';
/** The reason when the switch never received a session that should long have reached it (a crash before sending). */
const NEVER_RECEIVED_REASON = 'not received by the payment switch';

/**
 * Inter-bank transfers out. The money moves in three steps, each its own transaction except the switch call:
 * (1) a hold of the amount on the source account and the transfer recorded PENDING with its session id;
 * (2) the switch is called, outside any transaction; (3) its final answer settles (the hold becomes the
 * debit, DR liability CR 11201, with account.debit) or releases the hold. Step 3 runs under the transfer's
 * row lock and only while it is PENDING, so the request, the re-query worker and a restarted process can
 * all hold an answer at once and the transfer still ends in exactly one final state, once. A transfer
 * whose answer never came stays PENDING for the re-query worker, which asks the switch for its status and
 * never sends it again.
 */
export class InterbankTransferService {
  private readonly failureReactions: FailedTransferReaction[] = [];

  constructor(
    private readonly db: Database,
    private readonly deps: PaymentsDependencies,
    private readonly logger?: Logger,
  ) {}

  /** A module that reacts to a failed transfer (self-service's daily usage) registers here; it runs in the failing transaction. */
  onFailed(reaction: FailedTransferReaction): void {
    this.failureReactions.push(reaction);
  }

  // ---- the switch's directory ------------------------------------------------------------------

  async banks(): Promise<SwitchBank[]> {
    try {
      return await this.deps.switch.banks();
    } catch {
      throw unavailable();
    }
  }

  /** 404 for an account the switch does not know, 503 when it cannot be asked. */
  async nameEnquiry(bankCode: string | null | undefined, accountNumber: string | null | undefined): Promise<NameEnquiryAnswer> {
    const v = new Validator('interbank');
    v.check(typeof bankCode === 'string' && /^\d{3}$/.test(bankCode), 'bankCode', 'invalid', 'The parameter `bankCode` is a 3-digit bank code.', bankCode);
    v.check(typeof accountNumber === 'string' && ACCOUNT_NUMBER.test(accountNumber), 'accountNumber', 'invalid', 'The parameter `accountNumber` is an account number (digits; a NUBAN has 10).', accountNumber);
    v.throwIfAny();
    let answer: NameEnquiryAnswer | null;
    try {
      answer = await this.deps.switch.nameEnquiry(bankCode!, accountNumber!);
    } catch {
      throw unavailable();
    }
    if (!answer) throw notFoundAtSwitch(bankCode!, accountNumber!);
    return answer;
  }

  // ---- outbound --------------------------------------------------------------------------------

  validate(input: InterbankRequest): void {
    const v = new Validator('accounttransfer');
    v.required('fromAccountId', input.fromAccountId);
    if (v.required('toBankCode', input.toBankCode)) v.check(/^\d{3}$/.test(input.toBankCode!), 'toBankCode', 'invalid', 'The parameter `toBankCode` is a 3-digit bank code.', input.toBankCode);
    if (v.required('toAccountNumber', input.toAccountNumber)) {
      v.check(ACCOUNT_NUMBER.test(input.toAccountNumber!), 'toAccountNumber', 'invalid', 'The parameter `toAccountNumber` is an account number (digits; a NUBAN has 10).', input.toAccountNumber);
    }
    if (v.required('transferAmount', input.transferAmount)) {
      v.check(new Money(input.transferAmount!).gt(0), 'transferAmount', 'not.greater.than.zero', 'The parameter `transferAmount` must be greater than 0.', input.transferAmount);
    }
    v.required('transferDate', input.transferDate);
    v.maxLength('transferDescription', input.transferDescription, 500);
    v.throwIfAny();
  }

  /**
   * Step 1, in the caller's transaction (which also holds the customer's daily-limit lock): the hold and
   * the PENDING record, both committed before the switch hears of the transfer. The worker leaves it
   * alone until the request has had its time with the switch.
   */
  async holdCore(tx: Tx, customer: CustomerIdentity, input: InterbankRequest, accountName: string): Promise<InterbankTransferRow> {
    const amount = formatAmount(input.transferAmount!);
    const bankCode = (await this.deps.settings.read(tx, 'bank-code')).stringValue ?? '999';
    const sessionId = newSessionId(`000${bankCode}`);
    const { holdId, account } = await this.deps.accounts.hold(tx, { accountId: input.fromAccountId!, clientIds: customer.clientIds, amount, date: input.transferDate!, reference: sessionId });
    const id = await this.deps.accounts.nextTransferId(tx);
    await insertTransfer(tx, {
      id, sessionId, clientId: account.clientId, fromAccountId: account.id, fromAccountNo: account.accountNo, officeId: account.officeId, holdId,
      toBankCode: input.toBankCode!, toAccountNumber: input.toAccountNumber!, toAccountName: accountName, amount, currencyCode: account.currencyCode,
      transferDate: input.transferDate!, description: input.transferDescription ?? null,
    }, customer.userId, this.deps.timeoutMs + this.deps.requeryBaseMs);
    return (await findTransfer(tx, id))!;
  }

  /** Step 2 and 3: sends the PENDING transfer once and applies the answer, if one came in time. */
  async dispatch(tenantId: string, id: number): Promise<InterbankTransferRow> {
    const transfer = await this.db.tx(tenantId, (tx) => findTransfer(tx, id));
    if (!transfer || transfer.status !== 'PENDING') return transfer!;
    const originator = await this.db.tx(tenantId, (tx) => this.originator(tx, transfer));
    let answer: SwitchAnswer | null = null;
    try {
      answer = await this.deps.switch.transfer({
        sessionId: transfer.sessionId, bankCode: transfer.toBankCode, accountNumber: transfer.toAccountNumber, accountName: transfer.toAccountName,
        amount: transfer.amount, currency: transfer.currencyCode, narration: transfer.description ?? '', originator,
      });
    } catch (error) {
      if (error instanceof SwitchUnreachable) answer = { sessionId: transfer.sessionId, status: 'FAILED', reason: UNREACHABLE_REASON };
      else this.logger?.warn({ err: error, tenant: tenantId, transferId: id }, 'no answer from the payment switch; the transfer is left to the status re-query');
    }
    if (answer && answer.status !== 'PENDING') return this.applyAnswer(tenantId, id, answer);
    return this.db.tx(tenantId, async (tx) => {
      await scheduleRequery(tx, id, this.deps.requeryBaseMs);
      return (await findTransfer(tx, id))!;
    });
  }

  /**
   * Step 3: settles or releases, once. The transfer's row is locked while PENDING; whoever finds it no
   * longer PENDING has lost the race and changes nothing.
   */
  async applyAnswer(tenantId: string, id: number, answer: SwitchAnswer): Promise<InterbankTransferRow> {
    return this.db.tx(tenantId, async (tx) => {
      const transfer = await lockPending(tx, id);
      if (!transfer || answer.status === 'PENDING') return (await findTransfer(tx, id))!;
      if (answer.status === 'SUCCESSFUL') {
        const originator = await this.originator(tx, transfer);
        const settled = await this.deps.accounts.settle(tx, transfer.holdId, { sessionId: transfer.sessionId, note: transfer.description ?? `Inter-bank transfer to ${transfer.toAccountNumber}`, originator });
        const settledOn = await this.deps.businessDates.today(tx);
        await finishTransfer(tx, id, { status: 'SUCCESSFUL', reason: null, savingsTransactionId: settled?.savingsTransactionId ?? null, settledOn });
      } else {
        await this.deps.accounts.release(tx, transfer.holdId);
        for (const reaction of this.failureReactions) await reaction(tx, id);
        await finishTransfer(tx, id, { status: 'FAILED', reason: answer.reason ?? 'declined by the payment switch', savingsTransactionId: null, settledOn: null });
      }
      return (await findTransfer(tx, id))!;
    });
  }

  /**
   * The re-query worker's step for one due transfer: asks the switch for its status (never sends it
   * again). A session the switch never received is FAILED once it is older than twice the timeout (the
   * process that was to send it died first); no final answer schedules the next query, doubling the
   * delay up to PAYMENT_REQUERY_MAX_MS.
   */
  async requery(tenantId: string, id: number): Promise<InterbankTransferRow> {
    const transfer = await this.db.tx(tenantId, (tx) => findTransfer(tx, id));
    if (!transfer || transfer.status !== 'PENDING') return transfer!;
    let answer: SwitchAnswer | null | undefined;
    try {
      answer = await this.deps.switch.status(transfer.sessionId);
    } catch (error) {
      this.logger?.warn({ err: error, tenant: tenantId, transferId: id }, 'inter-bank status query failed');
      answer = undefined;
    }
    if (answer === null && Date.now() - transfer.createdAt.getTime() > 2 * this.deps.timeoutMs) {
      answer = { sessionId: transfer.sessionId, status: 'FAILED', reason: NEVER_RECEIVED_REASON };
    }
    if (answer && answer.status !== 'PENDING') return this.applyAnswer(tenantId, id, answer);
    const delay = Math.min(this.deps.requeryBaseMs * 2 ** Math.min(transfer.queryAttempts, 20), this.deps.requeryMaxMs);
    return this.db.tx(tenantId, async (tx) => {
      await scheduleRequery(tx, id, delay);
      return (await findTransfer(tx, id))!;
    });
  }

  /** A customer's own transfer (null when it is not one of theirs). */
  async ownTransfer(tx: Tx, customer: CustomerIdentity, id: number): Promise<InterbankTransferRow | null> {
    const transfer = await findTransfer(tx, id);
    return transfer && customer.clientIds.includes(transfer.clientId) ? transfer : null;
  }

  // ---- staff -----------------------------------------------------------------------------------

  async list(identity: Identity, filter: { status?: string | null; fromDate?: string | null; toDate?: string | null }): Promise<InterbankTransferRow[]> {
    const staff = requireStaff(identity, 'READ_ACCOUNTTRANSFER');
    const v = new Validator('interbank');
    v.check(filter.status == null || ['PENDING', 'SUCCESSFUL', 'FAILED'].includes(filter.status), 'status', 'invalid', 'The parameter `status` is PENDING, SUCCESSFUL or FAILED.', filter.status);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => listTransfers(tx, { ...filter, officeIds: await this.deps.officesInScope(tx, staff) }));
  }

  async get(identity: Identity, id: number): Promise<InterbankTransferRow> {
    const staff = requireStaff(identity, 'READ_ACCOUNTTRANSFER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const transfer = await findTransfer(tx, id);
      const offices = await this.deps.officesInScope(tx, staff);
      if (!transfer || (offices && !offices.includes(transfer.officeId))) throw transferNotFound(id);
      return transfer;
    });
  }

  /**
   * The day's settlement: SUCCESSFUL outbound minus credited inbound, less outbound transfers returned to
   * customers plus inbound credits sent back (approved returns), which is what inter-bank postings moved
   * GL 11201 by that day (outbound and inbound sent back credit it, inbound and outbound returned debit it).
   */
  async report(identity: Identity, date: string | null | undefined): Promise<InterbankReport> {
    const staff = requireStaff(identity, 'READ_REPORT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const day = date ?? (await this.deps.businessDates.today(tx));
      const totals = await settlementTotals(tx, day);
      const returns = await returnTotals(tx, day);
      const currencies = [...new Set([...totals.map((r) => r.currency), ...returns.map((r) => r.currency)])].sort();
      const rows = currencies.map((currency) => {
        const base = totals.find((r) => r.currency === currency) ?? { currency, outboundCount: 0, outbound: '0', inboundCount: 0, inbound: '0' };
        const returned = (direction: ReturnDirection) => returns.find((r) => r.currency === currency && r.direction === direction) ?? { count: 0, total: '0' };
        const out = returned('OUTBOUND');
        const inn = returned('INBOUND');
        return {
          ...base, outboundReturnedCount: out.count, outboundReturned: formatAmount(out.total), inboundReturnedCount: inn.count, inboundReturned: formatAmount(inn.total),
          net: new Money(base.outbound).minus(base.inbound).minus(out.total).plus(inn.total).toFixed(),
        };
      });
      return { date: day, rows };
    });
  }

  private async originator(tx: Tx, transfer: InterbankTransferRow): Promise<{ bankName: string; accountNo: string; senderName: string }> {
    const bankName = (await this.deps.settings.read(tx, 'bank-name')).stringValue ?? '';
    return { bankName, accountNo: transfer.fromAccountNo, senderName: await this.deps.clientName(tx, transfer.clientId) };
  }
}
