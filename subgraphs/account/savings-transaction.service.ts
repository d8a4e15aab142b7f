import { cteRef, type CteFragment } from '../kernel/cte.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { exactNumber } from '../kernel/exact-json.js';
import { requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { Money, formatAmount } from '../kernel/money.js';
import { emit, outboxInsert, type DomainEvent } from '../kernel/outbox.js';
import type { CashMovement, LoanSavingsMovement, OperatingAccount, SavingsForLoans } from '../kernel/ports.js';
import type { AccountClient, AccountDependencies, AccountPaymentType } from './account.ports.js';
import { ACCOUNT_COLUMNS, ACCOUNT_FROM, CASH_GL, CLIENT_COLUMNS, LIABILITY_GL, loadAccount, SETTLEMENT_GL, STATUS_ACTIVE, toAccountRow, toClient, TXN_DEPOSIT, TXN_WITHDRAWAL, type AccountRow, type RawAccount, type RawClient } from './account.rows.js';
import { amountProblem, BALANCE_COLUMN_MAX, BALANCE_LIMIT_EXCEEDED, balanceFloor, canDebit, exceedsBalanceColumns } from './domain/balance-rules.js';
import { checkKycCredit, type TierCaps } from './domain/kyc-limit.js';
import { HOLDER_FOR_CREDIT, ensureCreditLock, lockAccountRows } from './locks.js';
import { insertHold } from './maker-checker.store.js';
import { accountNotFound, MAX_LIMIT, type SavingsAccountService } from './savings-account.service.js';
import { ACCOUNT_CODES } from './codes.js';

export interface TransactionInput {
  transactionDate?: string | null;
  transactionAmount?: string | null;
  paymentTypeId?: number | null;
  note?: string | null;
  receiptNumber?: string | null;
  checkNumber?: string | null;
  accountNumber?: string | null;
  routingCode?: string | null;
  bankNumber?: string | null;
}

/** The CTE of writeLeg's statement that yields the written transaction: a till's cash record waits for it. */
const LEG_CTE = cteRef('txn');

const DETAIL_KEYS = ['accountNumber', 'checkNumber', 'routingCode', 'receiptNumber', 'bankNumber'] as const;

export interface TransactionRow {
  id: number;
  accountId: number;
  accountNo: string;
  transactionType: number;
  credit: boolean;
  amount: string;
  runningBalance: string;
  date: string;
  submittedOnDate: string;
  reversed: boolean;
  paymentTypeId: number | null;
  paymentTypeName: string | null;
  accountNumber: string | null;
  checkNumber: string | null;
  routingCode: string | null;
  receiptNumber: string | null;
  bankNumber: string | null;
  note: string | null;
  transferId: number | null;
  currencyCode: string;
}

export type MoneyResult =
  /** `transferId`: the transaction is a transfer's debit leg (an approved held transfer). */
  | { kind: 'executed'; account: AccountRow; transaction: TransactionRow; transferId?: number }
  | { kind: 'pending'; account: AccountRow; commandId: number };

/** Who performs a money command: the identity decides scope; `cashUserId` whose till moves (the maker's, on approval). */
export interface Actor {
  identity: StaffIdentity;
  cashUserId?: number;
}

/** One side of a money movement on one (already locked) account. */
export interface Leg {
  /** A pre-allocated transaction id (its journal was posted first); the sequence's next value otherwise. */
  id?: number;
  account: AccountRow;
  credit: boolean;
  amount: string;
  date: string;
  type: number;
  paymentTypeId: number | null;
  isCash: boolean;
  details: Partial<Record<(typeof DETAIL_KEYS)[number], string | null>>;
  note: string | null;
  transferId?: number | null;
  loanId?: number | null;
  loanTransactionId?: number | null;
  actor: number | null;
}

export interface Originator {
  bankName: string;
  accountNo: string;
  senderName: string;
}

const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);
const balanceLimitExceeded = (account: AccountRow, amount: string) =>
  rule(BALANCE_LIMIT_EXCEEDED, `Account ${account.accountNo} cannot hold ${formatAmount(amount)} more: its balance or totals would exceed ${BALANCE_COLUMN_MAX}.`, [account.id, formatAmount(amount)], 'transactionAmount');
const txnNotFound = (id: unknown) => errors.notFound(ACCOUNT_CODES.savingAccountTrasactionIdInvalid, `Savings transaction with identifier ${id} does not exist`, id);
export const insufficient = (account: AccountRow, amount: string) =>
  rule(ACCOUNT_CODES.savingsaccountTransactionInsufficientAccountBalance, `Insufficient account balance on account ${account.accountNo} for ${formatAmount(amount)}.`, [account.id, formatAmount(amount)], 'transactionAmount');

/** Rows per statement when all of an account's transactions are read. */
const ALL_PAGE = 500;

const TXN_SELECT = `select t.id, t.account_id, a.account_no, t.transaction_type, t.credit, t.amount::text as amount, t.running_balance::text as running_balance,
    to_char(t.transaction_date, 'YYYY-MM-DD') as transaction_date, to_char(t.submitted_on_date, 'YYYY-MM-DD') as submitted_on_date, t.reversed,
    t.payment_type_id, t.account_number, t.check_number, t.routing_code, t.receipt_number, t.bank_number, t.note, t.transfer_id, a.currency_code,
    t.position::text as position
  from account.savings_transaction t join account.savings_account a on a.tenant_id = t.tenant_id and a.id = t.account_id`;

interface RawTxn {
  id: string;
  /** The order of postings on the account, for keyset pages (all()). */
  position: string;
  account_id: number;
  account_no: string;
  transaction_type: number;
  credit: boolean;
  amount: string;
  running_balance: string;
  transaction_date: string;
  submitted_on_date: string;
  reversed: boolean;
  payment_type_id: number | null;
  account_number: string | null;
  check_number: string | null;
  routing_code: string | null;
  receipt_number: string | null;
  bank_number: string | null;
  note: string | null;
  transfer_id: string | null;
  currency_code: string;
}

const toTxn = (r: RawTxn): TransactionRow => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  accountNo: r.account_no,
  transactionType: Number(r.transaction_type),
  credit: r.credit,
  amount: formatAmount(r.amount),
  runningBalance: formatAmount(r.running_balance),
  date: r.transaction_date,
  submittedOnDate: r.submitted_on_date,
  reversed: r.reversed,
  paymentTypeId: r.payment_type_id,
  paymentTypeName: null,
  accountNumber: r.account_number,
  checkNumber: r.check_number,
  routingCode: r.routing_code,
  receiptNumber: r.receipt_number,
  bankNumber: r.bank_number,
  note: r.note,
  transferId: r.transfer_id == null ? null : Number(r.transfer_id),
  currencyCode: r.currency_code,
});

/**
 * Deposits, withdrawals, undo and the transaction reads. Every balance change here holds the account's
 * row lock (and, for KYC-checked credits, the client's, taken first) and writes the transaction, the
 * journal, the till record and the event in the caller's transaction.
 */
export class SavingsTransactionService {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly accounts: SavingsAccountService,
  ) {}

  // ---- commands ------------------------------------------------------------------------------

  async deposit(identity: Identity, accountId: number, input: TransactionInput): Promise<MoneyResult> {
    const staff = requireStaff(identity, 'DEPOSIT_SAVINGSACCOUNT');
    validateInput(input);
    return this.db.tx(staff.tenantId, (tx) => this.depositCore(tx, { identity: staff }, accountId, input));
  }

  async withdraw(identity: Identity, accountId: number, input: TransactionInput): Promise<MoneyResult> {
    const staff = requireStaff(identity, 'WITHDRAWAL_SAVINGSACCOUNT');
    validateInput(input);
    return this.db.tx(staff.tenantId, (tx) => this.withdrawCore(tx, { identity: staff }, accountId, input));
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
  async depositCore(tx: Tx, actor: Actor, accountId: number, input: TransactionInput): Promise<MoneyResult> {
    const paymentType = await this.paymentTypeOf(tx, input);
    const today = await this.deps.businessDates.today(tx);
    const { account, client, transactionId } = await this.lockForMovement(tx, actor.identity, accountId, today, true);
    this.checkMovement(account, input, today, true);
    const caps = await this.kycCaps(tx, client, input.transactionAmount!);
    await this.postJournal(tx, actor, account, transactionId, input, paymentType.isCashPayment, 'in');
    const bankName = await this.bankName(tx);
    const legInput = { ...legOf(account, true, TXN_DEPOSIT, input, paymentType, actor.identity.userId), id: transactionId };
    const event = this.movementEvent(account, client, transactionId, true, legInput.amount, 'DEPOSIT', { bankName, accountNo: input.accountNumber ?? '', senderName: bankName }, { date: input.transactionDate! });
    const cash = paymentType.isCashPayment ? cashMovement(actor, account, transactionId, input.transactionAmount!, 'in') : null;
    const leg = await this.writeLeg(tx, legInput, { event, kyc: caps ? { client, caps } : undefined, unlocked: { today }, cash: await this.cashSql(tx, cash) });
    if (cash && !leg.cashRecorded) await this.deps.recordCash(tx, cash);
    return executed(legInput, leg, paymentType.name);
  }

  /**
   * A withdrawal, ordered like a deposit (no client lock: no cap applies to a debit). A cash withdrawal
   * above the tenant's teller ceiling, or a non-cash one above the non-cash ceiling when the tenant has
   * enabled it, does not execute: it becomes a maker-checker entry that holds the amount (unless
   * `approved`, when a checker executes it).
   */
  async withdrawCore(tx: Tx, actor: Actor, accountId: number, input: TransactionInput, options: { approved?: boolean } = {}): Promise<MoneyResult> {
    const paymentType = await this.paymentTypeOf(tx, input);
    const today = await this.deps.businessDates.today(tx);
    const amount = input.transactionAmount!;
    const { account, client, transactionId } = await this.lockForMovement(tx, actor.identity, accountId, today, false);
    this.checkMovement(account, input, today, false);
    if (!canDebit(account, amount)) throw insufficient(account, amount);
    if (!options.approved) {
      const ceiling = await this.approvalCeiling(tx, paymentType.isCashPayment);
      if (ceiling != null && new Money(amount).gt(ceiling)) {
        const commandId = await insertHold(tx, {
          entityName: 'SAVINGSACCOUNT', actionName: 'WITHDRAWAL', accountId: account.id, officeId: account.officeId, amount, command: input, makerId: actor.identity.userId, madeOn: today,
        });
        return { kind: 'pending', account: (await loadAccount(tx, today, accountId))!, commandId };
      }
    }
    await this.postJournal(tx, actor, account, transactionId, input, paymentType.isCashPayment, 'out');
    const bankName = await this.bankName(tx);
    const legInput = { ...legOf(account, false, TXN_WITHDRAWAL, input, paymentType, actor.cashUserId ?? actor.identity.userId), id: transactionId };
    const event = this.movementEvent(account, client, transactionId, false, legInput.amount, 'WITHDRAWAL', { bankName, accountNo: account.accountNo, senderName: client.displayName }, { date: input.transactionDate! });
    const cash = paymentType.isCashPayment ? cashMovement(actor, account, transactionId, amount, 'out') : null;
    const leg = await this.writeLeg(tx, legInput, { event, cash: await this.cashSql(tx, cash) });
    if (cash && !leg.cashRecorded) await this.deps.recordCash(tx, cash);
    return executed(legInput, leg, paymentType.name);
  }

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

  /** The payment type named by the input (cached reference data); 404 when the tenant has none such. */
  private async paymentTypeOf(tx: Tx, input: TransactionInput): Promise<AccountPaymentType> {
    const paymentType = await this.deps.paymentType(tx, input.paymentTypeId!);
    if (!paymentType) throw errors.notFound(ACCOUNT_CODES.paymentTypeInvalid, `Payment type with identifier ${input.paymentTypeId} does not exist`, input.paymentTypeId);
    return paymentType;
  }

  /**
   * One statement: for a credit (`credit`), locks the account's client (for its KYC cap) and reads the
   * account, whose row the statement that moves the balance locks (writeLeg's `unlocked`); for a debit,
   * locks the account first (its balance and its holds decide; lockAccountRows says why the lock goes
   * ahead of the read rather than in it). Reads both and allocates the movement's transaction id (a
   * refused or held movement leaves a gap, as sequences do). Lock order, in every path: client, account.
   * Not found, or outside the caller's scope: 404. For a credit, `c` is the account's holder by construction
   * (its CTE looks the client up from the account), so the account is joined to it by no client column: it
   * is found by its primary key whatever the planner's statistics say, never through the client's index
   * and every other account of that client.
   */
  async lockForMovement(tx: Tx, identity: Identity, accountId: number, today: string, credit: boolean): Promise<{ account: AccountRow; client: AccountClient; transactionId: number }> {
    const rows = await tx.query<RawAccount & RawClient & { next_id: string }>(
      credit
        ? `with c as (${HOLDER_FOR_CREDIT}) select ${ACCOUNT_COLUMNS}, ${CLIENT_COLUMNS}, c.credit_locked, nextval('account.savings_transaction_seq') as next_id
           ${ACCOUNT_FROM} cross join c where a.tenant_id = ? and a.id = ?`
        : `select ${ACCOUNT_COLUMNS}, ${CLIENT_COLUMNS}, nextval('account.savings_transaction_seq') as next_id
           ${ACCOUNT_FROM} join customer.account_holder c on c.tenant_id = a.tenant_id and c.id = a.client_id where a.tenant_id = ? and a.id = ?`,
      [...(credit ? [tx.tenantId, tx.tenantId, accountId] : []), today, tx.tenantId, accountId],
      credit ? [] : [lockAccountRows(tx.tenantId, [accountId])],
    );
    const row = rows[0];
    if (!row) throw accountNotFound(accountId);
    const account = toAccountRow(row);
    const client = toClient(row);
    if (!(await this.deps.scope.canSee(tx, identity, { officeId: account.officeId, staffId: client.staffId, clientId: client.id }))) throw accountNotFound(accountId);
    if (credit) await ensureCreditLock(tx, client, row.credit_locked);
    return { account, client, transactionId: Number(row.next_id) };
  }

  /**
   * Undo: the transaction is marked reversed, the balance and every later running balance corrected, the
   * journal reversed, the till given the opposite cash movement. Transfer and loan legs are undone by
   * their own operations.
   */
  async undo(identity: Identity, accountId: number, transactionId: number): Promise<{ account: AccountRow; transaction: TransactionRow }> {
    const staff = requireStaff(identity, 'UNDOTRANSACTION_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { account, client, today } = await this.accounts.visible(tx, staff, accountId, { lock: true });
      const rows = await tx.query<RawTxn & { is_cash: boolean; loan_id: number | null }>(
        `${TXN_SELECT.replace('t.transfer_id,', 't.transfer_id, t.is_cash, t.loan_id,')} where t.tenant_id = ? and t.account_id = ? and t.id = ?`,
        [tx.tenantId, accountId, transactionId],
      );
      const raw = rows[0];
      if (!raw) throw txnNotFound(transactionId);
      const txn = toTxn(raw);
      if (txn.reversed) throw rule(ACCOUNT_CODES.savingsaccountTransactionAlreadyReversed, `Transaction ${transactionId} is already reversed.`, [transactionId]);
      if (txn.transferId != null || raw.loan_id != null) {
        throw rule(ACCOUNT_CODES.savingsaccountTransactionNotUndoable, 'Transfer and loan transactions are undone through the transfer or the loan.', [transactionId]);
      }
      const runningBalance = await this.reverseLeg(tx, account, txn, staff.userId, today);
      await this.deps.journal.reverse(tx, `S${txn.id}`, { date: today, actor: staff.userId });
      if (raw.is_cash) {
        await this.deps.recordCash(tx, {
          userId: staff.userId, officeId: account.officeId, currency: account.currencyCode, direction: txn.credit ? 'out' : 'in', amount: txn.amount,
          source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${txn.id}` },
        });
      }
      const bankName = await this.bankName(tx);
      await this.emitMovement(tx, account, client, txn.id, !txn.credit, txn.amount, runningBalance, 'UNDOTRANSACTION', { bankName, accountNo: account.accountNo, senderName: client.displayName }, { date: today });
      return { account: (await loadAccount(tx, today, accountId))!, transaction: await this.txn(tx, txn.id) };
    });
  }

  // ---- reads ---------------------------------------------------------------------------------

  /** `transactionType`: only deposits (TXN_DEPOSIT) or only withdrawals (TXN_WITHDRAWAL). */
  async list(identity: Identity, accountId: number, page: { offset?: number | null; limit?: number | null; transactionType?: number | null }): Promise<{ total: number; items: TransactionRow[] }> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    const offset = page.offset ?? 0;
    const limit = page.limit ?? MAX_LIMIT;
    const v = new Validator('savingsaccount');
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter `offset` must be zero or greater.', offset);
    v.check(Number.isInteger(limit) && limit >= 1, 'limit', 'must.be.greater.than.zero', 'The parameter `limit` must be greater than zero.', limit);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      return this.page(tx, accountId, offset, limit, page.transactionType ?? null);
    });
  }

  /**
   * A page of each account's transactions, newest first, in one statement for all of them (the accounts
   * of a screen's clients): each account's page comes from its own index range, never a scan of the rest.
   * Accounts outside the caller's scope get no transactions.
   */
  async pageByAccounts(identity: Identity, accountIds: readonly number[], page: { limit: number; offset: number }): Promise<Map<number, TransactionRow[]>> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    const limit = Math.min(Math.max(page.limit, 1), MAX_LIMIT);
    const offset = Math.max(page.offset, 0);
    const result = new Map<number, TransactionRow[]>(accountIds.map((id) => [id, []]));
    if (accountIds.length === 0) return result;
    return this.db.tx(staff.tenantId, async (tx) => {
      const scoped = await this.accounts.scopeWhere(tx, staff);
      if (scoped === null) return result;
      const rows = await tx.query<RawTxn>(
        `${TXN_SELECT} where t.tenant_id = ? and t.id in (
           select l.id from account.savings_account a
           cross join lateral (select s.id from account.savings_transaction s where s.tenant_id = a.tenant_id and s.account_id = a.id order by s.position desc limit ? offset ?) l
           where a.tenant_id = ? and a.id in (${accountIds.map(() => '?').join(', ')}) ${scoped.where.map((w) => `and ${w}`).join(' ')})
         order by t.account_id, t.position desc`,
        [tx.tenantId, limit, offset, tx.tenantId, ...accountIds, ...scoped.params],
      );
      for (const row of await this.withPaymentTypes(tx, rows.map(toTxn))) result.get(row.accountId)?.push(row);
      return result;
    });
  }

  /** One page of an account's transactions, newest first, for a caller that has already checked scope. */
  async page(tx: Tx, accountId: number, offset: number, limit: number, transactionType: number | null = null): Promise<{ total: number; items: TransactionRow[] }> {
    const count = await tx.query<{ n: string }>(
      `select count(*) as n from account.savings_transaction where tenant_id = ? and account_id = ? and (?::int is null or transaction_type = ?::int)`,
      [tx.tenantId, accountId, transactionType, transactionType],
    );
    const rows = await tx.query<RawTxn>(
      `${TXN_SELECT} where t.tenant_id = ? and t.account_id = ? and (?::int is null or t.transaction_type = ?::int) order by t.position desc limit ? offset ?`,
      [tx.tenantId, accountId, transactionType, transactionType, Math.min(limit, MAX_LIMIT), offset],
    );
    return { total: Number(count[0]!.n), items: await this.withPaymentTypes(tx, rows.map(toTxn)) };
  }

  /**
   * Every transaction of the account, newest first (Fineract's associations=transactions): read in pages
   * of ALL_PAGE by position, so no statement reads an unbounded result, and a transaction committed while
   * the pages are read (a higher position) can never appear twice or push another out.
   */
  async all(identity: Identity, accountId: number): Promise<TransactionRow[]> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      const found: TransactionRow[] = [];
      let before: string | null = null;
      for (;;) {
        const rows: RawTxn[] = await tx.query<RawTxn>(
          `${TXN_SELECT} where t.tenant_id = ? and t.account_id = ? and (?::bigint is null or t.position < ?::bigint) order by t.position desc limit ?`,
          [tx.tenantId, accountId, before, before, ALL_PAGE],
        );
        found.push(...(await this.withPaymentTypes(tx, rows.map(toTxn))));
        if (rows.length < ALL_PAGE) return found;
        before = rows[rows.length - 1]!.position;
      }
    });
  }

  async get(identity: Identity, accountId: number, transactionId: number): Promise<TransactionRow> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.accounts.visible(tx, staff, accountId);
      const rows = await tx.query<RawTxn>(`${TXN_SELECT} where t.tenant_id = ? and t.account_id = ? and t.id = ?`, [tx.tenantId, accountId, transactionId]);
      if (!rows[0]) throw txnNotFound(transactionId);
      return (await this.withPaymentTypes(tx, [toTxn(rows[0])]))[0]!;
    });
  }

  async txn(tx: Tx, id: number): Promise<TransactionRow> {
    const rows = await tx.query<RawTxn>(`${TXN_SELECT} where t.tenant_id = ? and t.id = ?`, [tx.tenantId, id]);
    return toTxn(rows[0]!);
  }

  private async withPaymentTypes(tx: Tx, items: TransactionRow[]): Promise<TransactionRow[]> {
    const names = new Map<number, string | null>();
    for (const id of new Set(items.map((i) => i.paymentTypeId).filter((x): x is number => x != null))) names.set(id, (await this.deps.paymentType(tx, id))?.name ?? null);
    return items.map((i) => ({ ...i, paymentTypeName: i.paymentTypeId == null ? null : (names.get(i.paymentTypeId) ?? null) }));
  }

  // ---- building blocks (shared with transfers, maker-checker and the loan port) ---------------

  /** The rules every deposit and withdrawal shares: status, blocks, dates, amount precision. */
  private checkMovement(account: AccountRow, input: TransactionInput, today: string, credit: boolean): void {
    checkUsable(account, credit);
    checkDate(account, input.transactionDate!, today);
    checkAmount(account, input.transactionAmount!);
  }

  /** Interface section 8: the client's tier caps on one customer-initiated credit; the client's row must be locked. */
  async checkKyc(tx: Tx, client: AccountClient, amount: string): Promise<void> {
    const caps = await this.kycCaps(tx, client, amount);
    if (!caps) return;
    const sum = await tx.query<{ total: string }>(`select coalesce(sum(account_balance), 0)::text as total from account.savings_account where tenant_id = ? and client_id = ?`, [tx.tenantId, client.id]);
    const verdict = checkKycCredit(caps, amount, sum[0]!.total);
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
    options: { event?: DomainEvent; kyc?: { client: AccountClient; caps: TierCaps }; also?: { sql: string; params: unknown[] }; unlocked?: { today: string }; cash?: CteFragment } = {},
  ): Promise<{ id: number; runningBalance: string; totalDeposits: string; totalWithdrawals: string; cashRecorded: boolean }> {
    const signed = leg.credit ? leg.amount : new Money(leg.amount).negated().toFixed();
    const cap = options.kyc?.caps.balance ?? null;
    // The event's running balance, when the row was not locked before, is the moved row's (an exact number).
    const event = options.event
      ? outboxInsert(tx, options.event, { from: 'txn', computed: options.unlocked ? [{ path: ['data', 'runningBalance'], sql: 'to_jsonb(trim_scale(txn.running_balance))' }] : [] })
      : null;
    const usable = options.unlocked ? ` and status = ${STATUS_ACTIVE} and not blocked and not ${leg.credit ? 'credit_blocked' : 'debit_blocked'}` : '';
    const rows = await tx.query<{ id: string; running_balance: string; total_deposits: string; total_withdrawals: string; cash_recorded: number }>(
      `with moved as (
         update account.savings_account set account_balance = account_balance + ?::numeric,
           total_deposits = total_deposits + ?::numeric, total_withdrawals = total_withdrawals + ?::numeric, updated_at = now(), updated_by = ?
         where tenant_id = ? and id = ?${usable}
           and greatest(abs(account_balance + ?::numeric), total_deposits + ?::numeric, total_withdrawals + ?::numeric) <= ?::numeric${cap != null ? ` and (select coalesce(sum(s.account_balance), 0) from account.savings_account s where s.tenant_id = ? and s.client_id = ?) + ?::numeric <= ?::numeric` : ''}
         returning account_balance, total_deposits, total_withdrawals),
       txn as (
         insert into account.savings_transaction (tenant_id, id, account_id, transaction_type, credit, amount, running_balance, transaction_date, submitted_on_date,
           payment_type_id, is_cash, account_number, check_number, routing_code, receipt_number, bank_number, note, transfer_id, loan_id, loan_transaction_id, created_by, updated_by)
         select ?, coalesce(?::bigint, nextval('account.savings_transaction_seq')), ?, ?, ?, ?::numeric, moved.account_balance, ?::date, ?::date, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? from moved
         returning id, running_balance)${event ? `,
       ev as (${event.sql})` : ''}${options.also ? `,
       also as (${options.also.sql})` : ''}${options.cash ? `,
       ${options.cash.sql}` : ''}
       select txn.id, txn.running_balance::text as running_balance, moved.total_deposits::text as total_deposits, moved.total_withdrawals::text as total_withdrawals,
         ${options.cash ? `(select count(*) from ${options.cash.result})` : '0'}::int as cash_recorded
       from txn, moved`,
      [
        signed, leg.credit ? leg.amount : '0', leg.credit ? '0' : leg.amount, leg.actor, tx.tenantId, leg.account.id,
        signed, leg.credit ? leg.amount : '0', leg.credit ? '0' : leg.amount, BALANCE_COLUMN_MAX,
        ...(cap != null ? [tx.tenantId, leg.account.clientId, leg.amount, cap] : []),
        tx.tenantId, leg.id ?? null, leg.account.id, leg.type, leg.credit, leg.amount, leg.date, leg.date, leg.paymentTypeId, leg.isCash,
        ...DETAIL_KEYS.map((k) => leg.details[k] ?? null), leg.note, leg.transferId ?? null, leg.loanId ?? null, leg.loanTransactionId ?? null, leg.actor, leg.actor,
        ...(event?.params ?? []), ...(options.also?.params ?? []), ...(options.cash?.params ?? []),
      ],
    );
    if (!rows[0]) {
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
    const written = {
      id: Number(rows[0].id), runningBalance: formatAmount(rows[0].running_balance),
      totalDeposits: formatAmount(rows[0].total_deposits), totalWithdrawals: formatAmount(rows[0].total_withdrawals), cashRecorded: Number(rows[0].cash_recorded) > 0,
    };
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
    await tx.query(
      `update account.savings_account set account_balance = account_balance + ?::numeric, total_deposits = total_deposits - ?::numeric,
         total_withdrawals = total_withdrawals - ?::numeric, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`,
      [delta.toFixed(), txn.credit ? txn.amount : '0', txn.credit ? '0' : txn.amount, actor, tx.tenantId, account.id],
    );
    await tx.query(`update account.savings_transaction set reversed = true, reversed_on_date = ?::date, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [today, actor, tx.tenantId, txn.id]);
    await tx.query(
      `update account.savings_transaction set running_balance = running_balance + ?::numeric
       where tenant_id = ? and account_id = ? and position > (select position from account.savings_transaction where tenant_id = ? and id = ?)`,
      [delta.toFixed(), tx.tenantId, account.id, tx.tenantId, txn.id],
    );
    return new Money(account.accountBalance).plus(delta).toFixed();
  }

  /** Journal (cash: 11101, otherwise 11201 settlement, against the product's liability), id S<savingsTxnId>. */
  private async postJournal(tx: Tx, actor: Actor, account: AccountRow, transactionId: number, input: TransactionInput, cash: boolean, direction: 'in' | 'out'): Promise<void> {
    const amount = formatAmount(input.transactionAmount!);
    const asset = cash ? CASH_GL : SETTLEMENT_GL;
    const liability = LIABILITY_GL[account.accountType];
    await this.deps.journal.post(tx, {
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

  // ---- the loan module's port ----------------------------------------------------------------

  forLoans(): SavingsForLoans {
    const systemLeg = (account: AccountRow, credit: boolean, m: LoanSavingsMovement): Leg => ({
      account, credit, amount: formatAmount(m.amount), date: m.date, type: credit ? TXN_DEPOSIT : TXN_WITHDRAWAL, paymentTypeId: null, isCash: false,
      details: {}, note: m.note ?? null, loanId: m.loanId, loanTransactionId: m.loanTransactionId, actor: m.userId,
    });
    const lockActive = async (tx: Tx, accountId: number, credit: boolean) => {
      const today = await this.deps.businessDates.today(tx);
      const account = await loadAccount(tx, today, accountId, true);
      if (!account) throw accountNotFound(accountId);
      checkUsable(account, credit);
      const client = (await this.deps.clients.forAccount(tx, account.clientId))!;
      return { account, client, today };
    };
    const loanOriginator = async (tx: Tx, loanId: number): Promise<Originator> => {
      const bankName = await this.bankName(tx);
      return { bankName, accountNo: `LOAN${loanId}`, senderName: bankName };
    };
    return {
      operatingAccount: async (tx, clientId, linkAccountId): Promise<OperatingAccount> => {
        const today = await this.deps.businessDates.today(tx);
        const ids = linkAccountId != null
          ? [linkAccountId]
          : (await tx.query<{ id: number }>(`select id from account.savings_account where tenant_id = ? and client_id = ? and status = ? order by id`, [tx.tenantId, clientId, STATUS_ACTIVE])).map((r) => Number(r.id));
        if (ids.length !== 1) {
          throw rule(ACCOUNT_CODES.savingsaccountOperatingAccountNotUnique, `Client ${clientId} needs exactly one active savings or current account (found ${ids.length}); name one with linkAccountId.`, [clientId, ids.length]);
        }
        const account = await loadAccount(tx, today, ids[0]!);
        if (!account || account.clientId !== clientId) throw accountNotFound(ids[0]);
        if (account.status !== STATUS_ACTIVE) throw notActive();
        return { id: account.id, accountNo: account.accountNo, clientId, officeId: account.officeId, currency: account.currencyCode, liabilityGlCode: LIABILITY_GL[account.accountType] };
      },
      creditFromLoan: async (tx, m) => {
        const { account, client } = await lockActive(tx, m.accountId, true);
        checkAmount(account, formatAmount(m.amount));
        const leg = await this.writeLeg(tx, systemLeg(account, true, m));
        await this.emitMovement(tx, account, client, leg.id, true, m.amount, leg.runningBalance, 'DEPOSIT', await loanOriginator(tx, m.loanId), { date: m.date });
        return { savingsTransactionId: leg.id, runningBalance: leg.runningBalance };
      },
      debitForLoan: async (tx, m) => {
        const { account, client } = await lockActive(tx, m.accountId, false);
        checkAmount(account, formatAmount(m.amount));
        if (!canDebit(account, m.amount)) throw insufficient(account, m.amount);
        const leg = await this.writeLeg(tx, systemLeg(account, false, m));
        await this.emitMovement(tx, account, client, leg.id, false, m.amount, leg.runningBalance, 'WITHDRAWAL', { bankName: await this.bankName(tx), accountNo: account.accountNo, senderName: client.displayName }, { date: m.date });
        return { savingsTransactionId: leg.id, runningBalance: leg.runningBalance };
      },
      reverseForLoan: async (tx, savingsTransactionId, userId) => {
        const found = await tx.query<{ account_id: number }>(`select account_id from account.savings_transaction where tenant_id = ? and id = ? and loan_id is not null`, [tx.tenantId, savingsTransactionId]);
        if (!found[0]) throw txnNotFound(savingsTransactionId);
        const today = await this.deps.businessDates.today(tx);
        const account = (await loadAccount(tx, today, Number(found[0].account_id), true))!;
        const txn = await this.txn(tx, savingsTransactionId);
        if (txn.reversed) throw rule(ACCOUNT_CODES.savingsaccountTransactionAlreadyReversed, `Transaction ${savingsTransactionId} is already reversed.`, [savingsTransactionId]);
        const client = (await this.deps.clients.forAccount(tx, account.clientId))!;
        const balance = await this.reverseLeg(tx, account, txn, userId, today);
        await this.emitMovement(tx, account, client, txn.id, !txn.credit, txn.amount, balance, 'UNDOTRANSACTION', { bankName: await this.bankName(tx), accountNo: account.accountNo, senderName: client.displayName }, { date: today });
      },
    };
  }
}

const notActive = () => errors.badRequest(ACCOUNT_CODES.savingsaccountTransactionAccountIsNotActive, 'The savings account is not active.', 'id');

/** Active, and not blocked for this direction. */
export function checkUsable(account: AccountRow, credit: boolean): void {
  if (account.status !== STATUS_ACTIVE) throw notActive();
  if (credit && (account.blocked || account.creditBlocked)) throw rule(ACCOUNT_CODES.savingsaccountTransactionCreditBlocked, `Account ${account.accountNo} is blocked for credits.`, [account.id]);
  if (!credit && (account.blocked || account.debitBlocked)) throw rule(ACCOUNT_CODES.savingsaccountTransactionDebitBlocked, `Account ${account.accountNo} is blocked for debits.`, [account.id]);
}

/** Not after the tenant's business date, not before the account's activation. */
export function checkDate(account: AccountRow, date: string, today: string): void {
  if (date > today) {
    throw errors.badRequest(ACCOUNT_CODES.savingsaccountTransactionInTheFuture, `The transaction date ${date} is after the business date ${today}.`, 'transactionDate');
  }
  if (account.activatedOnDate && date < account.activatedOnDate) {
    throw rule(ACCOUNT_CODES.savingsaccountTransactionBeforeActivationDate, `The transaction date ${date} is before the account's activation on ${account.activatedOnDate}.`, [date], 'transactionDate');
  }
}

/** `parameter` names the amount as the caller sent it: a transfer's is `transferAmount` under `accounttransfer`. */
export function checkAmount(
  account: Pick<AccountRow, 'digitsAfterDecimal'>, amount: string,
  parameter: { resource: string; name: string } = { resource: 'savingsaccount.transaction', name: 'transactionAmount' },
): void {
  const problem = amountProblem(amount, account.digitsAfterDecimal);
  if (problem) {
    const { resource, name } = parameter;
    throw errors.validation([{ code: `validation.msg.${resource}.${name}.${problem}`, message: `The parameter \`${name}\` is invalid (${problem.replaceAll('.', ' ')}).`, parameterName: name, value: amount, args: [account.digitsAfterDecimal] }]);
  }
}

function validateInput(input: TransactionInput): void {
  const v = new Validator('savingsaccount.transaction');
  v.required('transactionDate', input.transactionDate);
  v.required('transactionAmount', input.transactionAmount);
  v.required('paymentTypeId', input.paymentTypeId);
  v.maxLength('note', input.note, 500);
  for (const key of DETAIL_KEYS) v.maxLength(key, input[key], 100);
  if (input.transactionAmount != null) {
    const problem = amountProblem(input.transactionAmount, 6);
    if (problem === 'not.greater.than.zero' || problem === 'exceeds.max.value') v.fail('transactionAmount', problem, 'The parameter `transactionAmount` must be greater than 0 and within bounds.', input.transactionAmount);
  }
  v.throwIfAny();
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

/** The (locked) account's balance once the leg is written. */
function runningBalanceAfter(leg: Pick<Leg, 'account' | 'credit' | 'amount'>): string {
  const balance = new Money(leg.account.accountBalance);
  return formatAmount((leg.credit ? balance.plus(leg.amount) : balance.minus(leg.amount)).toFixed());
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
