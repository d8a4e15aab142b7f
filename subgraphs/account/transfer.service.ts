import type { Database, Tx } from '../kernel/database.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { formatAmount } from '../kernel/money.js';
import { LIABILITY_GL, loadAccount, TXN_DEPOSIT, TXN_WITHDRAWAL } from './account.rows.js';
import type { AccountDependencies } from './account.services.js';
import { canDebit } from './domain/balance-rules.js';
import { accountNotFound, MAX_LIMIT, type SavingsAccountService } from './savings-account.service.js';
import { checkAmount, checkDate, checkUsable, insufficient, type SavingsTransactionService } from './savings-transaction.service.js';

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
const notFound = (id: unknown) => errors.notFound('error.msg.accounttransfer.id.invalid', `Account transfer with identifier ${id} does not exist`, id);

/**
 * Transfers between two savings/current accounts of the tenant: both legs, one journal transaction
 * (DR source liability, CR destination liability) and both events in one database transaction.
 */
export class TransferService {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly accounts: SavingsAccountService,
    private readonly transactions: SavingsTransactionService,
  ) {}

  async create(identity: Identity, input: TransferInput): Promise<TransferRow> {
    const staff = requireStaff(identity, 'CREATE_ACCOUNTTRANSFER');
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
      throw errors.badRequest('error.msg.accounttransfer.from.and.to.accounts.same', 'The source and destination accounts of a transfer must differ.', 'toAccountId');
    }
    return this.db.tx(staff.tenantId, (tx) => this.createCore(tx, staff, input));
  }

  async createCore(tx: Tx, staff: StaffIdentity, input: TransferInput): Promise<TransferRow> {
    const fromId = input.fromAccountId!;
    const toId = input.toAccountId!;
    const amount = formatAmount(input.transferAmount!);
    // Lock order: the receiver's client (for its KYC cap), then both accounts in id order.
    const receiver = await this.transactions.lockClientOf(tx, toId);
    const lockOrder = [fromId, toId].sort((a, b) => a - b);
    await tx.em.execute(`select 1 from account.savings_account where tenant_id = ? and id in (?, ?) order by id for update`, [tx.tenantId, ...lockOrder]);
    // The source must be in the caller's scope; the destination may be any account of the institution.
    const { account: from, client: sender, today } = await this.accounts.visible(tx, staff, fromId);
    const to = await loadAccount(tx, today, toId);
    if (!to) throw accountNotFound(toId);
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
      throw rule('error.msg.accounttransfer.currency.mismatch', `Accounts in ${from.currencyCode} and ${to.currencyCode} cannot be transferred between.`, [from.currencyCode, to.currencyCode]);
    }
    checkDate(from, input.transferDate!, today);
    checkDate(to, input.transferDate!, today);
    checkAmount(from, amount);
    if (!canDebit(from, amount)) throw insufficient(from, amount);
    // Between a client's own accounts nothing enters the client's balance: no KYC cap applies.
    if (from.clientId !== to.clientId) await this.transactions.checkKyc(tx, receiver, amount);

    const idRows = await tx.em.execute<{ id: string }[]>(`select nextval('account.account_transfer_seq') as id`);
    const transferId = Number(idRows[0]!.id);
    const common = { amount, date: input.transferDate!, paymentTypeId: null, isCash: false, details: {}, note: input.transferDescription ?? null, transferId, actor: staff.userId };
    const debit = await this.transactions.writeLeg(tx, { ...common, account: from, credit: false, type: TXN_WITHDRAWAL });
    const credit = await this.transactions.writeLeg(tx, { ...common, account: to, credit: true, type: TXN_DEPOSIT });
    await tx.em.execute(
      `insert into account.account_transfer (tenant_id, id, from_account_id, to_account_id, amount, currency_code, transfer_date, description, from_transaction_id, to_transaction_id, created_by, updated_by)
       values (?, ?, ?, ?, ?, ?, ?::date, ?, ?, ?, ?, ?)`,
      [tx.tenantId, transferId, fromId, toId, amount, from.currencyCode, input.transferDate, input.transferDescription ?? null, debit.id, credit.id, staff.userId, staff.userId],
    );
    await this.deps.journal.post(tx, {
      officeId: from.officeId,
      currency: from.currencyCode,
      date: input.transferDate!,
      lines: [{ glCode: LIABILITY_GL[from.accountType], debit: amount }, { glCode: LIABILITY_GL[to.accountType], credit: amount }],
      source: { entityType: 'SAVINGS', entityId: from.id, transactionId: `S${debit.id}` },
      comments: input.transferDescription ?? `Transfer ${transferId}`,
      actor: staff.userId,
    });
    const bankName = await this.transactions.bankName(tx);
    const originator = { bankName, accountNo: from.accountNo, senderName: sender.displayName };
    await this.transactions.emitMovement(tx, from, sender, debit.id, false, amount, debit.runningBalance, 'WITHDRAWAL', originator, { date: input.transferDate!, transferId });
    await this.transactions.emitMovement(tx, to, receiver, credit.id, true, amount, credit.runningBalance, 'DEPOSIT', originator, { date: input.transferDate!, transferId });
    return (await this.find(tx, transferId))!;
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
      const count = await tx.em.execute<{ n: string }[]>(`select count(*) as n ${from} where ${where.join(' and ')}`, params);
      const rows = await tx.em.execute<RawTransfer[]>(`${SELECT} where ${where.join(' and ')} order by t.id desc limit ${limit} offset ${offset}`, params);
      return { total: Number(count[0]!.n), items: rows.map(toRow) };
    });
  }

  private async find(tx: Tx, id: number): Promise<TransferRow | null> {
    const rows = await tx.em.execute<RawTransfer[]>(`${SELECT} where t.tenant_id = ? and t.id = ?`, [tx.tenantId, id]);
    return rows[0] ? toRow(rows[0]) : null;
  }
}
