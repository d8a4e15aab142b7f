import type { Database } from '../platform/database.js';
import { riding } from '../kernel/outbox.js';
import { noteAudit, PROCESSING_RESULT } from '../kernel/audit.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type CustomerIdentity, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { formatAmount, Money } from '../kernel/money.js';
import { LIABILITY_GL, TXN_DEPOSIT, TXN_WITHDRAWAL } from './account.rows.js';
import { ensureCreditLock } from './store/locks.js';
import type { AccountDependencies } from './account.ports.js';
import { canDebit } from './domain/balance-rules.js';
import { insertHold } from './store/maker-checker.store.js';
import { accountNotFound, MAX_LIMIT } from './savings-account.service.js';
import { checkAmount, checkDate, checkUsable, insufficient } from './movement-rules.js';
import type { SavingsMovements } from './savings-movements.js';
import { findTransfer, listTransfers, lockReceiver, lockTransferSides, transferInsert, type TransferRow } from './store/transfer.store.js';
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

const SAVINGS_ACCOUNT_TYPE = 2;

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
    private readonly movements: SavingsMovements,
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
      const outcome = await this.createCore(tx, staff, input, { holdAbove: await this.movements.approvalCeiling(tx, false) });
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
    const locked = await lockReceiver(tx, toId);
    if (!locked) throw accountNotFound(toId);
    const receiver = locked.client;
    await ensureCreditLock(tx, receiver, locked.creditLocked);
    const transferId = locked.transferId;
    const today = await this.deps.businessDates.today(tx);
    const sides = await lockTransferSides(tx, today, fromId, toId);
    const side = (id: number) => sides.find((s) => s.account.id === id) ?? null;
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
        entityName: 'ACCOUNTTRANSFER', actionName: 'CREATE', accountId: fromId, officeId: from.officeId, amount, command: input, makerId: staff.userId, makerDelegatedBy: staff.kind === 'staff' ? (staff.delegatedBy ?? null) : null, madeOn: today,
      });
      noteAudit({ processingResult: PROCESSING_RESULT.awaitingApproval, resourceId: fromId, subresourceId: commandId });
      return { kind: 'held', commandId, fromAccountId: fromId };
    }
    // Between a client's own accounts nothing enters the client's balance: no KYC cap applies.
    const caps = from.clientId !== to.clientId ? await this.movements.kycCaps(tx, receiver, amount) : null;

    const bankName = await this.movements.bankName(tx);
    const originator = { bankName, accountNo: from.accountNo, senderName: sender.displayName };
    const date = input.transferDate!;
    const description = input.transferDescription ?? null;
    const common = { amount, date, paymentTypeId: null, isCash: false, details: {}, note: description, transferId, actor: staff.userId };
    const debitLeg = { ...common, id: source.transactionId, account: from, credit: false, type: TXN_WITHDRAWAL };
    const creditLeg = { ...common, id: destination.transactionId, account: to, credit: true, type: TXN_DEPOSIT };
    // The posting first: its event rides in the debit leg's row (one outbox row per leg, none for the posting).
    const posting = await this.deps.journal.post(tx, {
      companionEvent: true,
      officeId: from.officeId,
      currency: from.currencyCode,
      date,
      lines: [{ glCode: LIABILITY_GL[from.accountType], debit: amount }, { glCode: LIABILITY_GL[to.accountType], credit: amount }],
      source: { entityType: 'SAVINGS', entityId: from.id, transactionId: `S${debitLeg.id}` },
      comments: input.transferDescription ?? `Transfer ${transferId}`,
      actor: staff.userId,
    });
    await this.movements.writeLeg(tx, debitLeg, {
      event: riding(this.movements.movementEvent(from, sender, debitLeg.id, false, amount, 'WITHDRAWAL', originator, { date, transferId }), posting.companion),
      also: transferInsert(tx, {
        id: transferId, fromAccountId: fromId, toAccountId: toId, amount, currencyCode: from.currencyCode, transferDate: date, description, fromTransactionId: debitLeg.id, toTransactionId: creditLeg.id,
      }, staff.userId),
    });
    await this.movements.writeLeg(tx, creditLeg, {
      event: this.movements.movementEvent(to, receiver, creditLeg.id, true, amount, 'DEPOSIT', originator, { date, transferId }),
      kyc: caps ? { client: receiver, caps } : undefined,
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
      const offices = await this.deps.scope.officeIds(tx, staff);
      if (offices && offices.length === 0) return { total: 0, items: [] };
      return listTransfers(tx, { officeIds: offices, accountId: page.accountId ?? null }, { offset, limit });
    });
  }

  async find(tx: Tx, id: number): Promise<TransferRow | null> {
    return findTransfer(tx, id);
  }
}
