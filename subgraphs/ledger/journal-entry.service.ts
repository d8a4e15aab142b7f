import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity, type StaffIdentity } from '../kernel/identity.js';
import type { KeysetPage } from '../kernel/connection.js';
import { ordering } from '../kernel/paging.js';
import { todayIso } from '../kernel/scalars.js';
import type { OfficeInScope, OfficesInScope, PaymentTypeExists } from './ledger.ports.js';
import type { PostedTransaction, PostingEngine, PostingLine } from './posting-engine.js';
import { lineRunningBalances } from './running-balance.js';
import {
  insertPaymentDetail, JOURNAL_ORDER_COLUMNS, journalCount, journalKeysetPage, journalLine, journalPage, journalTransaction, journalTransactionHead, type JournalEntryRow, type JournalQuery,
} from './ledger.store.js';
import { LEDGER_CODES } from './codes.js';

export type { JournalEntryRow, PaymentDetail } from './ledger.store.js';

export interface JournalLineInput {
  glAccountId?: number | null;
  amount?: string | null;
  comments?: string | null;
}

export interface CreateJournalEntryInput {
  officeId?: number | null;
  transactionDate?: string | null;
  currencyCode?: string | null;
  comments?: string | null;
  referenceNumber?: string | null;
  credits?: JournalLineInput[] | null;
  debits?: JournalLineInput[] | null;
  /** Payment details (Fineract sends them flat in the body); paymentTypeId is required when any is given. */
  paymentTypeId?: number | null;
  accountNumber?: string | null;
  checkNumber?: string | null;
  routingCode?: string | null;
  receiptNumber?: string | null;
  bankNumber?: string | null;
}

const PAYMENT_DETAIL_TEXT = ['accountNumber', 'checkNumber', 'routingCode', 'receiptNumber', 'bankNumber'] as const;

export interface JournalEntryFilter {
  officeId?: number | null;
  glAccountId?: number | null;
  manualEntriesOnly?: boolean | null;
  fromDate?: string | null;
  toDate?: string | null;
  transactionId?: string | null;
  entityType?: string | null;
  entityId?: number | null;
  /** Only credit lines (ENTRY_CREDIT) or only debit lines (ENTRY_DEBIT). */
  entryType?: number | null;
  offset?: number | null;
  limit?: number | null;
  orderBy?: string | null;
  sortOrder?: string | null;
  /** Fineract's runningBalance=true: each line carries its account's office and organisation balance after it. */
  runningBalance?: boolean | null;
}

export interface JournalEntryPage {
  totalFilteredRecords: number;
  pageItems: JournalEntryRow[];
}

const DEFAULT_LIMIT = 200;
/** Pages are capped at 200: a larger `limit` is clamped (REST, as Fineract); GraphQL refuses it at the edge. */
const MAX_LIMIT = 200;

/** The columns a page may be ordered by (Fineract orderBy), each naming itself in the store's JOURNAL_ORDER_COLUMNS. */
const ORDER_COLUMNS = Object.fromEntries(Object.keys(JOURNAL_ORDER_COLUMNS).map((k) => [k, k])) as { [K in keyof typeof JOURNAL_ORDER_COLUMNS]: K };

/** Manual journal entries, reversals and the journal's read side. Postings go through the PostingEngine. */
export class JournalEntryService {
  constructor(
    private readonly db: Database,
    private readonly engine: PostingEngine,
    private readonly officeInScope: OfficeInScope,
    private readonly officesInScope: OfficesInScope,
    private readonly paymentTypeExists: PaymentTypeExists,
  ) {}

  async createManual(identity: Identity, input: CreateJournalEntryInput): Promise<PostedTransaction> {
    const actor = requireStaff(identity, 'CREATE_JOURNALENTRY');
    return this.db.tx(actor.tenantId, (tx) => this.createManualCore(tx, actor, input));
  }

  async createManualCore(tx: Tx, actor: Actor, input: CreateJournalEntryInput): Promise<PostedTransaction> {
    const v = new Validator('journalentry');
    v.required('officeId', input.officeId);
    v.required('transactionDate', input.transactionDate);
    v.required('currencyCode', input.currencyCode);
    v.maxLength('comments', input.comments, 500);
    v.maxLength('referenceNumber', input.referenceNumber, 100);
    const credits = input.credits ?? [];
    const debits = input.debits ?? [];
    if (credits.length === 0) v.fail('credits', 'cannot.be.blank', 'The parameter `credits` is mandatory.');
    if (debits.length === 0) v.fail('debits', 'cannot.be.blank', 'The parameter `debits` is mandatory.');
    const check = (side: 'credits' | 'debits', lines: JournalLineInput[]) =>
      lines.forEach((line, i) => {
        v.required(`${side}[${i}].glAccountId`, line?.glAccountId);
        v.required(`${side}[${i}].amount`, line?.amount);
        v.maxLength(`${side}[${i}].comments`, line?.comments, 500);
      });
    check('credits', credits);
    check('debits', debits);
    const hasPaymentDetail = input.paymentTypeId != null || PAYMENT_DETAIL_TEXT.some((key) => input[key] != null);
    if (hasPaymentDetail) v.required('paymentTypeId', input.paymentTypeId);
    for (const key of PAYMENT_DETAIL_TEXT) v.maxLength(key, input[key], 100);
    v.throwIfAny();
    if (input.transactionDate! > todayIso()) {
      throw errors.domainRule(LEDGER_CODES.glJournalEntryInvalidFutureDate, 'Journal entries cannot be posted for a future date.', [input.transactionDate], 'transactionDate');
    }
    const lines: PostingLine[] = [
      ...debits.map((l) => ({ glAccountId: l.glAccountId!, debit: l.amount!, comments: l.comments ?? null })),
      ...credits.map((l) => ({ glAccountId: l.glAccountId!, credit: l.amount!, comments: l.comments ?? null })),
    ];
    if (!(await this.officeInScope(tx, actor, input.officeId!))) {
      throw errors.notFound(LEDGER_CODES.officeIdInvalid, `Office with identifier ${input.officeId} does not exist`, input.officeId);
    }
    if (hasPaymentDetail && !(await this.paymentTypeExists(tx, input.paymentTypeId!))) {
      throw errors.notFound(LEDGER_CODES.paymentTypeInvalid, `Payment type with identifier ${input.paymentTypeId} does not exist`, input.paymentTypeId);
    }
    const posted = await this.engine.post(tx, {
      officeId: input.officeId!,
      currency: input.currencyCode!.trim().toUpperCase(),
      date: input.transactionDate!,
      lines,
      comments: input.comments ?? null,
      referenceNumber: input.referenceNumber ?? null,
      manual: true,
      actor: actor.userId,
    });
    if (hasPaymentDetail) {
      await insertPaymentDetail(
        tx,
        posted.transactionId,
        {
          paymentTypeId: input.paymentTypeId!, accountNumber: input.accountNumber ?? null, checkNumber: input.checkNumber ?? null, routingCode: input.routingCode ?? null,
          receiptNumber: input.receiptNumber ?? null, bankNumber: input.bankNumber ?? null,
        },
        actor.userId,
      );
    }
    return posted;
  }

  /** Reverses a manual journal transaction; system entries are reversed by the module that posted them. */
  async reverse(identity: Identity, transactionId: string, comments?: string | null): Promise<PostedTransaction> {
    const actor = requireStaff(identity, 'REVERSE_JOURNALENTRY');
    return this.db.tx(actor.tenantId, (tx) => this.reverseCore(tx, actor, transactionId, comments));
  }

  async reverseCore(tx: Tx, actor: Actor, transactionId: string, comments?: string | null): Promise<PostedTransaction> {
    const first = await journalTransactionHead(tx, transactionId);
    if (!first || !(await this.officeInScope(tx, actor, first.officeId))) {
      throw errors.notFound(LEDGER_CODES.journalEntriesTransactionIdInvalid, `Journal entry with transaction id ${transactionId} does not exist`, transactionId);
    }
    if (!first.manual) {
      throw errors.domainRule(LEDGER_CODES.glJournalEntryInvalidReversalOfSystemEntry, 'Only manual journal entries can be reversed here; system entries are reversed by their transaction.', [transactionId]);
    }
    return this.engine.reverse(tx, transactionId, { date: todayIso(), comments: comments ?? null, actor: actor.userId, manual: true });
  }

  async list(identity: Identity, filter: JournalEntryFilter): Promise<JournalEntryPage> {
    const staff = requireStaff(identity, 'READ_JOURNALENTRY');
    const limit = Math.min(Math.max(filter.limit ?? DEFAULT_LIMIT, 1), MAX_LIMIT);
    const offset = Math.max(filter.offset ?? 0, 0);
    const { column, direction } = ordering(ORDER_COLUMNS, filter.orderBy, filter.sortOrder, 'id');
    return this.db.tx(staff.tenantId, async (tx) => {
      const query = await this.journalQuery(tx, staff, filter);
      const total = await journalCount(tx, query);
      const items = await journalPage(tx, query, column, direction, limit, offset);
      if (filter.runningBalance) await withRunningBalances(tx, items);
      return { totalFilteredRecords: total, pageItems: items };
    });
  }

  /** The journal as a connection: newest first by id, `page.first` lines before the cursor's id, the same filters and walls as list. */
  async keysetPage(identity: Identity, filter: JournalEntryFilter, page: KeysetPage): Promise<JournalEntryPage> {
    const staff = requireStaff(identity, 'READ_JOURNALENTRY');
    return this.db.tx(staff.tenantId, async (tx) => {
      const query = await this.journalQuery(tx, staff, filter);
      const total = await journalCount(tx, query);
      // One line beyond the page tells whether another follows.
      const items = await journalKeysetPage(tx, query, page.after?.[0] ?? null, page.first + 1);
      if (filter.runningBalance) await withRunningBalances(tx, items);
      return { totalFilteredRecords: total, pageItems: items };
    });
  }

  private async journalQuery(tx: Tx, staff: StaffIdentity, filter: JournalEntryFilter): Promise<JournalQuery> {
    return {
      officeId: filter.officeId ?? null,
      glAccountId: filter.glAccountId ?? null,
      manualEntriesOnly: filter.manualEntriesOnly === true,
      fromDate: filter.fromDate || null,
      toDate: filter.toDate || null,
      transactionId: filter.transactionId || null,
      entityType: filter.entityType || null,
      entityId: filter.entityId ?? null,
      entryType: filter.entryType ?? null,
      // A branch user sees the journal of its own office subtree only.
      officeIds: (await this.officesInScope(tx, staff)) ?? null,
    };
  }

  async get(identity: Identity, id: number, runningBalance = false): Promise<JournalEntryRow> {
    const staff = requireStaff(identity, 'READ_JOURNALENTRY');
    return this.db.tx(staff.tenantId, async (tx) => {
      const row = await journalLine(tx, id);
      if (!row || !(await this.officeInScope(tx, staff, row.officeId))) throw errors.notFound(LEDGER_CODES.journalEntriesIdInvalid, `Journal entry with identifier ${id} does not exist`, id);
      if (runningBalance) await withRunningBalances(tx, [row]);
      return row;
    });
  }

  async byTransaction(tenantId: string, transactionId: string): Promise<JournalEntryRow[]> {
    return this.db.tx(tenantId, (tx) => journalTransaction(tx, transactionId));
  }
}

async function withRunningBalances(tx: Tx, rows: JournalEntryRow[]): Promise<void> {
  const balances = await lineRunningBalances(tx, rows);
  for (const row of rows) {
    const balance = balances.get(row.id);
    row.officeRunningBalance = balance?.office ?? null;
    row.organizationRunningBalance = balance?.organization ?? null;
  }
}
