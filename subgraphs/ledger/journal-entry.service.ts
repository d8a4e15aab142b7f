import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { formatAmount } from '../kernel/money.js';
import { ordering } from '../kernel/paging.js';
import { todayIso } from '../kernel/scalars.js';
import type { OfficeInScope, OfficesInScope, PaymentTypeExists } from './ledger.ports.js';
import type { PostedTransaction, PostingEngine, PostingLine } from './posting-engine.js';
import { lineRunningBalances } from './running-balance.js';
import { LEDGER_CODES } from './codes.js';

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

export interface PaymentDetail {
  paymentTypeId: number;
  accountNumber: string | null;
  checkNumber: string | null;
  routingCode: string | null;
  receiptNumber: string | null;
  bankNumber: string | null;
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

export interface JournalEntryRow {
  id: number;
  officeId: number;
  glAccountId: number;
  glAccountCode: string;
  glAccountName: string;
  glAccountType: number;
  transactionDate: string;
  entryType: number;
  amount: string;
  currencyCode: string;
  transactionId: string;
  manualEntry: boolean;
  reversed: boolean;
  reversalTransactionId: string | null;
  reversalOf: string | null;
  entityType: string | null;
  entityId: number | null;
  referenceNumber: string | null;
  comments: string | null;
  createdBy: number | null;
  createdAt: Date;
  paymentDetail: PaymentDetail | null;
  officeRunningBalance?: string | null;
  organizationRunningBalance?: string | null;
}

export interface JournalEntryPage {
  totalFilteredRecords: number;
  pageItems: JournalEntryRow[];
}

const DEFAULT_LIMIT = 200;
/** Pages are capped at 200: a larger `limit` is clamped (REST, as Fineract); GraphQL refuses it at the edge. */
const MAX_LIMIT = 200;

const SELECT = `select je.id, je.office_id, je.gl_account_id, ga.gl_code, ga.name as gl_name, ga.type as gl_type,
    to_char(je.transaction_date, 'YYYY-MM-DD') as transaction_date, je.entry_type, je.amount::text as amount, je.currency_code,
    je.transaction_id, je.manual_entry, je.reversed, je.reversal_transaction_id, je.reversal_of, je.entity_type, je.entity_id,
    je.reference_number, je.comments, je.created_by, je.created_at,
    pd.payment_type_id, pd.account_number, pd.check_number, pd.routing_code, pd.receipt_number, pd.bank_number
  from ledger.journal_entry je
  join ledger.gl_account ga on ga.tenant_id = je.tenant_id and ga.id = je.gl_account_id
  left join ledger.payment_detail pd on pd.tenant_id = je.tenant_id and pd.transaction_id = je.transaction_id`;

const ORDER_COLUMNS: Record<string, string> = { id: 'je.id', transactionDate: 'je.transaction_date', transactionId: 'je.transaction_id', amount: 'je.amount', glAccountId: 'je.gl_account_id', officeId: 'je.office_id' };

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
      await tx.em.execute(
        `insert into ledger.payment_detail (tenant_id, transaction_id, payment_type_id, account_number, check_number, routing_code, receipt_number, bank_number, created_by)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [tx.tenantId, posted.transactionId, input.paymentTypeId, ...PAYMENT_DETAIL_TEXT.map((key) => input[key] ?? null), actor.userId],
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
    const lines = await tx.em.execute<{ manual_entry: boolean; office_id: number }[]>(
      `select manual_entry, office_id from ledger.journal_entry where tenant_id = ? and transaction_id = ? limit 1`,
      [tx.tenantId, transactionId],
    );
    const first = lines[0];
    if (!first || !(await this.officeInScope(tx, actor, first.office_id))) {
      throw errors.notFound(LEDGER_CODES.journalEntriesTransactionIdInvalid, `Journal entry with transaction id ${transactionId} does not exist`, transactionId);
    }
    if (!first.manual_entry) {
      throw errors.domainRule(LEDGER_CODES.glJournalEntryInvalidReversalOfSystemEntry, 'Only manual journal entries can be reversed here; system entries are reversed by their transaction.', [transactionId]);
    }
    return this.engine.reverse(tx, transactionId, { date: todayIso(), comments: comments ?? null, actor: actor.userId, manual: true });
  }

  async list(identity: Identity, filter: JournalEntryFilter): Promise<JournalEntryPage> {
    const staff = requireStaff(identity, 'READ_JOURNALENTRY');
    const where: string[] = ['je.tenant_id = ?'];
    const params: unknown[] = [staff.tenantId];
    const add = (sql: string, value: unknown) => {
      where.push(sql);
      params.push(value);
    };
    if (filter.officeId != null) add('je.office_id = ?', filter.officeId);
    if (filter.glAccountId != null) add('je.gl_account_id = ?', filter.glAccountId);
    if (filter.manualEntriesOnly) where.push('je.manual_entry');
    if (filter.fromDate) add('je.transaction_date >= ?::date', filter.fromDate);
    if (filter.toDate) add('je.transaction_date <= ?::date', filter.toDate);
    if (filter.transactionId) add('je.transaction_id = ?', filter.transactionId);
    if (filter.entityType) add('je.entity_type = ?', filter.entityType);
    if (filter.entityId != null) add('je.entity_id = ?', filter.entityId);
    if (filter.entryType != null) add('je.entry_type = ?', filter.entryType);
    const limit = Math.min(Math.max(filter.limit ?? DEFAULT_LIMIT, 1), MAX_LIMIT);
    const offset = Math.max(filter.offset ?? 0, 0);
    const { column, direction } = ordering(ORDER_COLUMNS, filter.orderBy, filter.sortOrder, 'id');
    return this.db.tx(staff.tenantId, async (tx) => {
      // A branch user sees the journal of its own office subtree only.
      const scope = await this.officesInScope(tx, staff);
      if (scope) {
        where.push(`je.office_id in (${scope.map(() => '?').join(', ') || 'null'})`);
        params.push(...scope);
      }
      const count = await tx.em.execute<{ n: string }[]>(`select count(*) as n from ledger.journal_entry je where ${where.join(' and ')}`, params);
      const rows = await tx.em.execute<RawRow[]>(`${SELECT} where ${where.join(' and ')} order by ${column} ${direction}, je.id ${direction} limit ${limit} offset ${offset}`, params);
      const items = rows.map(toRow);
      if (filter.runningBalance) await withRunningBalances(tx, items);
      return { totalFilteredRecords: Number(count[0]!.n), pageItems: items };
    });
  }

  async get(identity: Identity, id: number, runningBalance = false): Promise<JournalEntryRow> {
    const staff = requireStaff(identity, 'READ_JOURNALENTRY');
    return this.db.tx(staff.tenantId, async (tx) => {
      const rows = await tx.em.execute<RawRow[]>(`${SELECT} where je.tenant_id = ? and je.id = ?`, [tx.tenantId, id]);
      if (rows.length === 0 || !(await this.officeInScope(tx, staff, rows[0]!.office_id))) throw errors.notFound(LEDGER_CODES.journalEntriesIdInvalid, `Journal entry with identifier ${id} does not exist`, id);
      const row = toRow(rows[0]!);
      if (runningBalance) await withRunningBalances(tx, [row]);
      return row;
    });
  }

  async byTransaction(tenantId: string, transactionId: string): Promise<JournalEntryRow[]> {
    return this.db.tx(tenantId, async (tx) => (await tx.em.execute<RawRow[]>(`${SELECT} where je.tenant_id = ? and je.transaction_id = ? order by je.id`, [tx.tenantId, transactionId])).map(toRow));
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

interface RawRow {
  id: string;
  office_id: number;
  gl_account_id: number;
  gl_code: string;
  gl_name: string;
  gl_type: number;
  transaction_date: string;
  entry_type: number;
  amount: string;
  currency_code: string;
  transaction_id: string;
  manual_entry: boolean;
  reversed: boolean;
  reversal_transaction_id: string | null;
  reversal_of: string | null;
  entity_type: string | null;
  entity_id: string | null;
  reference_number: string | null;
  comments: string | null;
  created_by: number | null;
  created_at: Date;
  payment_type_id: number | null;
  account_number: string | null;
  check_number: string | null;
  routing_code: string | null;
  receipt_number: string | null;
  bank_number: string | null;
}

function toRow(r: RawRow): JournalEntryRow {
  return {
    id: Number(r.id),
    officeId: r.office_id,
    glAccountId: r.gl_account_id,
    glAccountCode: r.gl_code,
    glAccountName: r.gl_name,
    glAccountType: Number(r.gl_type),
    transactionDate: r.transaction_date,
    entryType: Number(r.entry_type),
    amount: formatAmount(r.amount),
    currencyCode: r.currency_code,
    transactionId: r.transaction_id,
    manualEntry: r.manual_entry,
    reversed: r.reversed,
    reversalTransactionId: r.reversal_transaction_id,
    reversalOf: r.reversal_of,
    entityType: r.entity_type,
    entityId: r.entity_id == null ? null : Number(r.entity_id),
    referenceNumber: r.reference_number,
    comments: r.comments,
    createdBy: r.created_by,
    createdAt: r.created_at,
    paymentDetail:
      r.payment_type_id == null
        ? null
        : { paymentTypeId: r.payment_type_id, accountNumber: r.account_number, checkNumber: r.check_number, routingCode: r.routing_code, receiptNumber: r.receipt_number, bankNumber: r.bank_number },
  };
}
