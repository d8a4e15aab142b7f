import { riding } from '../kernel/outbox.js';
import { Money, formatAmount } from '../kernel/money.js';
import type { Tx } from '../kernel/tx.js';
import type { AccountClient, AccountDependencies } from './account.ports.js';
import { CHARGE_FEES_OUTSTANDING, CHARGE_WITHDRAWAL_FEE, LIABILITY_GL, type AccountRow } from './account.rows.js';
import { withdrawable } from './domain/balance-rules.js';
import type { SavingsMovements } from './savings-movements.js';
import { loadAccount } from './store/account-read.store.js';
import { setChargeFlags } from './store/savings-account.store.js';
import { nextTransactionId } from './store/savings-transaction.store.js';

/** A fee to take from an account now: at most `amount`, posted to the charge's income account. */
export interface FeeToTake {
  /** The charges module's savings charge id. */
  feeId: number;
  chargeName: string;
  amount: string;
  /** The GL code of the charge's income account. */
  incomeGlCode: string;
  /** Fineract's savings transaction type: 4 withdrawal fee, 5 annual fee, 7 pay charge. */
  transactionType: number;
}

/** What the account identifies itself by to the charges module. */
export interface FeeAccount {
  id: number;
  currencyCode: string;
  digits: number;
}

/**
 * The charges module's side of a movement, registered with the account module (which cannot depend on
 * it): the fees a withdrawal carries, the fees still owed, and what was collected of each.
 */
export interface SavingsFeeHook {
  withdrawalFees(tx: Tx, account: FeeAccount, amount: string): Promise<FeeToTake[]>;
  /** Outstanding fees, oldest first, each with what is still owed. */
  outstandingFees(tx: Tx, accountId: number): Promise<FeeToTake[]>;
  collected(tx: Tx, feeId: number, amount: string, transactionId: number, date: string): Promise<void>;
}

/**
 * Fees taken from savings and current accounts: each a debit transaction of Fineract's fee type with its
 * journal (DR the product's liability GL, CR the charge's income account) and its `account.debit` event
 * (`reason: "fee"`), in the caller's transaction, on an account whose row the caller has locked.
 * Accounts without charges never reach the hook: their flags, read in the movement's own statement, say so.
 */
export class SavingsFees {
  private hook: SavingsFeeHook | null = null;

  constructor(
    private readonly deps: Required<AccountDependencies>,
    private readonly movements: SavingsMovements,
  ) {}

  register(hook: SavingsFeeHook): void {
    this.hook = hook;
  }

  /** The fees a withdrawal of `amount` carries (none unless the account has a withdrawal fee). */
  async withdrawalFees(tx: Tx, account: AccountRow, amount: string): Promise<FeeToTake[]> {
    if (!this.hook || (account.chargeFlags & CHARGE_WITHDRAWAL_FEE) === 0) return [];
    return this.hook.withdrawalFees(tx, { id: account.id, currencyCode: account.currencyCode, digits: account.digitsAfterDecimal }, amount);
  }

  /** Takes each fee in full from the locked account `account`; answers the account as it is after them. */
  async take(tx: Tx, account: AccountRow, client: AccountClient, fees: readonly FeeToTake[], date: string, actor: number | null): Promise<AccountRow> {
    let current = account;
    const bankName = fees.length > 0 ? await this.movements.bankName(tx) : '';
    for (const fee of fees) {
      const amount = formatAmount(fee.amount);
      if (new Money(amount).lte(0)) continue;
      const id = await nextTransactionId(tx);
      const posting = await this.deps.journal.post(tx, {
        companionEvent: true, officeId: current.officeId, currency: current.currencyCode, date,
        lines: [{ glCode: LIABILITY_GL[current.accountType], debit: amount }, { glCode: fee.incomeGlCode, credit: amount }],
        source: { entityType: 'SAVINGS', entityId: current.id, transactionId: `S${id}` }, comments: fee.chargeName, actor,
      });
      const base = this.movements.movementEvent(current, client, id, false, amount, 'WITHDRAWAL', { bankName, accountNo: current.accountNo, senderName: client.displayName }, { date });
      const event = riding({ ...base, data: { ...base.data, type: 'FEE', reason: 'fee', chargeName: fee.chargeName } }, posting.companion);
      const written = await this.movements.writeLeg(tx, {
        id, account: current, credit: false, amount, date, type: fee.transactionType, paymentTypeId: null, isCash: false, details: {}, note: fee.chargeName, actor,
      }, { event });
      await this.hook!.collected(tx, fee.feeId, amount, id, date);
      current = { ...current, accountBalance: written.runningBalance, totalDeposits: written.totalDeposits, totalWithdrawals: written.totalWithdrawals };
    }
    return current;
  }

  /**
   * Collects what it can of the fees still owed (after a credit, or when a fee falls due), never taking the
   * account below what the product allows (its overdraft limit or zero, less what is on hold). The account
   * is read again under its lock: the amounts on hold must be summed after the lock is granted. The flag is
   * cleared once nothing is owed. Only accounts flagged CHARGE_FEES_OUTSTANDING come here.
   */
  async collectOutstanding(tx: Tx, accountId: number, client: AccountClient, today: string, date: string, actor: number | null): Promise<AccountRow | null> {
    const account = await loadAccount(tx, today, accountId, true);
    if (!this.hook || !account || (account.chargeFlags & CHARGE_FEES_OUTSTANDING) === 0) return account;
    const owed = await this.hook.outstandingFees(tx, account.id);
    let room = withdrawable(account);
    const taking: FeeToTake[] = [];
    let settled = true;
    for (const fee of owed) {
      const part = Money.min(fee.amount, Money.max(room, 0));
      if (part.lt(fee.amount)) settled = false;
      if (part.gt(0)) taking.push({ ...fee, amount: part.toFixed() });
      room = room.minus(part);
    }
    const after = await this.take(tx, account, client, taking, date, actor);
    if (!settled) return after;
    const flags = account.chargeFlags & ~CHARGE_FEES_OUTSTANDING;
    await setChargeFlags(tx, account.id, flags);
    return { ...after, chargeFlags: flags };
  }
}
