import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { ALL_FUNCTIONS, hasPermission, requireStaff, sameEyes, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { formatAmount } from '../kernel/money.js';
import { loadAccount } from './account.rows.js';
import type { AccountDependencies } from './account.ports.js';
import type { SavingsAccountService } from './savings-account.service.js';
import type { MoneyResult, SavingsTransactionService, TransactionInput } from './savings-transaction.service.js';
import type { TransferInput, TransferService } from './transfer.service.js';
import { ACCOUNT_CODES } from './codes.js';

export interface MakerCheckerEntry {
  id: number;
  entityName: string;
  actionName: string;
  resourceId: number;
  officeId: number;
  makerId: number;
  madeOnDate: string;
  status: string;
  commandAsJson: string;
  amount: string;
  savingsAccountNo: string;
  checkerId: number | null;
  transactionId: number | null;
}

const SELECT = `select m.id, m.entity_name, m.action_name, m.account_id, m.office_id, m.maker_id, to_char(m.made_on_date, 'YYYY-MM-DD') as made_on_date, m.status,
    m.command_json::text as command_json, m.amount::text as amount, a.account_no, m.checker_id, m.transaction_id
  from account.maker_checker m join account.savings_account a on a.tenant_id = m.tenant_id and a.id = m.account_id`;

interface RawEntry {
  id: string; entity_name: string; action_name: string; account_id: number; office_id: number; maker_id: number; made_on_date: string; status: string;
  command_json: string; amount: string; account_no: string; checker_id: number | null; transaction_id: string | null;
}

const toEntry = (r: RawEntry): MakerCheckerEntry => ({
  id: Number(r.id), entityName: r.entity_name, actionName: r.action_name, resourceId: Number(r.account_id), officeId: Number(r.office_id), makerId: Number(r.maker_id),
  madeOnDate: r.made_on_date, status: r.status, commandAsJson: r.command_json, amount: formatAmount(r.amount), savingsAccountNo: r.account_no,
  checkerId: r.checker_id, transactionId: r.transaction_id == null ? null : Number(r.transaction_id),
});

const notFound = (id: unknown) => errors.notFound(ACCOUNT_CODES.commandIdInvalid, `Maker-checker entry with identifier ${id} does not exist`, id);
const rule = (code: string, message: string, args: unknown[] = []) => errors.domainRule(code, message, args);

/**
 * Fineract's maker-checker inbox for cash withdrawals above the teller ceiling, and non-cash withdrawals and
 * transfers above the non-cash ceiling when the tenant enables it. A pending entry holds its
 * amount until approved (the withdrawal then executes), rejected, deleted by its maker, or the end of the
 * business day it was made on (an entry of an earlier day no longer holds anything and cannot be approved).
 */
export class MakerCheckerService {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly accounts: SavingsAccountService,
    private readonly transactions: SavingsTransactionService,
    private readonly transfers: TransferService,
  ) {}

  async list(identity: Identity): Promise<MakerCheckerEntry[]> {
    const staff = requireStaff(identity, 'READ_MAKERCHECKER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const today = await this.deps.businessDates.today(tx);
      // Expiry is recorded lazily: an earlier day's pending entry already holds nothing.
      await tx.em.execute(`update account.maker_checker set status = 'expired', updated_at = now() where tenant_id = ? and status = 'awaiting.approval' and made_on_date < ?::date`, [tx.tenantId, today]);
      const where = [`m.tenant_id = ?`, `m.status = 'awaiting.approval'`];
      const params: unknown[] = [tx.tenantId];
      const offices = await this.deps.scope.officeIds(tx, staff);
      if (offices) {
        if (offices.length === 0) return [];
        where.push(`m.office_id in (${offices.map(() => '?').join(', ')})`);
        params.push(...offices);
      }
      const rows = await tx.em.execute<RawEntry[]>(`${SELECT} where ${where.join(' and ')} order by m.id limit 200`, params);
      return rows.map(toEntry);
    });
  }

  /**
   * Four eyes: a super user, or a Branch Manager / Head of Operations whose office subtree covers the
   * account's branch, and never the maker. Executes the withdrawal with the maker's till, re-checking
   * the balance (the entry's own hold released first) and the till.
   */
  async approve(identity: Identity, id: number): Promise<{ entry: MakerCheckerEntry; result: MoneyResult }> {
    const staff = requireStaff(identity, 'APPROVEWITHDRAWAL_SAVINGSACCOUNT');
    if (!hasPermission(staff, ALL_FUNCTIONS) && !staff.roleIds.some((r) => this.deps.checkerRoleIds.includes(r))) {
      throw errors.forbidden('Only a Branch Manager or the Head of Operations may approve a withdrawal above the teller ceiling.');
    }
    return this.db.tx(staff.tenantId, async (tx) => {
      const { entry } = await this.pending(tx, staff, id);
      // The maker, or anyone acting with an API key issued by or for the maker, is not a second pair of eyes.
      if (sameEyes({ userId: entry.makerId }, staff)) throw rule(ACCOUNT_CODES.makercheckerCannotApproveOwnEntry, 'The maker of an entry cannot approve it.', [id]);
      await this.close(tx, staff, id, 'approved');
      const result = entry.entityName === 'ACCOUNTTRANSFER'
        ? await this.executeTransfer(tx, staff, JSON.parse(entry.commandAsJson) as TransferInput)
        : await this.transactions.withdrawCore(tx, { identity: staff, cashUserId: entry.makerId }, entry.resourceId, JSON.parse(entry.commandAsJson) as TransactionInput, { approved: true });
      if (result.kind === 'executed') {
        await tx.em.execute(`update account.maker_checker set transaction_id = ? where tenant_id = ? and id = ?`, [result.transaction.id, tx.tenantId, id]);
      }
      return { entry: (await this.find(tx, id))!, result };
    });
  }

  /** A held transfer, executed as submitted (its hold already released), re-checking both accounts and the balance. */
  private async executeTransfer(tx: Tx, checker: StaffIdentity, input: TransferInput): Promise<MoneyResult> {
    const outcome = await this.transfers.createCore(tx, checker, input);
    if (outcome.kind !== 'executed') throw new Error('a transfer executed without a ceiling was held');
    const { transfer } = outcome;
    const today = await this.deps.businessDates.today(tx);
    const account = (await loadAccount(tx, today, transfer.fromAccountId))!;
    return { kind: 'executed', account, transaction: await this.transactions.txn(tx, transfer.fromTransactionId), transferId: transfer.id };
  }

  async reject(identity: Identity, id: number): Promise<MakerCheckerEntry> {
    const staff = requireStaff(identity, 'APPROVEWITHDRAWAL_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.pending(tx, staff, id);
      await this.close(tx, staff, id, 'rejected');
      return (await this.find(tx, id))!;
    });
  }

  /** The maker withdraws their own entry (a super user may clear anyone's). */
  async delete(identity: Identity, id: number): Promise<MakerCheckerEntry> {
    const staff = requireStaff(identity, 'WITHDRAWAL_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { entry } = await this.pending(tx, staff, id);
      if (entry.makerId !== staff.userId && !hasPermission(staff, ALL_FUNCTIONS)) throw errors.forbidden('Only the maker may withdraw a maker-checker entry.');
      await this.close(tx, staff, id, 'deleted');
      return (await this.find(tx, id))!;
    });
  }

  /** Locks the entry; it must be pending, of today, and in the caller's scope (else 404). */
  private async pending(tx: Tx, staff: StaffIdentity, id: number): Promise<{ entry: MakerCheckerEntry; today: string }> {
    const locked = await tx.em.execute<{ id: string }[]>(`select id from account.maker_checker where tenant_id = ? and id = ? for update`, [tx.tenantId, id]);
    if (!locked[0]) throw notFound(id);
    const entry = (await this.find(tx, id))!;
    if (!(await this.deps.scope.officeVisible(tx, staff, entry.officeId))) throw notFound(id);
    await this.accounts.visible(tx, staff, entry.resourceId);
    const today = await this.deps.businessDates.today(tx);
    if (entry.status !== 'awaiting.approval') throw rule(ACCOUNT_CODES.makercheckerEntryNotPending, `Maker-checker entry ${id} is ${entry.status}.`, [id, entry.status]);
    if (entry.madeOnDate < today) throw rule(ACCOUNT_CODES.makercheckerEntryExpired, `Maker-checker entry ${id} expired at the end of ${entry.madeOnDate}.`, [id, entry.madeOnDate]);
    return { entry, today };
  }

  private async close(tx: Tx, staff: StaffIdentity, id: number, status: 'approved' | 'rejected' | 'deleted'): Promise<void> {
    await tx.em.execute(`update account.maker_checker set status = ?, checker_id = ?, checked_at = now(), updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [status, staff.userId, staff.userId, tx.tenantId, id]);
  }

  private async find(tx: Tx, id: number): Promise<MakerCheckerEntry | null> {
    const rows = await tx.em.execute<RawEntry[]>(`${SELECT} where m.tenant_id = ? and m.id = ?`, [tx.tenantId, id]);
    return rows[0] ? toEntry(rows[0]) : null;
  }
}
