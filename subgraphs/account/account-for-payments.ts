import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { formatAmount } from '../kernel/money.js';
import { LIABILITY_GL, loadAccount, loadAccountByNumber, SETTLEMENT_GL, TXN_DEPOSIT, TXN_WITHDRAWAL, type AccountRow } from './account.rows.js';
import type { AccountDependencies } from './account.ports.js';
import { canDebit } from './domain/balance-rules.js';
import { ensureCreditLock } from './locks.js';
import { accountNotFound } from './savings-account.service.js';
import { checkAmount, checkDate, checkUsable, insufficient } from './movement-rules.js';
import type { Originator, SavingsMovements } from './savings-movements.js';
import { ACCOUNT_CODES } from './codes.js';

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
  const nextTransactionId = async (tx: Tx) => Number((await tx.query<{ id: string }>(`select nextval('account.savings_transaction_seq') as id`, []))[0]!.id);

  return {
    /** An id from the account transfers' sequence, so an inter-bank transfer's id never names an intra-bank transfer. */
    async nextTransferId(tx: Tx): Promise<number> {
      return Number((await tx.query<{ id: string }>(`select nextval('account.account_transfer_seq') as id`, []))[0]!.id);
    },

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
      const rows = await tx.query<{ id: string }>(
        `insert into account.payment_hold (tenant_id, account_id, amount, reference) values (?, ?, ?::numeric, ?) returning id`,
        [tx.tenantId, account.id, request.amount, request.reference],
      );
      return { holdId: Number(rows[0]!.id), account: view(account) };
    },

    /**
     * Turns a hold into the debit (S<txnId>: DR the account's liability GL, CR 11201 settlement bank) with
     * its `account.debit`. Null when the hold is no longer held (settled or released before): the status
     * changes under the account's row lock, so of two concurrent settlements one writes and one does nothing.
     * The money has already left through the switch, so blocks taken since the hold do not stop the debit.
     */
    async settle(tx: Tx, holdId: number, movement: InterbankMovement): Promise<{ savingsTransactionId: number } | null> {
      const found = await tx.query<{ account_id: number }>(`select account_id from account.payment_hold where tenant_id = ? and id = ?`, [tx.tenantId, holdId]);
      if (!found[0]) return null;
      const date = await today(tx);
      const account = (await loadAccount(tx, date, Number(found[0].account_id), true))!;
      const transactionId = await nextTransactionId(tx);
      const held = await tx.query<{ amount: string }>(
        `update account.payment_hold set status = 'settled', savings_transaction_id = ?, updated_at = now() where tenant_id = ? and id = ? and status = 'held' returning amount::text as amount`,
        [transactionId, tx.tenantId, holdId],
      );
      if (!held[0]) return null;
      const amount = formatAmount(held[0].amount);
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

    /** Gives a hold back to the available balance; false when it was no longer held (settled or released before). */
    async release(tx: Tx, holdId: number): Promise<boolean> {
      const rows = await tx.query(`update account.payment_hold set status = 'released', updated_at = now() where tenant_id = ? and id = ? and status = 'held' returning id`, [tx.tenantId, holdId]);
      return rows.length > 0;
    },

    /**
     * Credits an account by its NUBAN number from another bank (DR 11201, CR the liability GL) with its
     * `account.credit`, under the receiver's KYC caps and blocks: the client's row and credit lock first,
     * then the account's, as every KYC-checked credit takes them. Refusals are thrown with their codes.
     */
    async creditInbound(tx: Tx, credit: { accountNo: string; amount: string; currency: string } & InterbankMovement): Promise<{ savingsTransactionId: number; accountId: number }> {
      const date = await today(tx);
      const found = await loadAccountByNumber(tx, date, credit.accountNo);
      if (!found) throw accountNotFound(credit.accountNo);
      const client = (await deps.clients.forAccount(tx, found.clientId, { lock: true }))!;
      await ensureCreditLock(tx, client, false);
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
