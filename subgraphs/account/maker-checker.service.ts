import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { noteAudit, PROCESSING_RESULT } from '../kernel/audit.js';
import { ALL_FUNCTIONS, hasPermission, requireStaff, sameEyes, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { loadAccount } from './store/account-read.store.js';
import type { AccountDependencies } from './account.ports.js';
import type { SavingsAccountService } from './savings-account.service.js';
import type { TransactionInput } from './movement-rules.js';
import type { MoneyResult, SavingsTransactionCommands } from './savings-transaction.commands.js';
import type { SavingsTransactionQueries } from './savings-transaction.queries.js';
import type { TransferInput, TransferService } from './transfer.service.js';
import { ACCOUNT_CODES } from './codes.js';
import { closeEntry, expireEntriesBefore, findEntry, lockEntry, pendingEntries, setEntryTransaction, type EntryClosing, type MakerCheckerEntry } from './store/maker-checker.store.js';

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
    private readonly commands: SavingsTransactionCommands,
    private readonly queries: SavingsTransactionQueries,
    private readonly transfers: TransferService,
  ) {}

  async list(identity: Identity): Promise<MakerCheckerEntry[]> {
    const staff = requireStaff(identity, 'READ_MAKERCHECKER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const today = await this.deps.businessDates.today(tx);
      // Expiry is recorded lazily: an earlier day's pending entry already holds nothing.
      await expireEntriesBefore(tx, today);
      const offices = await this.deps.scope.officeIds(tx, staff);
      if (offices && offices.length === 0) return [];
      return pendingEntries(tx, offices);
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
      if (sameEyes({ userId: entry.makerId, delegatedBy: entry.makerDelegatedBy }, staff)) throw rule(ACCOUNT_CODES.makercheckerCannotApproveOwnEntry, 'The maker of an entry cannot approve it.', [id]);
      await this.close(tx, staff, id, 'approved');
      const result = entry.entityName === 'ACCOUNTTRANSFER'
        ? await this.executeTransfer(tx, staff, JSON.parse(entry.commandAsJson) as TransferInput)
        : await this.commands.withdrawCore(tx, { identity: staff, cashUserId: entry.makerId }, { accountId: entry.resourceId, transaction: JSON.parse(entry.commandAsJson) as TransactionInput, approved: true });
      if (result.kind === 'executed') await setEntryTransaction(tx, id, result.transaction.id);
      this.noteChecked(entry, staff, PROCESSING_RESULT.processed, result.kind === 'executed' ? result.transaction.id : null);
      return { entry: (await findEntry(tx, id))!, result };
    });
  }

  /** A held transfer, executed as submitted (its hold already released), re-checking both accounts and the balance. */
  private async executeTransfer(tx: Tx, checker: StaffIdentity, input: TransferInput): Promise<MoneyResult> {
    const outcome = await this.transfers.createCore(tx, checker, input);
    if (outcome.kind !== 'executed') throw new Error('a transfer executed without a ceiling was held');
    const { transfer } = outcome;
    const today = await this.deps.businessDates.today(tx);
    const account = (await loadAccount(tx, today, transfer.fromAccountId))!;
    return { kind: 'executed', account, transaction: await this.queries.txn(tx, transfer.fromTransactionId), transferId: transfer.id };
  }

  async reject(identity: Identity, id: number): Promise<MakerCheckerEntry> {
    const staff = requireStaff(identity, 'APPROVEWITHDRAWAL_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { entry } = await this.pending(tx, staff, id);
      await this.close(tx, staff, id, 'rejected');
      this.noteChecked(entry, staff, PROCESSING_RESULT.rejected, null);
      return (await findEntry(tx, id))!;
    });
  }

  /** The maker withdraws their own entry (a super user may clear anyone's). */
  async delete(identity: Identity, id: number): Promise<MakerCheckerEntry> {
    const staff = requireStaff(identity, 'WITHDRAWAL_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { entry } = await this.pending(tx, staff, id);
      if (entry.makerId !== staff.userId && !hasPermission(staff, ALL_FUNCTIONS)) throw errors.forbidden('Only the maker may withdraw a maker-checker entry.');
      await this.close(tx, staff, id, 'deleted');
      return (await findEntry(tx, id))!;
    });
  }

  /** Locks the entry; it must be pending, of today, and in the caller's scope (else 404). */
  private async pending(tx: Tx, staff: StaffIdentity, id: number): Promise<{ entry: MakerCheckerEntry; today: string }> {
    if (!(await lockEntry(tx, id))) throw notFound(id);
    const entry = (await findEntry(tx, id))!;
    if (!(await this.deps.scope.officeVisible(tx, staff, entry.officeId))) throw notFound(id);
    await this.accounts.visible(tx, staff, entry.resourceId);
    const today = await this.deps.businessDates.today(tx);
    if (entry.status !== 'awaiting.approval') throw rule(ACCOUNT_CODES.makercheckerEntryNotPending, `Maker-checker entry ${id} is ${entry.status}.`, [id, entry.status]);
    if (entry.madeOnDate < today) throw rule(ACCOUNT_CODES.makercheckerEntryExpired, `Maker-checker entry ${id} expired at the end of ${entry.madeOnDate}.`, [id, entry.madeOnDate]);
    return { entry, today };
  }

  /**
   * The checker's decision is audited as Fineract records it on the held command: the maker's action on
   * the maker's record, now with its checker, the time checked and the result (the held entry is subresource
   * of the maker's own audit entry; the executed transaction of this one).
   */
  private noteChecked(entry: MakerCheckerEntry, checker: StaffIdentity, processingResult: number, transactionId: number | null): void {
    noteAudit({
      actionName: entry.actionName, entityName: entry.entityName, resourceId: entry.resourceId, subresourceId: transactionId ?? entry.id,
      makerId: entry.makerId, makerDelegatedBy: entry.makerDelegatedBy, checkerId: checker.userId, checkedAt: new Date(), processingResult,
    });
  }

  private async close(tx: Tx, staff: StaffIdentity, id: number, status: EntryClosing): Promise<void> {
    await closeEntry(tx, id, status, staff.userId);
  }
}
