import type { CteFragment } from '../kernel/cte.js';
import { exactNumber } from '../kernel/exact-json.js';
import type { Identity } from '../kernel/identity.js';
import { Money, formatAmount } from '../kernel/money.js';
import { emit, type DomainEvent } from '../kernel/outbox.js';
import type { Statement, Tx } from '../kernel/tx.js';
import type { AccountRow } from './account.rows.js';
import { loadAccount } from './store/account-read.store.js';
import type { AccountClient, AccountDependencies } from './account.ports.js';
import { balanceFloor, exceedsBalanceColumns } from './domain/balance-rules.js';
import { checkKycCredit, type TierCaps } from './domain/kyc-limit.js';
import { ensureCreditLock } from './store/locks.js';
import { balanceLimitExceeded, checkUsable, insufficient, rule } from './movement-rules.js';
import { accountNotFound } from './savings-account.service.js';
import { clientBalanceTotal } from './store/savings-account.store.js';
import { insertLeg, readForMovement, reverseTransaction, type Leg, type TransactionRow, type WrittenLeg } from './store/savings-transaction.store.js';

/** Who a movement's event names as its originator. */
export interface Originator {
  bankName: string;
  accountNo: string;
  senderName: string;
}

/**
 * The building blocks of every balance change: deposits and withdrawals, transfers, maker-checker
 * approvals, and the loan and payments ports all lock, write, reverse and announce movements through
 * these, so the lock order (locks.ts) and the KYC caps hold on every path.
 */
export class SavingsMovements {
  constructor(private readonly deps: Required<AccountDependencies>) {}

  /**
   * The amount above which a staff-made withdrawal or transfer waits for a checker: the teller ceiling for
   * cash; for any other payment type, the non-cash ceiling once the tenant has enabled it (null: none
   * applies, as when the tenant has turned maker-checker off).
   */
  async approvalCeiling(tx: Tx, cash: boolean): Promise<string | null> {
    // Fineract's global maker-checker switch: off, nothing waits for a checker.
    if (!(await this.deps.settings.read(tx, 'maker-checker')).enabled) return null;
    if (cash) return (await this.deps.settings.read(tx, 'teller-cash-withdrawal-ceiling')).value;
    const nonCash = await this.deps.settings.read(tx, 'maker-checker-non-cash-ceiling');
    return nonCash.enabled ? nonCash.value : null;
  }

  /**
   * The movement's first statement (readForMovement: a credit locks the client, a debit the account) and
   * its transaction id. Lock order, in every path: client, account. Not found, or outside the caller's
   * scope: 404.
   */
  async lockForMovement(tx: Tx, identity: Identity, accountId: number, today: string, credit: boolean): Promise<{ account: AccountRow; client: AccountClient; transactionId: number }> {
    const read = await readForMovement(tx, accountId, today, credit);
    if (!read) throw accountNotFound(accountId);
    const { account, client } = read;
    if (!(await this.deps.scope.canSee(tx, identity, { officeId: account.officeId, staffId: client.staffId, clientId: client.id }))) throw accountNotFound(accountId);
    if (credit) await ensureCreditLock(tx, client, read.creditLocked);
    return { account, client, transactionId: read.transactionId };
  }

  /** Interface section 8: the client's tier caps on one customer-initiated credit; the client's row must be locked. */
  async checkKyc(tx: Tx, client: AccountClient, amount: string): Promise<void> {
    const caps = await this.kycCaps(tx, client, amount);
    if (!caps) return;
    const verdict = checkKycCredit(caps, amount, await clientBalanceTotal(tx, client.id));
    if (!verdict.ok) throw rule(verdict.code, verdict.message, verdict.args, 'transactionAmount');
  }

  /**
   * The client's tier caps (null: tier 3, unlimited), after checking the single-credit cap; the cumulative
   * cap is left to the statement that moves the balance (writeLeg's `kyc`), which reads the client's
   * balances under the client's lock.
   */
  async kycCaps(tx: Tx, client: AccountClient, amount: string): Promise<TierCaps | null> {
    if (client.kycTier >= 3) return null;
    const caps: TierCaps = {
      tier: client.kycTier,
      singleCredit: (await this.deps.settings.read(tx, `kyc-tier-${client.kycTier}-single-deposit-limit`)).value,
      balance: (await this.deps.settings.read(tx, `kyc-tier-${client.kycTier}-balance-limit`)).value,
    };
    const verdict = checkKycCredit({ ...caps, balance: null }, amount, '0');
    if (!verdict.ok) throw rule(verdict.code, verdict.message, verdict.args, 'transactionAmount');
    return caps;
  }

  /**
   * Writes one transaction and moves the (locked) account's balance in one statement; with `event`, its
   * outbox event too (its running balance computed from the locked row, and checked against the written
   * one). With `kyc`, the balance moves only if the client's cumulative cap holds after the credit, read
   * in the same statement (under the client's lock); otherwise the cap's refusal is thrown. `also` is one
   * more write of the same movement (a transfer's row), run in the same statement. `unlocked`: the account
   * was read, not locked (a credit): this statement locks it, moves it only while it is still usable for
   * credits (a refusal is thrown from the re-read row otherwise) and gives the event the running balance
   * of the row it moved. `cash` is the till's record (kernel CashRecordSql, gated on `txn`), run after the
   * account's row is moved; `cashRecorded` says whether the till took it.
   */
  async writeLeg(
    tx: Tx, leg: Leg,
    options: { event?: DomainEvent; kyc?: { client: AccountClient; caps: TierCaps }; also?: Statement; unlocked?: { today: string }; cash?: CteFragment } = {},
  ): Promise<WrittenLeg> {
    const written = await insertLeg(tx, leg, { event: options.event, kycCap: options.kyc?.caps.balance ?? null, also: options.also, unlocked: options.unlocked !== undefined, cash: options.cash });
    if (!written) {
      let current: AccountRow = leg.account;
      if (options.unlocked) {
        // The account changed since it was read (closed, blocked): its refusal, from the row as it is now.
        const now = await loadAccount(tx, options.unlocked.today, leg.account.id, true);
        if (!now) throw accountNotFound(leg.account.id);
        checkUsable(now, leg.credit);
        current = now;
      }
      // Columns hold 14 integer digits: past them PostgreSQL would fail the statement (a 500), so the
      // statement moves nothing and the caller is told the account is full.
      if (exceedsBalanceColumns(current, leg.credit, leg.amount)) throw balanceLimitExceeded(current, leg.amount);
      // Otherwise only the cap can stop the update of a usable, existing row: throw its refusal with the client's figures.
      if (options.kyc) await this.checkKyc(tx, options.kyc.client, leg.amount);
      throw new Error(`savings account ${leg.account.id} was not updated`);
    }
    if (options.event && !options.unlocked && !new Money(written.runningBalance).eq(runningBalanceAfter(leg))) {
      throw new Error(`savings account ${leg.account.id}: the event's running balance differs from the written one (the row was not locked)`);
    }
    return written;
  }

  /**
   * Takes a transaction back out of the (locked) account: the balance, the totals and every later running
   * balance move by its amount. Refuses when that leaves the balance below its floor. Returns the new balance.
   */
  async reverseLeg(tx: Tx, account: AccountRow, txn: TransactionRow, actor: number | null, today: string): Promise<string> {
    const delta = txn.credit ? new Money(txn.amount).negated() : new Money(txn.amount);
    if (new Money(account.accountBalance).plus(delta).lt(balanceFloor(account))) throw insufficient(account, txn.amount);
    await reverseTransaction(tx, account, txn, delta.toFixed(), actor, today);
    return new Money(account.accountBalance).plus(delta).toFixed();
  }

  async bankName(tx: Tx): Promise<string> {
    return (await this.deps.settings.read(tx, 'bank-name')).stringValue ?? '';
  }

  /** One `account.credit` or `account.debit` per committed movement (docs/interface.md, Events). */
  async emitMovement(
    tx: Tx, account: AccountRow, client: AccountClient, transactionId: number, credit: boolean, amount: string, runningBalance: string, actionName: string, originator: Originator,
    movement: { date: string; transferId?: number },
  ): Promise<void> {
    await emit(tx, this.movementEvent(account, client, transactionId, credit, amount, actionName, originator, movement, runningBalance));
  }

  /** The event of a movement; its running balance defaults to the (locked) account's balance after it. */
  movementEvent(
    account: AccountRow, client: AccountClient, transactionId: number, credit: boolean, amount: string, actionName: string, originator: Originator,
    movement: { date: string; transferId?: number }, runningBalance = runningBalanceAfter({ account, credit, amount }),
  ): DomainEvent {
    return {
      eventType: credit ? 'account.credit' : 'account.debit',
      entityName: 'SAVINGSACCOUNT',
      actionName,
      data: {
        accountId: account.id,
        accountNo: account.accountNo,
        clientId: client.id,
        cif: client.cif,
        amount: exactNumber(amount),
        currency: account.currencyCode,
        runningBalance: exactNumber(runningBalance),
        reference: String(transactionId),
        originator,
        // For subscriptions and their scope (office subtree, officer's portfolio, the customer's own), and
        // transfer legs, which hooks on ACCOUNTTRANSFER/CREATE receive too.
        transactionId,
        type: actionName === 'UNDOTRANSACTION' ? 'REVERSAL' : movement.transferId != null ? 'TRANSFER' : actionName,
        date: movement.date,
        officeId: account.officeId,
        staffId: client.staffId,
        ...(movement.transferId != null ? { transferId: movement.transferId } : {}),
      },
    };
  }
}

/** The (locked) account's balance once the leg is written. */
function runningBalanceAfter(leg: Pick<Leg, 'account' | 'credit' | 'amount'>): string {
  const balance = new Money(leg.account.accountBalance);
  return formatAmount((leg.credit ? balance.plus(leg.amount) : balance.minus(leg.amount)).toFixed());
}
