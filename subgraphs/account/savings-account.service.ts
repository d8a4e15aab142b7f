import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type CustomerIdentity, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { Money } from '../kernel/money.js';
import type { KeysetPage } from '../kernel/connection.js';
import { emit } from '../kernel/outbox.js';
import { nextValue } from '../kernel/sequence.js';
import { STATUS_ACTIVE, STATUS_APPROVED, STATUS_CLOSED, STATUS_REJECTED, STATUS_SUBMITTED, STATUS_WITHDRAWN, type AccountRow } from './account.rows.js';
import { loadAccount } from './store/account-read.store.js';
import type { AccountClient, AccountDependencies } from './account.ports.js';
import { nuban } from './domain/nuban.js';
import { ACCOUNT_CODES } from './codes.js';
import { scheduleMismatches } from './domain/interest-settings.js';
import { findProduct } from './store/product.store.js';
import { referenceCount } from './store/reference.store.js';
import type { SavingsChargesSlot } from './savings-charges.hook.js';
import {
  accountKeysetPage, accountsOfClientsPaged, activateAccount, changeApplicationProduct, insertAccount, listAccounts, openAccountCount, productTerms, setAccountBlock, setAccountStatus, type AccountListFilter, type AccountScope, type BlockColumn,
} from './store/savings-account.store.js';

export interface CreateSavingsAccountInput {
  clientId?: number | null;
  productId?: number | null;
  submittedOnDate?: string | null;
  externalId?: string | null;
  allowOverdraft?: boolean | null;
  overdraftLimit?: string | null;
  nominalAnnualInterestRate?: string | null;
  minRequiredBalance?: string | null;
  enforceMinRequiredBalance?: boolean | null;
  /** Not supported yet: only an empty list passes. */
  charges?: unknown[] | null;
  /** The account follows its product's interest schedule: only the product's values pass (domain/interest-settings.ts). */
  interestCompoundingPeriodType?: number | null;
  interestPostingPeriodType?: number | null;
  interestCalculationType?: number | null;
  interestCalculationDaysInYearType?: number | null;
}

export interface AccountDateInput {
  date?: string | null;
  note?: string | null;
}

/** The store's list filter (`search`: Fineract's search text), and the page asked for. */
export interface SavingsAccountFilter extends AccountListFilter {
  offset?: number | null;
  limit?: number | null;
}

export interface AccountChange {
  account: AccountRow;
  changes: Record<string, unknown>;
}

export type StatusCommand = 'approve' | 'activate' | 'reject' | 'withdrawnByApplicant' | 'close';
export type BlockCommand = 'block' | 'unblock' | 'blockDebit' | 'unblockDebit' | 'blockCredit' | 'unblockCredit';

const PERMISSION: Record<StatusCommand | BlockCommand, string> = {
  approve: 'APPROVE_SAVINGSACCOUNT',
  activate: 'ACTIVATE_SAVINGSACCOUNT',
  reject: 'REJECT_SAVINGSACCOUNT',
  withdrawnByApplicant: 'WITHDRAW_SAVINGSACCOUNT',
  close: 'CLOSE_SAVINGSACCOUNT',
  block: 'BLOCK_SAVINGSACCOUNT',
  unblock: 'UNBLOCK_SAVINGSACCOUNT',
  blockDebit: 'BLOCKDEBIT_SAVINGSACCOUNT',
  unblockDebit: 'UNBLOCKDEBIT_SAVINGSACCOUNT',
  blockCredit: 'BLOCKCREDIT_SAVINGSACCOUNT',
  unblockCredit: 'UNBLOCKCREDIT_SAVINGSACCOUNT',
};

const BLOCK_COLUMN: Record<BlockCommand, [BlockColumn, boolean]> = {
  block: ['blocked', true],
  unblock: ['blocked', false],
  blockDebit: ['debit_blocked', true],
  unblockDebit: ['debit_blocked', false],
  blockCredit: ['credit_blocked', true],
  unblockCredit: ['credit_blocked', false],
};

/** Who opens or changes an application: staff, or a customer applying for themselves (the scope service knows both). */
export type Applicant = StaffIdentity | CustomerIdentity;

export const MAX_LIMIT = 200;
const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);
export const accountNotFound = (id: unknown) => errors.notFound(ACCOUNT_CODES.savingAccountIdInvalid, `Savings account with identifier ${id} does not exist`, id);

/** Savings and current accounts: opening, lifecycle commands and reads. The only writer of account rows outside money movements. */
export class SavingsAccountService {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    /** The charges module's hook: an opened account gets its product's (or its application's) charges. */
    private readonly charges: SavingsChargesSlot,
  ) {}

  // ---- scope ---------------------------------------------------------------------------------

  /**
   * The account when the caller may see it (office subtree, the Account Officer's portfolio by the client's
   * staff), else 404: another tenant's or an out-of-scope account looks exactly like a missing one.
   */
  async visible(tx: Tx, identity: Identity, id: number, options: { lock?: boolean; today?: string; client?: AccountClient } = {}): Promise<{ account: AccountRow; client: AccountClient; today: string }> {
    const today = options.today ?? (await this.deps.businessDates.today(tx));
    const account = await loadAccount(tx, today, id, options.lock);
    if (!account) throw accountNotFound(id);
    // The caller may already hold the client (locked first, for a KYC check); it is the account's own.
    const client = options.client?.id === account.clientId ? options.client : await this.deps.clients.forAccount(tx, account.clientId);
    if (!client || !(await this.deps.scope.canSee(tx, identity, { officeId: account.officeId, staffId: client.staffId, clientId: client.id }))) throw accountNotFound(id);
    return { account, client, today };
  }

  // ---- reads ---------------------------------------------------------------------------------

  async get(identity: Identity, id: number): Promise<AccountRow> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => (await this.visible(tx, staff, id)).account);
  }

  async list(identity: Identity, filter: SavingsAccountFilter): Promise<{ total: number; items: AccountRow[] }> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    const offset = filter.offset ?? 0;
    const limit = filter.limit ?? MAX_LIMIT;
    const v = new Validator('savingsaccount');
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter `offset` must be zero or greater.', offset);
    v.check(Number.isInteger(limit) && limit >= 1, 'limit', 'must.be.greater.than.zero', 'The parameter `limit` must be greater than zero.', limit);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      const today = await this.deps.businessDates.today(tx);
      const scope = await this.scope(tx, staff);
      if (scope === null) return { total: 0, items: [] };
      return listAccounts(tx, today, scope, filter, { offset, limit: Math.min(limit, MAX_LIMIT) });
    });
  }

  /** The accounts list as a connection: by id, `page.first` after the cursor's id, the same filters and scope as list. */
  async keysetPage(identity: Identity, filter: SavingsAccountFilter, page: KeysetPage): Promise<{ total: number; items: AccountRow[] }> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const today = await this.deps.businessDates.today(tx);
      const scope = await this.scope(tx, staff);
      if (scope === null) return { total: 0, items: [] };
      // One row beyond the page tells whether another follows.
      return accountKeysetPage(tx, today, scope, filter, page.after === null ? null : Number(page.after[0]), page.first + 1);
    });
  }

  /** Accounts of several clients (Client.savingsAccounts, batched), limited to what the caller may see. */
  /** Each client's accounts in the caller's scope, oldest first, one page per client (one query for them all). */
  async byClients(identity: Identity, clientIds: readonly number[], page: { limit: number; offset: number } = { limit: MAX_LIMIT, offset: 0 }): Promise<Map<number, AccountRow[]>> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const result = new Map<number, AccountRow[]>(clientIds.map((id) => [id, []]));
      const scope = await this.scope(tx, staff);
      if (scope === null || clientIds.length === 0) return result;
      const today = await this.deps.businessDates.today(tx);
      const rows = await accountsOfClientsPaged(tx, today, scope, clientIds, { offset: page.offset, limit: Math.min(page.limit, MAX_LIMIT) });
      for (const row of rows) result.get(row.clientId)?.push(row);
      return result;
    });
  }

  /** The client's accounts not yet closed, rejected or withdrawn (closing a client needs none). */
  async openCount(tx: Tx, clientId: number): Promise<number> {
    return openAccountCount(tx, clientId);
  }

  /** Client display names for read models (one query per page of accounts). */
  async clientNames(tenantId: string, ids: readonly number[]): Promise<Map<number, string>> {
    return this.db.tx(tenantId, async (tx) => new Map([...(await this.deps.clients.many(tx, ids))].map(([id, c]) => [id, c.displayName])));
  }

  /** The caller's scope over accounts: null when it covers no account at all. */
  async scope(tx: Tx, staff: StaffIdentity): Promise<AccountScope | null> {
    const officeIds = await this.deps.scope.officeIds(tx, staff);
    if (officeIds && officeIds.length === 0) return null;
    const portfolio = this.deps.scope.portfolioStaffId(staff);
    if (portfolio === undefined) return { officeIds, clientIds: null };
    const clientIds = portfolio < 0 ? [] : await this.deps.clients.idsOfStaff(tx, portfolio);
    return clientIds.length === 0 ? null : { officeIds, clientIds };
  }

  // ---- writes --------------------------------------------------------------------------------

  async create(identity: Identity, input: CreateSavingsAccountInput): Promise<AccountRow> {
    const staff = requireStaff(identity, 'CREATE_SAVINGSACCOUNT');
    const v = new Validator('savingsaccount');
    v.required('clientId', input.clientId);
    v.required('productId', input.productId);
    v.required('submittedOnDate', input.submittedOnDate);
    v.maxLength('externalId', input.externalId, 100);
    v.check(input.charges == null || input.charges.length === 0 || this.charges.get() !== null, 'charges', 'not.supported', 'Savings charges are not available.', input.charges);
    for (const key of ['overdraftLimit', 'minRequiredBalance'] as const) {
      const value = input[key];
      if (value != null) v.check(new Money(value).gte(0) && new Money(value).lt('1e14'), key, 'must.be.zero.or.greater', `The parameter \`${key}\` must be zero or greater.`, value);
    }
    v.throwIfAny();
    return this.db.tx(staff.tenantId, (tx) => this.createCore(tx, staff, input));
  }

  /** Opens a validated application (status submitted) inside the caller's transaction. */
  async createCore(tx: Tx, staff: Applicant, input: CreateSavingsAccountInput): Promise<AccountRow> {
    const today = await this.deps.businessDates.today(tx);
    const client = await this.deps.clients.forAccount(tx, input.clientId!);
    if (!client || !(await this.deps.scope.canSee(tx, staff, { officeId: client.officeId, staffId: client.staffId, clientId: client.id }))) {
      throw errors.notFound(ACCOUNT_CODES.clientIdInvalid, `Client with identifier ${input.clientId} does not exist`, input.clientId);
    }
    if (!client.active) throw rule(ACCOUNT_CODES.savingsaccountClientNotActive, `Client with identifier ${client.id} is not active.`, [client.id], 'clientId');
    if (input.submittedOnDate! > today) {
      throw errors.badRequest(ACCOUNT_CODES.savingsaccountSubmittedOnDateCannotBeAFutureDate, 'The submitted date cannot be after the business date.', 'submittedOnDate');
    }
    const product = await productTerms(tx, input.productId!);
    if (!product) throw errors.notFound(ACCOUNT_CODES.savingproductIdInvalid, `Savings product with identifier ${input.productId} does not exist`, input.productId);
    const schedule = await findProduct(tx, input.productId!);
    const scheduleErrors = scheduleMismatches('savingsaccount', input, schedule!);
    if (scheduleErrors.length > 0) new Validator('savingsaccount').add(scheduleErrors[0]!).throwIfAny();
    const id = await nextValue(tx, 'savingsaccount');
    const bankCode = (await this.deps.settings.read(tx, 'bank-code')).stringValue ?? '999';
    const accountNo = nuban(bankCode, await nextValue(tx, 'savingsaccount.nuban'));
    const allowOverdraft = input.allowOverdraft ?? product.allowOverdraft;
    try {
      await insertAccount(tx, {
        id, accountNo, externalId: input.externalId ?? null, clientId: client.id, officeId: client.officeId, productId: input.productId!, accountType: product.accountType,
        currencyCode: product.currencyCode, digitsAfterDecimal: product.digitsAfterDecimal, submittedOnDate: input.submittedOnDate!,
        nominalAnnualInterestRate: input.nominalAnnualInterestRate ?? product.nominalAnnualInterestRate, allowOverdraft,
        overdraftLimit: allowOverdraft ? (input.overdraftLimit ?? product.overdraftLimit ?? '0') : '0', minRequiredBalance: input.minRequiredBalance ?? product.minRequiredBalance,
        enforceMinRequiredBalance: input.enforceMinRequiredBalance ?? product.enforceMinRequiredBalance, actor: actorId(staff),
      });
    } catch (error) {
      if (isUniqueViolation(error, 'savings_account_external_id')) {
        throw errors.duplicate(ACCOUNT_CODES.savingsaccountDuplicateExternalId, `A savings account with external id ${input.externalId} already exists.`, 'externalId', input.externalId);
      }
      throw error;
    }
    // The charges the application lists, or its product's when it lists none (`charges` left out).
    await this.charges.get()?.opened(tx, staff, id, input.productId!, input.charges ?? null);
    return (await loadAccount(tx, today, id))!;
  }

  async changeStatus(identity: Identity, id: number, command: StatusCommand, input: AccountDateInput): Promise<AccountChange> {
    const staff = requireStaff(identity, PERMISSION[command]);
    return this.db.tx(staff.tenantId, (tx) => this.changeStatusCore(tx, staff, id, command, input));
  }

  /** The lifecycle in one place: which status each command needs, and what it writes. */
  async changeStatusCore(tx: Tx, staff: Applicant, id: number, command: StatusCommand, input: AccountDateInput): Promise<AccountChange> {
    const { account, client, today } = await this.visible(tx, staff, id, { lock: true });
    const date = input.date ?? today;
    if (date > today) throw errors.badRequest(`error.msg.savingsaccount.${command}.date.cannot.be.a.future.date`, 'The date cannot be after the business date.', 'date');
    if (date < account.submittedOnDate) throw rule(`error.msg.savingsaccount.${command}.date.cannot.be.before.submittal.date`, 'The date cannot be before the submitted date.', [date], 'date');
    const changes: Record<string, unknown> = {};
    const requireStatus = (allowed: number[], code: string, message: string) => {
      if (!allowed.includes(account.status)) throw rule(code, message, [account.status]);
    };
    switch (command) {
      case 'approve':
        requireStatus([STATUS_SUBMITTED], ACCOUNT_CODES.savingsaccountApproveNotInSubmittedAndPendingState, 'Only a submitted account can be approved.');
        await setAccountStatus(tx, id, STATUS_APPROVED, 'approved_on_date', date, staff.userId);
        Object.assign(changes, { status: STATUS_APPROVED, approvedOnDate: date });
        break;
      case 'activate': {
        requireStatus([STATUS_SUBMITTED, STATUS_APPROVED], ACCOUNT_CODES.savingsaccountActivateNotInApprovedState, 'Only a submitted or approved account can be activated.');
        if (account.accountType === 'CURRENT' || account.allowOverdraft) {
          const references = await referenceCount(tx, id);
          if (references < 2) {
            throw rule(ACCOUNT_CODES.savingsaccountCurrentReferencesRequired, 'A current account or an overdraft-enabled account needs at least 2 references before activation.', [references]);
          }
        }
        // From submitted, approval and activation happen in one step (docs/interface.md).
        await activateAccount(tx, id, date, staff.userId);
        Object.assign(changes, { status: STATUS_ACTIVE, activatedOnDate: date });
        const bankName = (await this.deps.settings.read(tx, 'bank-name')).stringValue;
        await emit(tx, {
          eventType: 'account.created',
          entityName: 'SAVINGSACCOUNT',
          actionName: 'ACTIVATE',
          data: { accountId: id, accountNo: account.accountNo, clientId: client.id, cif: client.cif, accountType: account.accountType, currency: account.currencyCode, productName: account.productName, bankName, activatedOnDate: date },
        });
        break;
      }
      case 'reject':
        requireStatus([STATUS_SUBMITTED], ACCOUNT_CODES.savingsaccountRejectNotInSubmittedAndPendingState, 'Only a submitted account can be rejected.');
        await setAccountStatus(tx, id, STATUS_REJECTED, 'rejected_on_date', date, staff.userId);
        Object.assign(changes, { status: STATUS_REJECTED, rejectedOnDate: date });
        break;
      case 'withdrawnByApplicant':
        requireStatus([STATUS_SUBMITTED], ACCOUNT_CODES.savingsaccountWithdrawnNotInSubmittedAndPendingState, 'Only a submitted account can be withdrawn by the applicant.');
        await setAccountStatus(tx, id, STATUS_WITHDRAWN, 'withdrawn_on_date', date, staff.userId);
        Object.assign(changes, { status: STATUS_WITHDRAWN, withdrawnOnDate: date });
        break;
      case 'close':
        requireStatus([STATUS_ACTIVE], ACCOUNT_CODES.savingsaccountCloseAccountIsNotActive, 'Only an active account can be closed.');
        if (!new Money(account.accountBalance).isZero()) {
          throw rule(ACCOUNT_CODES.savingsaccountCloseResultsInBalanceNotZero, 'An account can be closed only at a zero balance.', [account.accountBalance]);
        }
        if (!new Money(account.onHold).isZero()) {
          throw rule(ACCOUNT_CODES.savingsaccountCloseHasHolds, 'An account with amounts on hold cannot be closed.', [account.onHold]);
        }
        await setAccountStatus(tx, id, STATUS_CLOSED, 'closed_on_date', date, staff.userId);
        Object.assign(changes, { status: STATUS_CLOSED, closedOnDate: date });
        break;
    }
    if (input.note) changes.note = input.note;
    return { account: (await loadAccount(tx, today, id))!, changes };
  }

  /**
   * A submitted application moved to another product (Fineract's PUT /savingsaccounts/{id} while pending):
   * nothing has been posted to it, so it takes the new product's currency and terms whole.
   */
  async changeProductCore(tx: Tx, actor: Applicant, id: number, productId: number): Promise<AccountChange> {
    const { account, today } = await this.visible(tx, actor, id, { lock: true });
    if (account.status !== STATUS_SUBMITTED) {
      throw rule(ACCOUNT_CODES.savingsaccountModifyNotInSubmittedAndPendingState, 'Only a submitted application can be changed.', [account.status]);
    }
    if (productId === account.productId) return { account, changes: {} };
    const product = await productTerms(tx, productId);
    if (!product) throw errors.notFound(ACCOUNT_CODES.savingproductIdInvalid, `Savings product with identifier ${productId} does not exist`, productId);
    await changeApplicationProduct(tx, id, productId, product, actor.userId);
    return { account: (await loadAccount(tx, today, id))!, changes: { productId } };
  }

  async changeBlock(identity: Identity, id: number, command: BlockCommand): Promise<AccountChange> {
    const staff = requireStaff(identity, PERMISSION[command]);
    return this.db.tx(staff.tenantId, async (tx) => {
      const { account, today } = await this.visible(tx, staff, id, { lock: true });
      if (account.status !== STATUS_ACTIVE) throw rule(ACCOUNT_CODES.savingsaccountBlockAccountIsNotActive, 'Only an active account can be blocked or unblocked.', [account.status]);
      const [column, value] = BLOCK_COLUMN[command];
      await setAccountBlock(tx, id, column, value, staff.userId);
      const after = (await loadAccount(tx, today, id))!;
      return { account: after, changes: { [column === 'blocked' ? 'blocked' : column === 'debit_blocked' ? 'debitBlocked' : 'creditBlocked']: value } };
    });
  }
}
