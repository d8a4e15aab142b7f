import type { Database, Tx } from '../kernel/database.js';
import { errors } from '../kernel/errors.js';
import { requireCustomer, type CustomerIdentity, type Identity } from '../kernel/identity.js';
import { formatAmount } from '../kernel/money.js';
import { SELF_CODES } from './codes.js';
import { dailyLimitSetting, withinBeneficiaryLimit, withinDailyLimit } from './domain/limits.js';
import { accountNotFound } from './own-data.service.js';
import type { SelfAccount, SelfTransfer, SelfTransferInput } from './self.ports.js';
import type { SelfDependencies } from './self.ports.js';
import { beneficiaryForAccount, lockAndSumDailyUsage, recordUsage, type BeneficiaryRow } from './self.store.js';

/**
 * Where a customer's transfer goes, which decides the rules it meets. Inter-bank transfers (issue 22) add
 * a third kind: they count against the same daily limit under their own channel and are executed by the
 * payments module instead of the account module's transfer.
 */
type TransferRoute = { kind: 'own' } | { kind: 'beneficiary'; beneficiary: BeneficiaryRow };

/** The usage channel of transfers to other customers of the institution. */
const INTRA_BANK = 'intra-bank';

/**
 * Self-service transfers within the bank: to the customer's own accounts always, to another customer only
 * to a beneficiary within its transfer limit and the KYC tier's daily limit. Executed at once by the
 * account module's transfer (both legs, events, the receiver's KYC caps, the journal) in the same
 * transaction as the daily usage it adds to.
 */
export class SelfTransferService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async transfer(identity: Identity, input: SelfTransferInput): Promise<SelfTransfer> {
    const customer = requireCustomer(identity);
    this.deps.accounts.validateTransfer(input);
    return this.db.tx(customer.tenantId, (tx) => this.transferCore(tx, customer, input));
  }

  /**
   * Transfers to others take the client's transfer lock before reading the day's sum and hold it to the
   * commit, so concurrent transfers are checked one after another and never pass the limit together.
   * The lock comes before the account module's locks (receiver's client, then both accounts), always.
   */
  async transferCore(tx: Tx, customer: CustomerIdentity, input: SelfTransferInput): Promise<SelfTransfer> {
    const source = await this.deps.accounts.get(tx, input.fromAccountId!);
    if (!source || !customer.clientIds.includes(source.clientId)) throw accountNotFound(input.fromAccountId);
    const destination = await this.deps.accounts.get(tx, input.toAccountId!);
    if (!destination) throw accountNotFound(input.toAccountId);
    const amount = formatAmount(input.transferAmount!);
    const route = await this.route(tx, customer, source, destination);
    if (route.kind === 'own') return this.deps.accounts.transfer(tx, customer, input);

    if (!withinBeneficiaryLimit(amount, route.beneficiary.transferLimit)) {
      throw errors.domainRule(SELF_CODES.beneficiaryLimitExceeded, `The amount is above this beneficiary's transfer limit of ${route.beneficiary.transferLimit}.`, [route.beneficiary.transferLimit], 'transferAmount');
    }
    const date = await this.deps.businessDates.today(tx);
    const used = await lockAndSumDailyUsage(tx, source.clientId, date);
    const sender = await this.deps.customers.client(tx, source.clientId);
    const limit = (await this.deps.settings.read(tx, dailyLimitSetting(sender!.kycTier))).value ?? '0';
    if (!withinDailyLimit(used, amount, limit)) {
      throw errors.domainRule(SELF_CODES.dailyLimitExceeded, `Transfers to others today would exceed the daily limit of ${limit}.`, [limit, used], 'transferAmount');
    }
    const transfer = await this.deps.accounts.transfer(tx, customer, input);
    await recordUsage(tx, { transferId: transfer.id, clientId: source.clientId, date, amount, channel: INTRA_BANK });
    return transfer;
  }

  private async route(tx: Tx, customer: CustomerIdentity, source: SelfAccount, destination: SelfAccount): Promise<TransferRoute> {
    if (customer.clientIds.includes(destination.clientId)) return { kind: 'own' };
    const beneficiary = await beneficiaryForAccount(tx, source.clientId, destination.id);
    if (!beneficiary) throw errors.domainRule(SELF_CODES.beneficiaryRequired, 'Transfers to another customer go only to a beneficiary; add the account as a beneficiary first.', [], 'toAccountId');
    return { kind: 'beneficiary', beneficiary };
  }
}
