import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type CustomerIdentity, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { formatAmount, Money } from '../kernel/money.js';
import { ACCOUNT_COLUMNS, ACCOUNT_FROM, CLIENT_COLUMNS, LIABILITY_GL, toAccountRow, toClient, TXN_DEPOSIT, TXN_WITHDRAWAL, type RawAccount, type RawClient } from './account.rows.js';
import { HOLDER_FOR_CREDIT, ensureCreditLock, lockAccountRows } from './locks.js';
import type { AccountDependencies } from './account.ports.js';
import { canDebit } from './domain/balance-rules.js';
import { insertHold } from './maker-checker.store.js';
import { accountNotFound, MAX_LIMIT } from './savings-account.service.js';
import { checkAmount, checkDate, checkUsable, insufficient, type SavingsTransactionService } from './savings-transaction.service.js';
import { ACCOUNT_CODES } from './codes.js';

/** Fineract's account transfer body; account types other than 2 (savings) are not served here. */
export interface TransferInput {
  fromOfficeId?: number | null;
  fromClientId?: number | null;
  fromAccountType?: number | null;
  fromAccountId?: number | null;
  toOfficeId?: number | null;
  toClientId?: number | null;
  toAccountType?: number | null;
  toAccountId?: number | null;
  transferAmount?: string | null;
  transferDate?: string | null;
  transferDescription?: string | null;
}

/** A transfer executed, or held for a checker (maker-checker entry `commandId`). */
export type TransferOutcome =
  | { kind: 'executed'; transfer: TransferRow }
  | { kind: 'held'; commandId: number; fromAccountId: number };

export interface TransferRow {
  id: number;
  fromOfficeId: number;
  fromClientId: number;
  fromAccountId: number;
  fromAccountNo: string;
  toOfficeId: number;
  toClientId: number;
  toAccountId: number;
  toAccountNo: string;
  amount: string;
  currencyCode: string;
  transferDate: string;
  description: string | null;
  fromTransactionId: number;
  toTransactionId: number;
}

const SAVINGS_ACCOUNT_TYPE = 2;

const SELECT = `select t.id, f.office_id as from_office_id, f.client_id as from_client_id, t.from_account_id, f.account_no as from_account_no,
    d.office_id as to_office_id, d.client_id as to_client_id, t.to_account_id, d.account_no as to_account_no, t.amount::text as amount, t.currency_code,
    to_char(t.transfer_date, 'YYYY-MM-DD') as transfer_date, t.description, t.from_transaction_id, t.to_transaction_id
  from account.account_transfer t
  join account.savings_account f on f.tenant_id = t.tenant_id and f.id = t.from_account_id
  join account.savings_account d on d.tenant_id = t.tenant_id and d.id = t.to_account_id`;

interface RawTransfer {
  id: string; from_office_id: number; from_client_id: number; from_account_id: number; from_account_no: string; to_office_id: number; to_client_id: number;
  to_account_id: number; to_account_no: string; amount: string; currency_code: string; transfer_date: string; description: string | null;
  from_transaction_id: string; to_transaction_id: string;
}

const toRow = (r: RawTransfer): TransferRow => ({
  id: Number(r.id), fromOfficeId: Number(r.from_office_id), fromClientId: Number(r.from_client_id), fromAccountId: Number(r.from_account_id), fromAccountNo: r.from_account_no,
  toOfficeId: Number(r.to_office_id), toClientId: Number(r.to_client_id), toAccountId: Number(r.to_account_id), toAccountNo: r.to_account_no,
  amount: formatAmount(r.amount), currencyCode: r.currency_code, transferDate: r.transfer_date, description: r.description,
  fromTransactionId: Number(r.from_transaction_id), toTransactionId: Number(r.to_transaction_id),
});

const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);
const notFound = (id: unknown) => errors.notFound(ACCOUNT_CODES.accounttransferIdInvalid, `Account transfer with identifier ${id} does not exist`, id);

/** What a transfer body must hold before any account is read (staff and self-service alike). */
export function validateTransfer(input: TransferInput): void {
  const v = new Validator('accounttransfer');
  v.required('fromAccountId', input.fromAccountId);
  v.required('toAccountId', input.toAccountId);
  v.required('transferAmount', input.transferAmount);
  v.required('transferDate', input.transferDate);
  v.maxLength('transferDescription', input.transferDescription, 200);
  for (const key of ['fromAccountType', 'toAccountType'] as const) {
    if (input[key] != null) v.check(input[key] === SAVINGS_ACCOUNT_TYPE, key, 'is.not.one.of.expected.enumerations', `Only savings accounts (${key} 2) can be transferred between here.`, input[key]);
  }
  v.throwIfAny();
  if (input.fromAccountId === input.toAccountId) {
    throw errors.badRequest(ACCOUNT_CODES.accounttransferFromAndToAccountsSame, 'The source and destination accounts of a transfer must differ.', 'toAccountId');
  }
}

/**
 * Transfers between two savings/current accounts of the tenant: both legs, one journal transaction
 * (DR source liability, CR destination liability) and both events in one database transaction.
 */
export class TransferService {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly transactions: SavingsTransactionService,
  ) {}

  /**
   * A transfer that executes at once. One that would wait for a checker is refused, and nothing is
   * written: this answer has no place for a held transfer (`submit`'s has).
   */
  async create(identity: Identity, input: TransferInput): Promise<TransferRow> {
    const outcome = await this.run(identity, input, false);
    return (outcome as Extract<TransferOutcome, { kind: 'executed' }>).transfer;
  }

  /**
   * A transfer by staff: executed, or, above the tenant's non-cash ceiling when it is enabled, held for a
   * checker (a maker-checker entry holding the amount on the source account).
   */
  async submit(identity: Identity, input: TransferInput): Promise<TransferOutcome> {
    return this.run(identity, input, true);
  }

  private async run(identity: Identity, input: TransferInput, mayHold: boolean): Promise<TransferOutcome> {
    const staff = requireStaff(identity, 'CREATE_ACCOUNTTRANSFER');
    validateTransfer(input);
    return this.db.tx(staff.tenantId, async (tx) => {
      const outcome = await this.createCore(tx, staff, input, { holdAbove: await this.transactions.approvalCeiling(tx, false) });
      if (outcome.kind === 'held' && !mayHold) {
        throw rule(ACCOUNT_CODES.accounttransferApprovalRequired, 'A transfer above maker-checker-non-cash-ceiling waits for a checker: submit it with submitAccountTransfer (REST: POST /accounttransfers).', [input.transferAmount]);
      }
      return outcome;
    });
  }

  /**
   * Seven statements: the receiver's client locked (for its KYC cap) with the transfer's id drawn; both
   * accounts locked in id order, read with their clients and their transaction ids drawn; each leg with
   * its event (the debit with the transfer's row, the credit re-checking the receiver's cumulative cap);
   * the journal (the office's lock, then one statement). A customer (self-service) acts only from an account
   * of their own: scope answers 404 for any other source.
   */
  async createCore(tx: Tx, staff: StaffIdentity | CustomerIdentity, input: TransferInput, options: { holdAbove?: string | null } = {}): Promise<TransferOutcome> {
    const fromId = input.fromAccountId!;
    const toId = input.toAccountId!;
    const amount = formatAmount(input.transferAmount!);
    // Lock order: the receiver's client (for its KYC cap), then both accounts in id order.
    const locked = await tx.query<RawClient & { transfer_id: string }>(
      `with c as (${HOLDER_FOR_CREDIT}) select ${CLIENT_COLUMNS}, c.credit_locked, nextval('account.account_transfer_seq') as transfer_id from c`,
      [tx.tenantId, tx.tenantId, toId],
    );
    if (!locked[0]) throw accountNotFound(toId);
    const receiver = toClient(locked[0]);
    await ensureCreditLock(tx, receiver, locked[0].credit_locked);
    const transferId = Number(locked[0].transfer_id);
    const today = await this.deps.businessDates.today(tx);
    const rows = await tx.query<RawAccount & RawClient & { next_id: string }>(
      `select ${ACCOUNT_COLUMNS}, ${CLIENT_COLUMNS}, nextval('account.savings_transaction_seq') as next_id
       ${ACCOUNT_FROM} join customer.account_holder c on c.tenant_id = a.tenant_id and c.id = a.client_id
       where a.tenant_id = ? and a.id in (?, ?)`,
      [today, tx.tenantId, fromId, toId],
      [lockAccountRows(tx.tenantId, [fromId, toId])],
    );
    const side = (id: number) => {
      const row = rows.find((r) => Number(r.id) === id);
      return row ? { account: toAccountRow(row), client: toClient(row), transactionId: Number(row.next_id) } : null;
    };
    const source = side(fromId);
    // The source must be in the caller's scope; the destination may be any account of the institution.
    if (!source || !(await this.deps.scope.canSee(tx, staff, { officeId: source.account.officeId, staffId: source.client.staffId, clientId: source.client.id }))) throw accountNotFound(fromId);
    const destination = side(toId);
    if (!destination) throw accountNotFound(toId);
    const { account: from, client: sender } = source;
    const to = destination.account;
    const mismatch = (param: string, given: number | null | undefined, actual: number) => {
      if (given != null && given !== actual) throw errors.badRequest(`error.msg.accounttransfer.${param}.mismatch`, `${param} ${given} does not match the account's (${actual}).`, param);
    };
    mismatch('fromClientId', input.fromClientId, from.clientId);
    mismatch('fromOfficeId', input.fromOfficeId, from.officeId);
    mismatch('toClientId', input.toClientId, to.clientId);
    mismatch('toOfficeId', input.toOfficeId, to.officeId);
    checkUsable(from, false);
    checkUsable(to, true);
    if (from.currencyCode !== to.currencyCode) {
      throw rule(ACCOUNT_CODES.accounttransferCurrencyMismatch, `Accounts in ${from.currencyCode} and ${to.currencyCode} cannot be transferred between.`, [from.currencyCode, to.currencyCode]);
    }
    checkDate(from, input.transferDate!, today);
    checkDate(to, input.transferDate!, today);
    checkAmount(from, amount, { resource: 'accounttransfer', name: 'transferAmount' });
    if (!canDebit(from, amount)) throw insufficient(from, amount);
    if (options.holdAbove != null && new Money(amount).gt(options.holdAbove)) {
      const commandId = await insertHold(tx, {
        entityName: 'ACCOUNTTRANSFER', actionName: 'CREATE', accountId: fromId, officeId: from.officeId, amount, command: input, makerId: staff.userId, madeOn: today,
      });
      return { kind: 'held', commandId, fromAccountId: fromId };
    }
    // Between a client's own accounts nothing enters the client's balance: no KYC cap applies.
    const caps = from.clientId !== to.clientId ? await this.transactions.kycCaps(tx, receiver, amount) : null;

    const bankName = await this.transactions.bankName(tx);
    const originator = { bankName, accountNo: from.accountNo, senderName: sender.displayName };
    const date = input.transferDate!;
    const description = input.transferDescription ?? null;
    const common = { amount, date, paymentTypeId: null, isCash: false, details: {}, note: description, transferId, actor: staff.userId };
    const debitLeg = { ...common, id: source.transactionId, account: from, credit: false, type: TXN_WITHDRAWAL };
    const creditLeg = { ...common, id: destination.transactionId, account: to, credit: true, type: TXN_DEPOSIT };
    await this.transactions.writeLeg(tx, debitLeg, {
      event: this.transactions.movementEvent(from, sender, debitLeg.id, false, amount, 'WITHDRAWAL', originator, { date, transferId }),
      also: {
        sql: `insert into account.account_transfer (tenant_id, id, from_account_id, to_account_id, amount, currency_code, transfer_date, description, from_transaction_id, to_transaction_id, created_by, updated_by)
          values (?, ?, ?, ?, ?::numeric, ?, ?::date, ?, ?, ?, ?, ?)`,
        params: [tx.tenantId, transferId, fromId, toId, amount, from.currencyCode, date, description, debitLeg.id, creditLeg.id, staff.userId, staff.userId],
      },
    });
    await this.transactions.writeLeg(tx, creditLeg, {
      event: this.transactions.movementEvent(to, receiver, creditLeg.id, true, amount, 'DEPOSIT', originator, { date, transferId }),
      kyc: caps ? { client: receiver, caps } : undefined,
    });
    await this.deps.journal.post(tx, {
      officeId: from.officeId,
      currency: from.currencyCode,
      date,
      lines: [{ glCode: LIABILITY_GL[from.accountType], debit: amount }, { glCode: LIABILITY_GL[to.accountType], credit: amount }],
      source: { entityType: 'SAVINGS', entityId: from.id, transactionId: `S${debitLeg.id}` },
      comments: input.transferDescription ?? `Transfer ${transferId}`,
      actor: staff.userId,
    });
    return { kind: 'executed', transfer: {
      id: transferId, fromOfficeId: from.officeId, fromClientId: from.clientId, fromAccountId: fromId, fromAccountNo: from.accountNo,
      toOfficeId: to.officeId, toClientId: to.clientId, toAccountId: toId, toAccountNo: to.accountNo, amount, currencyCode: from.currencyCode,
      transferDate: date, description, fromTransactionId: debitLeg.id, toTransactionId: creditLeg.id,
    } };
  }

  async get(identity: Identity, id: number): Promise<TransferRow> {
    const staff = requireStaff(identity, 'READ_ACCOUNTTRANSFER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const row = await this.find(tx, id);
      if (!row) throw notFound(id);
      const offices = await this.deps.scope.officeIds(tx, staff);
      if (offices && !offices.includes(row.fromOfficeId) && !offices.includes(row.toOfficeId)) throw notFound(id);
      return row;
    });
  }

  async list(identity: Identity, page: { offset?: number | null; limit?: number | null; accountId?: number | null }): Promise<{ total: number; items: TransferRow[] }> {
    const staff = requireStaff(identity, 'READ_ACCOUNTTRANSFER');
    const offset = Math.max(page.offset ?? 0, 0);
    const limit = Math.min(Math.max(page.limit ?? MAX_LIMIT, 1), MAX_LIMIT);
    return this.db.tx(staff.tenantId, async (tx) => {
      const where = ['t.tenant_id = ?'];
      const params: unknown[] = [tx.tenantId];
      const offices = await this.deps.scope.officeIds(tx, staff);
      if (offices) {
        if (offices.length === 0) return { total: 0, items: [] };
        const list = offices.map(() => '?').join(', ');
        where.push(`(f.office_id in (${list}) or d.office_id in (${list}))`);
        params.push(...offices, ...offices);
      }
      if (page.accountId != null) {
        where.push('(t.from_account_id = ? or t.to_account_id = ?)');
        params.push(page.accountId, page.accountId);
      }
      const from = SELECT.slice(SELECT.indexOf('from account.account_transfer'));
      const count = await tx.query<{ n: string }>(`select count(*) as n ${from} where ${where.join(' and ')}`, params);
      const rows = await tx.query<RawTransfer>(`${SELECT} where ${where.join(' and ')} order by t.id desc limit ? offset ?`, [...params, limit, offset]);
      return { total: Number(count[0]!.n), items: rows.map(toRow) };
    });
  }

  async find(tx: Tx, id: number): Promise<TransferRow | null> {
    const rows = await tx.query<RawTransfer>(`${SELECT} where t.tenant_id = ? and t.id = ?`, [tx.tenantId, id]);
    return rows[0] ? toRow(rows[0]) : null;
  }
}
