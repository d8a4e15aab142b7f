import type { Identity } from '../kernel/identity.js';
import { formatAmount } from '../kernel/money.js';
import type { Tx } from '../kernel/tx.js';
import type { SavingsChargesHook, SavingsChargesSlot } from './savings-charges.hook.js';
import type { AccountDependencies } from './account.ports.js';
import { STATUS_ACTIVE } from './account.rows.js';
import { canDebit } from './domain/balance-rules.js';
import { insufficient, notActive } from './movement-rules.js';
import type { SavingsAccountService } from './savings-account.service.js';
import type { FeeToTake, SavingsFees, SavingsFeeHook } from './savings-fees.js';
import { loadAccount } from './store/account-read.store.js';
import { changeChargeFlags } from './store/savings-account.store.js';
import { accountNotFound } from './savings-account.service.js';

/** A savings or current account as the charges module sees it. */
export interface AccountForCharges {
  id: number;
  accountNo: string;
  clientId: number;
  officeId: number;
  productId: number;
  currencyCode: string;
  digits: number;
  status: number;
  activatedOnDate: string | null;
}

/**
 * What the charges module reaches savings and current accounts through (wired in the composition root):
 * who may see an account, its fee flags, and fees taken from it, each in the caller's transaction.
 */
export function accountsForCharges(deps: Required<AccountDependencies>, accounts: SavingsAccountService, fees: SavingsFees, charges: SavingsChargesSlot) {
  return {
    /** The charges module's fee callbacks; the account module calls them on withdrawals and credits. */
    register(hook: SavingsFeeHook): void {
      fees.register(hook);
    },

    /** The charges module's hook for products' charges and accounts opened on them. */
    registerOpenings(hook: SavingsChargesHook): void {
      charges.register(hook);
    },

    /** The account when the caller may see it; otherwise 404, as the account's own paths answer. */
    async visible(tx: Tx, identity: Identity, accountId: number): Promise<AccountForCharges> {
      const { account: a } = await accounts.visible(tx, identity, accountId);
      return {
        id: a.id, accountNo: a.accountNo, clientId: a.clientId, officeId: a.officeId, productId: a.productId, currencyCode: a.currencyCode, digits: a.digitsAfterDecimal,
        status: a.status, activatedOnDate: a.activatedOnDate,
      };
    },

    async changeFlags(tx: Tx, accountId: number, set: number, clear: number): Promise<void> {
      await changeChargeFlags(tx, accountId, set, clear);
    },

    /** Collects what the account can pay of its outstanding fees now (the account flagged CHARGE_FEES_OUTSTANDING). */
    async collectOutstanding(tx: Tx, accountId: number, date: string, actor: number | null): Promise<void> {
      const today = await deps.businessDates.today(tx);
      const account = await loadAccount(tx, today, accountId);
      const client = account && (await deps.clients.forAccount(tx, account.clientId));
      if (!client) throw accountNotFound(accountId);
      await fees.collectOutstanding(tx, accountId, client, today, date, actor);
    },

    /** Takes one fee in full now (Fineract's paycharge): 403 when the account cannot pay it. */
    async payFee(tx: Tx, identity: Identity, accountId: number, fee: FeeToTake, date: string, actor: number | null): Promise<void> {
      const { account, client } = await accounts.visible(tx, identity, accountId, { lock: true });
      if (account.status !== STATUS_ACTIVE) throw notActive();
      if (!canDebit(account, fee.amount)) throw insufficient(account, formatAmount(fee.amount));
      await fees.take(tx, account, client, [fee], date, actor);
    },
  };
}
