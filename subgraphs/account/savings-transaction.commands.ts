import { cteRef, type CteFragment } from '../kernel/cte.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { riding, type CompanionEvent } from '../kernel/outbox.js';
import { noteAudit, PROCESSING_RESULT } from '../kernel/audit.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { Money, formatAmount } from '../kernel/money.js';
import type { CashMovement } from '../kernel/ports.js';
import type { AccountDependencies, AccountPaymentType } from './account.ports.js';
import { CASH_GL, CHARGE_FEES_OUTSTANDING, LIABILITY_GL, SETTLEMENT_GL, TXN_DEPOSIT, TXN_INTEREST_POSTING, TXN_WITHDRAWAL, TXN_WITHHOLD_TAX, type AccountRow } from './account.rows.js';
import { loadAccount } from './store/account-read.store.js';
import { canDebit } from './domain/balance-rules.js';
import { checkAmount, checkDate, checkUsable, insufficient, rule, txnNotFound, validateTransactionInput, type TransactionInput } from './movement-rules.js';
import type { SavingsAccountService } from './savings-account.service.js';
import type { SavingsFees } from './savings-fees.js';
import type { SavingsMovements } from './savings-movements.js';
import type { SavingsTransactionQueries } from './savings-transaction.queries.js';
import { insertHold } from './store/maker-checker.store.js';
import { DETAIL_KEYS, transactionToUndo, type Leg, type TransactionRow } from './store/savings-transaction.store.js';
import { ACCOUNT_CODES } from './codes.js';
import { movementLane } from './movement-lane.js';

/** A deposit or withdrawal on one account. `approved`: a checker executes a held withdrawal, so no ceiling applies. */
export interface MovementCommand {
  accountId: number;
  transaction: TransactionInput;
  approved?: boolean;
}

/** The CTE of writeLeg's statement that yields the written transaction: a till's cash record waits for it. */
const LEG_CTE = cteRef('txn');

export type MoneyResult =
  /** `transferId`: the transaction is a transfer's debit leg (an approved held transfer). */
  | { kind: 'executed'; account: AccountRow; transaction: TransactionRow; transferId?: number }
  | { kind: 'pending'; account: AccountRow; commandId: number };

/** Who performs a money command: the identity decides scope; `cashUserId` whose till moves (the maker's, on approval). */
export interface Actor {
  identity: StaffIdentity;
  cashUserId?: number;
}

/**
 * Deposits, withdrawals and undo. Every balance change here holds the account's row lock (and, for
 * KYC-checked credits, the client's, taken first) and writes the transaction, the journal, the till
 * record and the event in the caller's transaction.
 */
export class SavingsTransactionCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly accounts: SavingsAccountService,
    private readonly movements: SavingsMovements,
    private readonly queries: SavingsTransactionQueries,
    private readonly fees: SavingsFees,
  ) {}

  async deposit(identity: Identity, accountId: number, input: TransactionInput): Promise<MoneyResult> {
    const staff = requireStaff(identity, 'DEPOSIT_SAVINGSACCOUNT');
    validateTransactionInput(input);
    return this.db.batchedTx(staff.tenantId, movementLane(accountId, 'credit'), staff.userId, (tx) => this.depositCore(tx, { identity: staff }, { accountId, transaction: input }));
  }

  async withdraw(identity: Identity, accountId: number, input: TransactionInput): Promise<MoneyResult> {
    const staff = requireStaff(identity, 'WITHDRAWAL_SAVINGSACCOUNT');
    validateTransactionInput(input);
    return this.db.batchedTx(staff.tenantId, movementLane(accountId, 'debit'), staff.userId, (tx) => this.withdrawCore(tx, { identity: staff }, { accountId, transaction: input }));
  }

  async undo(identity: Identity, accountId: number, transactionId: number): Promise<{ account: AccountRow; transaction: TransactionRow }> {
    const staff = requireStaff(identity, 'UNDOTRANSACTION_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, (tx) => this.undoCore(tx, { identity: staff }, { accountId, transactionId }));
  }

  /**
   * A deposit, in four round trips and the commit: the transaction's start (begin, role and tenant in one);
   * the reference data (payment type, business date, settings, office scope) comes from the per-tenant
   * cache; one statement locks the client (for its KYC cap), reads the account and allocates the id; the
   * journal is posted under that id (its office lock sent ahead of it); one statement locks and moves the
   * balance (re-checking the account's state and the client's cumulative KYC cap under the locks), writes
   * the transaction and its event and, for cash, locks the till's row and records the cash. The account's
   * row is locked only for that statement and the commit: deposits into one busy account (a merchant's
   * collections) queue for two round trips, not five.
   */
  async depositCore(tx: Tx, actor: Actor, command: MovementCommand): Promise<MoneyResult> {
    const { accountId, transaction: input } = command;
    const paymentType = await this.paymentTypeOf(tx, input);
    const today = await this.deps.businessDates.today(tx);
    const { account, client, transactionId } = await this.movements.lockForMovement(tx, actor.identity, accountId, today, true);
    checkMovement(account, input, today, true);
    const caps = await this.movements.kycCaps(tx, client, input.transactionAmount!);
    const posting = await this.postJournal(tx, actor, account, transactionId, input, paymentType.isCashPayment, 'in');
    const bankName = await this.movements.bankName(tx);
    const legInput = { ...legOf(account, true, TXN_DEPOSIT, input, paymentType, actor.identity.userId), id: transactionId };
    const event = riding(this.movements.movementEvent(account, client, transactionId, true, legInput.amount, 'DEPOSIT', { bankName, accountNo: input.accountNumber ?? '', senderName: bankName }, { date: input.transactionDate! }), posting.companion);
    const cash = paymentType.isCashPayment ? cashMovement(actor, account, transactionId, input.transactionAmount!, 'in') : null;
    const leg = await this.movements.writeLeg(tx, legInput, { event, kyc: caps ? { client, caps } : undefined, unlocked: { today }, cash: await this.cashSql(tx, cash) });
    if (cash && !leg.cashRecorded) await this.deps.recordCash(tx, cash);
    // Fees left unpaid for want of money are collected when money arrives (flagged accounts only).
    if ((account.chargeFlags & CHARGE_FEES_OUTSTANDING) !== 0) await this.fees.collectOutstanding(tx, accountId, client, today, input.transactionDate!, actor.identity.userId);
    return executed(legInput, leg, paymentType.name);
  }

  /**
   * A withdrawal, ordered like a deposit (no client lock: no cap applies to a debit). A cash withdrawal
   * above the tenant's teller ceiling, or a non-cash one above the non-cash ceiling when the tenant has
   * enabled it, does not execute: it becomes a maker-checker entry that holds the amount (unless
   * `approved`, when a checker executes it).
   */
  async withdrawCore(tx: Tx, actor: Actor, command: MovementCommand): Promise<MoneyResult> {
    const { accountId, transaction: input } = command;
    const paymentType = await this.paymentTypeOf(tx, input);
    const today = await this.deps.businessDates.today(tx);
    const amount = input.transactionAmount!;
    const { account, client, transactionId } = await this.movements.lockForMovement(tx, actor.identity, accountId, today, false);
    checkMovement(account, input, today, false);
    // A withdrawal fee rides with the withdrawal: the account must hold both.
    const fees = await this.fees.withdrawalFees(tx, account, amount);
    const needed = fees.reduce((sum, f) => sum.plus(f.amount), new Money(amount)).toFixed();
    if (!canDebit(account, needed)) throw insufficient(account, needed);
    if (!command.approved) {
      const ceiling = await this.movements.approvalCeiling(tx, paymentType.isCashPayment);
      if (ceiling != null && new Money(amount).gt(ceiling)) {
        const commandId = await insertHold(tx, {
          entityName: 'SAVINGSACCOUNT', actionName: 'WITHDRAWAL', accountId: account.id, officeId: account.officeId, amount, command: input, makerId: actor.identity.userId, makerDelegatedBy: actor.identity.delegatedBy ?? null, madeOn: today,
        });
        noteAudit({ processingResult: PROCESSING_RESULT.awaitingApproval, subresourceId: commandId });
        return { kind: 'pending', account: (await loadAccount(tx, today, accountId))!, commandId };
      }
    }
    const posting = await this.postJournal(tx, actor, account, transactionId, input, paymentType.isCashPayment, 'out');
    const bankName = await this.movements.bankName(tx);
    const legInput = { ...legOf(account, false, TXN_WITHDRAWAL, input, paymentType, actor.cashUserId ?? actor.identity.userId), id: transactionId };
    const event = riding(this.movements.movementEvent(account, client, transactionId, false, legInput.amount, 'WITHDRAWAL', { bankName, accountNo: account.accountNo, senderName: client.displayName }, { date: input.transactionDate! }), posting.companion);
    const cash = paymentType.isCashPayment ? cashMovement(actor, account, transactionId, amount, 'out') : null;
    const leg = await this.movements.writeLeg(tx, legInput, { event, cash: await this.cashSql(tx, cash) });
    if (cash && !leg.cashRecorded) await this.deps.recordCash(tx, cash);
    if (fees.length > 0) {
      const after = { ...account, accountBalance: leg.runningBalance, totalDeposits: leg.totalDeposits, totalWithdrawals: leg.totalWithdrawals };
      await this.fees.take(tx, after, client, fees, input.transactionDate!, actor.identity.userId);
    }
    return executed(legInput, leg, paymentType.name);
  }

  /**
   * Undo: the transaction is marked reversed, the balance and every later running balance corrected, the
   * journal reversed, the till given the opposite cash movement. Transfer and loan legs are undone by
   * their own operations.
   */
  async undoCore(tx: Tx, actor: Actor, command: { accountId: number; transactionId: number }): Promise<{ account: AccountRow; transaction: TransactionRow }> {
    const { accountId, transactionId } = command;
    const staff = actor.identity;
    const { account, client, today } = await this.accounts.visible(tx, staff, accountId, { lock: true });
    const found = await transactionToUndo(tx, accountId, transactionId);
    if (!found) throw txnNotFound(transactionId);
    const { txn } = found;
    if (txn.reversed) throw rule(ACCOUNT_CODES.savingsaccountTransactionAlreadyReversed, `Transaction ${transactionId} is already reversed.`, [transactionId]);
    if (txn.transferId != null || found.loanId != null) {
      throw rule(ACCOUNT_CODES.savingsaccountTransactionNotUndoable, 'Transfer and loan transactions are undone through the transfer or the loan.', [transactionId]);
    }
    // Interest and its tax are the posting run's: it reverses and reposts them when a period changes.
    if (txn.transactionType === TXN_INTEREST_POSTING || txn.transactionType === TXN_WITHHOLD_TAX) {
      throw rule(ACCOUNT_CODES.savingsaccountTransactionNotUndoable, 'Interest postings and withheld tax are corrected by posting interest again, not undone.', [transactionId]);
    }
    // The other bank has paid out (or the money came from it): undoing our leg would refund or take back
    // money the switch settled, and GL 11201 would stop matching the settlement report. A return is new
    // money in the other direction, booked as a new (four-eyes) movement, never an undo.
    if (found.interbank) {
      throw rule(ACCOUNT_CODES.savingsaccountTransactionInterbankUndoNotAllowed, 'An inter-bank transfer\'s debit or an inbound credit cannot be undone; book a return as a new movement.', [transactionId]);
    }
    const runningBalance = await this.movements.reverseLeg(tx, account, txn, staff.userId, today);
    await this.deps.journal.reverse(tx, `S${txn.id}`, { date: today, actor: staff.userId });
    if (found.isCash) {
      await this.deps.recordCash(tx, {
        userId: staff.userId, officeId: account.officeId, currency: account.currencyCode, direction: txn.credit ? 'out' : 'in', amount: txn.amount,
        source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${txn.id}` },
      });
    }
    const bankName = await this.movements.bankName(tx);
    await this.movements.emitMovement(tx, account, client, txn.id, !txn.credit, txn.amount, runningBalance, 'UNDOTRANSACTION', { bankName, accountNo: account.accountNo, senderName: client.displayName }, { date: today });
    return { account: (await loadAccount(tx, today, accountId))!, transaction: await this.queries.txn(tx, txn.id) };
  }

  /** The payment type named by the input (cached reference data); 404 when the tenant has none such. */
  private async paymentTypeOf(tx: Tx, input: TransactionInput): Promise<AccountPaymentType> {
    const paymentType = await this.deps.paymentType(tx, input.paymentTypeId!);
    if (!paymentType) throw errors.notFound(ACCOUNT_CODES.paymentTypeInvalid, `Payment type with identifier ${input.paymentTypeId} does not exist`, input.paymentTypeId);
    return paymentType;
  }

  /**
   * Journal (cash: 11101, otherwise 11201 settlement, against the product's liability), id S<savingsTxnId>.
   * Its event rides in the movement's event row (the leg's statement writes it): one outbox row per deposit.
   */
  private async postJournal(tx: Tx, actor: Actor, account: AccountRow, transactionId: number, input: TransactionInput, cash: boolean, direction: 'in' | 'out'): Promise<{ companion?: CompanionEvent }> {
    const amount = formatAmount(input.transactionAmount!);
    const asset = cash ? CASH_GL : SETTLEMENT_GL;
    const liability = LIABILITY_GL[account.accountType];
    return this.deps.journal.post(tx, {
      companionEvent: true,
      officeId: account.officeId,
      currency: account.currencyCode,
      date: input.transactionDate!,
      lines: direction === 'in' ? [{ glCode: asset, debit: amount }, { glCode: liability, credit: amount }] : [{ glCode: liability, debit: amount }, { glCode: asset, credit: amount }],
      source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${transactionId}` },
      actor: actor.identity.userId,
    });
  }

  /**
   * The till's record of a cash movement as CTEs for the leg's statement (gated on its `txn`), when a till
   * module offers them; the till's row is then locked after the account's, in the same round trip, and held
   * only until commit. Without them (or when they record nothing) the caller calls recordCash after the leg.
   */
  private async cashSql(tx: Tx, movement: CashMovement | null): Promise<CteFragment | undefined> {
    return movement && this.deps.cashSql ? this.deps.cashSql(tx, movement, LEG_CTE) : undefined;
  }
}

/** The rules every deposit and withdrawal shares: status, blocks, dates, amount precision. */
function checkMovement(account: AccountRow, input: TransactionInput, today: string, credit: boolean): void {
  checkUsable(account, credit);
  checkDate(account, input.transactionDate!, today);
  checkAmount(account, input.transactionAmount!);
}

/** The result of an executed leg, built from what was just written (no second read of the rows it wrote). */
function executed(leg: Leg, written: { id: number; runningBalance: string; totalDeposits: string; totalWithdrawals: string }, paymentTypeName: string | null): MoneyResult {
  const a = leg.account;
  const account: AccountRow = { ...a, accountBalance: written.runningBalance, totalDeposits: written.totalDeposits, totalWithdrawals: written.totalWithdrawals };
  const transaction: TransactionRow = {
    id: written.id, accountId: a.id, accountNo: a.accountNo, transactionType: leg.type, credit: leg.credit, amount: leg.amount, runningBalance: written.runningBalance,
    date: leg.date, submittedOnDate: leg.date, reversed: false, paymentTypeId: leg.paymentTypeId, paymentTypeName,
    accountNumber: leg.details.accountNumber ?? null, checkNumber: leg.details.checkNumber ?? null, routingCode: leg.details.routingCode ?? null,
    receiptNumber: leg.details.receiptNumber ?? null, bankNumber: leg.details.bankNumber ?? null, note: leg.note, transferId: leg.transferId ?? null, currencyCode: a.currencyCode,
  };
  return { kind: 'executed', account, transaction };
}

function cashMovement(actor: Actor, account: AccountRow, transactionId: number, amount: string, direction: 'in' | 'out'): CashMovement {
  return {
    userId: actor.cashUserId ?? actor.identity.userId, officeId: account.officeId, currency: account.currencyCode, direction, amount: formatAmount(amount),
    source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${transactionId}` },
  };
}

function legOf(account: AccountRow, credit: boolean, type: number, input: TransactionInput, paymentType: { id: number; isCashPayment: boolean }, actor: number): Leg {
  return {
    account, credit, amount: formatAmount(input.transactionAmount!), date: input.transactionDate!, type, paymentTypeId: paymentType.id, isCash: paymentType.isCashPayment,
    details: Object.fromEntries(DETAIL_KEYS.map((k) => [k, input[k] ?? null])), note: input.note ?? null, actor,
  };
}
