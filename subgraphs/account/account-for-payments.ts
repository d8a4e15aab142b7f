import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { formatAmount } from '../kernel/money.js';
import { LIABILITY_GL, SETTLEMENT_GL, TXN_DEPOSIT, TXN_WITHDRAWAL, type AccountRow } from './account.rows.js';
import type { AccountClient, AccountDependencies } from './account.ports.js';
import { canDebit } from './domain/balance-rules.js';
import { accountNotFound } from './savings-account.service.js';
import { checkAmount, checkDate, checkUsable, insufficient } from './movement-rules.js';
import type { Originator, SavingsMovements } from './savings-movements.js';
import { ACCOUNT_CODES } from './codes.js';
import { loadAccount, loadAccountByNumber } from './store/account-read.store.js';
import { ensureCreditLock } from './store/locks.js';
import { insertPaymentHold, paymentHoldAccountId, releasePaymentHold, settlePaymentHold } from './store/payment-hold.store.js';
import { nextTransactionId } from './store/savings-transaction.store.js';
import { nextTransferId } from './store/transfer.store.js';

/** An account as the payments module sees it when it holds, settles or credits. */
export interface AccountForPayments {
  id: number;
  accountNo: string;
  clientId: number;
  officeId: number;
  currencyCode: string;
}

/** The money side of an inter-bank movement: the switch's session id is its reference in the event. */
export interface InterbankMovement {
  sessionId: string;
  note: string | null;
  originator: Originator;
}

const view = (a: AccountRow): AccountForPayments => ({
  id: a.id, accountNo: a.accountNo, clientId: a.clientId, officeId: a.officeId, currencyCode: a.currencyCode,
});

/**
 * What the account module offers the payments module, each call inside the caller's transaction and
 * without a permission check (payments has decided the customer owns the source account). Every hold,
 * settlement and inbound credit takes the account's row lock first (lockAccountRows), the lock every debit
 * and maker-checker hold takes, so the on-hold total a debit is checked against includes every committed hold.
 */
export function accountsForPayments(deps: Required<AccountDependencies>, movements: SavingsMovements) {
  const today = (tx: Tx) => deps.businessDates.today(tx);

  return {
    /** An id from the account transfers' sequence, so an inter-bank transfer's id never names an intra-bank transfer. */
    nextTransferId: (tx: Tx): Promise<number> => nextTransferId(tx),

    /**
     * Holds `amount` on an account of `clientIds` (404 otherwise): active, not blocked for debits, `date` not
     * after the business date nor before activation, and the amount within the available balance read under
     * the row lock. Returns the hold's id.
     */
    async hold(tx: Tx, request: { accountId: number; clientIds: readonly number[]; amount: string; date: string; reference: string }): Promise<{ holdId: number; account: AccountForPayments }> {
      const date = await today(tx);
      const account = await loadAccount(tx, date, request.accountId, true);
      if (!account || !request.clientIds.includes(account.clientId)) throw accountNotFound(request.accountId);
      checkUsable(account, false);
      checkDate(account, request.date, date);
      checkAmount(account, request.amount, { resource: 'accounttransfer', name: 'transferAmount' });
      if (!canDebit(account, request.amount)) throw insufficient(account, request.amount);
      const holdId = await insertPaymentHold(tx, account.id, request.amount, request.reference);
      return { holdId, account: view(account) };
    },

    /**
     * Turns a hold into the debit (S<txnId>: DR the account's liability GL, CR 11201 settlement bank) with
     * its `account.debit`. Null when the hold is no longer held (settled or released before): the status
     * changes under the account's row lock, so of two concurrent settlements one writes and one does nothing.
     * The money has already left through the switch, so blocks taken since the hold do not stop the debit.
     */
    async settle(tx: Tx, holdId: number, movement: InterbankMovement): Promise<{ savingsTransactionId: number } | null> {
      const accountId = await paymentHoldAccountId(tx, holdId);
      if (accountId === null) return null;
      const date = await today(tx);
      const account = (await loadAccount(tx, date, accountId, true))!;
      const transactionId = await nextTransactionId(tx);
      const held = await settlePaymentHold(tx, holdId, transactionId);
      if (held === null) return null;
      const amount = formatAmount(held);
      const client = (await deps.clients.forAccount(tx, account.clientId))!;
      await deps.journal.post(tx, {
        officeId: account.officeId, currency: account.currencyCode, date,
        lines: [{ glCode: LIABILITY_GL[account.accountType], debit: amount }, { glCode: SETTLEMENT_GL, credit: amount }],
        source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${transactionId}` },
        comments: `Inter-bank transfer ${movement.sessionId}`,
      });
      const event = movements.movementEvent(account, client, transactionId, false, amount, 'WITHDRAWAL', movement.originator, { date });
      event.data = { ...event.data, type: 'INTERBANK', sessionId: movement.sessionId };
      await movements.writeLeg(tx, { id: transactionId, account, credit: false, amount, date, type: TXN_WITHDRAWAL, paymentTypeId: null, isCash: false, details: {}, note: movement.note, actor: null }, { event });
      return { savingsTransactionId: transactionId };
    },

    /** The account, for the office scope of a return's maker; null when it does not exist. */
    async account(tx: Tx, accountId: number): Promise<AccountForPayments | null> {
      const account = await loadAccount(tx, await today(tx), accountId);
      return account ? view(account) : null;
    },

    /**
     * Posts an approved return of an inter-bank leg against 11201, with its event: an outbound transfer the
     * switch sent back is credited to the customer (DR 11201, CR liability), an inbound credit sent back is
     * debited (DR liability, CR 11201), so GL 11201 keeps matching what the switch settles. The credit takes
     * the locks every credit takes (the client's credit lock and row, then the account's); the money was the
     * customer's before the transfer left, so no KYC cap refuses it. The debit is checked against the
     * available balance under the account's row lock, like every debit.
     */
    async returnLeg(tx: Tx, leg: { accountId: number; credit: boolean; amount: string } & InterbankMovement): Promise<{ savingsTransactionId: number }> {
      const date = await today(tx);
      let client: AccountClient | undefined;
      if (leg.credit) {
        const accountRow = await loadAccount(tx, date, leg.accountId);
        if (!accountRow) throw accountNotFound(leg.accountId);
        const seen = (await deps.clients.forAccount(tx, accountRow.clientId))!;
        await ensureCreditLock(tx, seen, false);
        client = (await deps.clients.forAccount(tx, accountRow.clientId, { lock: true }))!;
        await ensureCreditLock(tx, client, seen.kycTier < 3);
      }
      const account = await loadAccount(tx, date, leg.accountId, true);
      if (!account) throw accountNotFound(leg.accountId);
      client ??= (await deps.clients.forAccount(tx, account.clientId))!;
      checkUsable(account, leg.credit);
      const amount = formatAmount(leg.amount);
      if (!leg.credit && !canDebit(account, amount)) throw insufficient(account, amount);
      const transactionId = await nextTransactionId(tx);
      const liability = { glCode: LIABILITY_GL[account.accountType] };
      const settlement = { glCode: SETTLEMENT_GL };
      await deps.journal.post(tx, {
        officeId: account.officeId, currency: account.currencyCode, date,
        lines: leg.credit ? [{ ...settlement, debit: amount }, { ...liability, credit: amount }] : [{ ...liability, debit: amount }, { ...settlement, credit: amount }],
        source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${transactionId}` },
        comments: `Inter-bank return ${leg.sessionId}`,
      });
      const event = movements.movementEvent(account, client, transactionId, leg.credit, amount, leg.credit ? 'DEPOSIT' : 'WITHDRAWAL', leg.originator, { date });
      event.data = { ...event.data, type: 'INTERBANK_RETURN', sessionId: leg.sessionId };
      await movements.writeLeg(
        tx, { id: transactionId, account, credit: leg.credit, amount, date, type: leg.credit ? TXN_DEPOSIT : TXN_WITHDRAWAL, paymentTypeId: null, isCash: false, details: {}, note: leg.note, actor: null },
        { event },
      );
      return { savingsTransactionId: transactionId };
    },

    /** Gives a hold back to the available balance; false when it was no longer held (settled or released before). */
    release: (tx: Tx, holdId: number): Promise<boolean> => releasePaymentHold(tx, holdId),

    /**
     * Credits an account by its NUBAN number from another bank (DR 11201, CR the liability GL) with its
     * `account.credit`, under the receiver's KYC caps and blocks: the client's row and credit lock first,
     * then the account's, as every KYC-checked credit takes them. Refusals are thrown with their codes.
     */
    async creditInbound(tx: Tx, credit: { accountNo: string; amount: string; currency: string } & InterbankMovement): Promise<{ savingsTransactionId: number; accountId: number }> {
      const date = await today(tx);
      const found = await loadAccountByNumber(tx, date, credit.accountNo);
      if (!found) throw accountNotFound(credit.accountNo);
      // The credit lock before the client's row, as every credit takes them (HOLDER_FOR_CREDIT, docs/locking.md):
      // the row first here and the credit lock first in a transfer to the same client deadlocked (40P01).
      const seen = (await deps.clients.forAccount(tx, found.clientId))!;
      await ensureCreditLock(tx, seen, false);
      const client = (await deps.clients.forAccount(tx, found.clientId, { lock: true }))!;
      await ensureCreditLock(tx, client, seen.kycTier < 3);
      const account = (await loadAccount(tx, date, found.id, true))!;
      checkUsable(account, true);
      if (account.currencyCode !== credit.currency) {
        throw errors.domainRule(ACCOUNT_CODES.savingsaccountCurrencyMismatch, `Account ${account.accountNo} holds ${account.currencyCode}, not ${credit.currency}.`, [account.currencyCode], 'currency');
      }
      const amount = formatAmount(credit.amount);
      checkAmount(account, amount);
      const caps = await movements.kycCaps(tx, client, amount);
      const transactionId = await nextTransactionId(tx);
      await deps.journal.post(tx, {
        officeId: account.officeId, currency: account.currencyCode, date,
        lines: [{ glCode: SETTLEMENT_GL, debit: amount }, { glCode: LIABILITY_GL[account.accountType], credit: amount }],
        source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${transactionId}` },
        comments: `Inter-bank credit ${credit.sessionId}`,
      });
      const event = movements.movementEvent(account, client, transactionId, true, amount, 'DEPOSIT', credit.originator, { date });
      event.data = { ...event.data, type: 'INTERBANK', sessionId: credit.sessionId };
      await movements.writeLeg(
        tx, { id: transactionId, account, credit: true, amount, date, type: TXN_DEPOSIT, paymentTypeId: null, isCash: false, details: {}, note: credit.note, actor: null },
        { event, kyc: caps ? { client, caps } : undefined },
      );
      return { savingsTransactionId: transactionId, accountId: account.id };
    },
  };
}
