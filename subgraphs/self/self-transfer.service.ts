import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { requireCustomer, type CustomerIdentity, type Identity } from '../kernel/identity.js';
import { formatAmount } from '../kernel/money.js';
import { SELF_CODES } from './codes.js';
import { dailyLimitSetting, withinBeneficiaryLimit, withinDailyLimit } from './domain/limits.js';
import { accountNotFound } from './own-data.service.js';
import type { SelfAccount, SelfDependencies, SelfInterbankTransfer, SelfTransfer, SelfTransferInput, SelfTransferOutcome } from './self.ports.js';
import { beneficiaryForAccount, deleteUsage, lockAndSumDailyUsage, recordUsage, type BeneficiaryRow } from './self.store.js';

/**
 * Where a customer's transfer goes, which decides the rules it meets: own accounts always; a beneficiary
 * within its limit and the daily limit; another bank within the daily limit, executed by the payments
 * module (a hold, the switch, then the debit or the release) instead of the account module's transfer.
 */
type TransferRoute = { kind: 'own' } | { kind: 'beneficiary'; beneficiary: BeneficiaryRow };

/** The usage channels of transfers to others: both count against one daily limit. */
const INTRA_BANK = 'intra-bank';
const INTER_BANK = 'inter-bank';

/** A body naming a destination bank is an inter-bank transfer. */
const isInterbank = (input: SelfTransferInput) => input.toBankCode != null || input.toAccountNumber != null;

/**
 * Self-service transfers: to the customer's own accounts always, to another customer only to a
 * beneficiary within its transfer limit and the KYC tier's daily limit, to another bank within the same
 * daily limit. Intra-bank transfers execute at once through the account module's transfer in the same
 * transaction as the daily usage they add to; inter-bank ones hold the amount in that transaction and
 * meet the switch after it commits.
 */
export class SelfTransferService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async transfer(identity: Identity, input: SelfTransferInput): Promise<SelfTransferOutcome> {
    const customer = requireCustomer(identity);
    if (isInterbank(input)) {
      this.deps.interbank.validate(input);
      // Before any transaction: the switch may take seconds, and an unknown account or a switch that is down holds nothing.
      const enquiry = await this.deps.interbank.nameEnquiry(input.toBankCode, input.toAccountNumber);
      const held = await this.db.tx(customer.tenantId, async (tx) => {
        const transfer = await this.interbankCore(tx, customer, input, enquiry.accountName);
        // With an Idempotency-Key this transaction is the request's own and commits only with the stored
        // answer: the switch must not hear of a hold that is not committed yet (a crash would lose the hold,
        // not the payment). The answer is PENDING and the switch is called once the commit is done; a
        // failure there is left to the re-query worker.
        if (customer.idempotency) tx.afterCommit(() => void this.deps.interbank.dispatch(customer.tenantId, transfer.id).catch(() => undefined));
        return transfer;
      });
      if (customer.idempotency) return { kind: 'interbank', transfer: held };
      return { kind: 'interbank', transfer: await this.deps.interbank.dispatch(customer.tenantId, held.id) };
    }
    this.deps.accounts.validateTransfer(input);
    return { kind: 'intra', transfer: await this.db.tx(customer.tenantId, (tx) => this.transferCore(tx, customer, input)) };
  }

  /**
   * Transfers to others take the client's transfer lock before reading the day's sum and hold it to the
   * commit, so concurrent transfers are checked one after another and never pass the limit together.
   * The lock comes before the account module's locks (receiver's client, then both accounts), always.
   */
  async transferCore(tx: Tx, customer: CustomerIdentity, input: SelfTransferInput): Promise<SelfTransfer> {
    const source = await this.ownSource(tx, customer, input);
    const destination = await this.deps.accounts.get(tx, input.toAccountId!);
    if (!destination) throw accountNotFound(input.toAccountId);
    const amount = formatAmount(input.transferAmount!);
    const route = await this.route(tx, customer, source, destination);
    if (route.kind === 'own') return this.deps.accounts.transfer(tx, customer, input);

    if (!withinBeneficiaryLimit(amount, route.beneficiary.transferLimit)) {
      throw errors.domainRule(SELF_CODES.beneficiaryLimitExceeded, `The amount is above this beneficiary's transfer limit of ${route.beneficiary.transferLimit}.`, [route.beneficiary.transferLimit], 'transferAmount');
    }
    const date = await this.lockDailyLimit(tx, source.clientId, amount);
    const transfer = await this.deps.accounts.transfer(tx, customer, input);
    await recordUsage(tx, { transferId: transfer.id, clientId: source.clientId, date, amount, channel: INTRA_BANK });
    return transfer;
  }

  /**
   * An inter-bank transfer's first step: the daily limit (inter-bank counts with third-party transfers),
   * then the payments module's hold and PENDING record, under the same transfer lock and in the same order
   * (transfer lock, then the account's row) as intra-bank transfers.
   */
  private async interbankCore(tx: Tx, customer: CustomerIdentity, input: SelfTransferInput, accountName: string): Promise<SelfInterbankTransfer> {
    const source = await this.ownSource(tx, customer, input);
    const amount = formatAmount(input.transferAmount!);
    const date = await this.lockDailyLimit(tx, source.clientId, amount);
    const transfer = await this.deps.interbank.hold(tx, customer, input, accountName);
    await recordUsage(tx, { transferId: transfer.id, clientId: source.clientId, date, amount, channel: INTER_BANK });
    return transfer;
  }

  /** A failed inter-bank transfer moved nothing: its amount no longer counts against the day (payments calls this). */
  async releaseInterbankUsage(tx: Tx, transferId: number): Promise<void> {
    await deleteUsage(tx, INTER_BANK, transferId);
  }

  private async ownSource(tx: Tx, customer: CustomerIdentity, input: SelfTransferInput): Promise<SelfAccount> {
    const source = await this.deps.accounts.get(tx, input.fromAccountId!);
    if (!source || !customer.clientIds.includes(source.clientId)) throw accountNotFound(input.fromAccountId);
    return source;
  }

  /** Takes the client's transfer lock and checks the day's transfers to others plus `amount` against the tier's limit; returns the business date. */
  private async lockDailyLimit(tx: Tx, clientId: number, amount: string): Promise<string> {
    const date = await this.deps.businessDates.today(tx);
    const used = await lockAndSumDailyUsage(tx, clientId, date);
    const sender = await this.deps.customers.client(tx, clientId);
    const limit = (await this.deps.settings.read(tx, dailyLimitSetting(sender!.kycTier))).value ?? '0';
    if (!withinDailyLimit(used, amount, limit)) {
      throw errors.domainRule(SELF_CODES.dailyLimitExceeded, `Transfers to others today would exceed the daily limit of ${limit}.`, [limit, used], 'transferAmount');
    }
    return date;
  }

  private async route(tx: Tx, customer: CustomerIdentity, source: SelfAccount, destination: SelfAccount): Promise<TransferRoute> {
    if (customer.clientIds.includes(destination.clientId)) return { kind: 'own' };
    const beneficiary = await beneficiaryForAccount(tx, source.clientId, destination.id);
    if (!beneficiary) throw errors.domainRule(SELF_CODES.beneficiaryRequired, 'Transfers to another customer go only to a beneficiary; add the account as a beneficiary first.', [], 'toAccountId');
    return { kind: 'beneficiary', beneficiary };
  }
}
