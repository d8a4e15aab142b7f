import type { Tx } from '../kernel/database.js';
import { errors } from '../kernel/errors.js';
import { formatAmount } from '../kernel/money.js';
import { emit } from '../kernel/outbox.js';
import { nextValue } from '../kernel/sequence.js';
import { balancedLines, checkHeader, checkPostingDate, reversalLines, withAccounts } from './domain/posting.js';
import { Currency, GLAccount, GL_TYPES, USAGE_HEADER, type GLTypeId } from './ledger.entities.js';

/** One side of one line: exactly one of debit or credit, a positive decimal string (or number-free text). */
export interface PostingLine {
  glAccountId?: number;
  glCode?: string;
  debit?: string;
  credit?: string;
  /** The line's own comment; the request's comments when absent (each journal row carries one). */
  comments?: string | null;
}

export interface PostingSource {
  /** SAVINGS, LOAN, TILL... null for manual entries. */
  entityType?: string | null;
  entityId?: number | null;
  /** The journal transaction id (S<savingsTxnId>, L<loanTxnId>); generated when absent. */
  transactionId?: string | null;
}

export interface PostingRequest {
  officeId: number;
  currency: string;
  /** YYYY-MM-DD. */
  date: string;
  lines: PostingLine[];
  source?: PostingSource;
  comments?: string | null;
  referenceNumber?: string | null;
  manual?: boolean;
  /** User id for the audit columns. */
  actor?: number | null;
  /** Internal: the transaction this one reverses. */
  reversalOf?: string | null;
}

export interface PostedLine {
  id: number;
  glAccountId: number;
  glCode: string;
  entryType: number;
  amount: string;
}

export interface PostedTransaction {
  transactionId: string;
  officeId: number;
  currencyCode: string;
  transactionDate: string;
  manualEntry: boolean;
  lines: PostedLine[];
}

export const JOURNAL_POSTED_EVENT = 'journal.entry.posted';

const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);

/** The shared advisory lock key of an office's postings (closures take it exclusively). */
export const officeLockSql = `hashtext('ledger.office:' || ? || ':' || ?)`;

/**
 * The one way money enters the general ledger. Other modules call it inside THEIR transaction, so a
 * deposit and its journal lines commit together or not at all. It checks everything a ledger must
 * refuse (unbalanced, header/disabled accounts, disabled currency, excess precision, closed period),
 * writes the lines in one statement and records one outbox event per journal transaction.
 */
export class PostingEngine {
  constructor(private readonly officeOpeningDate: (tx: Tx, officeId: number) => Promise<string | null>) {}

  async post(tx: Tx, request: PostingRequest): Promise<PostedTransaction> {
    checkHeader(request);
    const currency = await tx.em.findOne(Currency, { code: request.currency });
    if (!currency) {
      throw rule('error.msg.glJournalEntry.currency.not.enabled', `Currency ${request.currency} is not enabled for this institution.`, [request.currency], 'currencyCode');
    }
    const { lines: parsed, total } = balancedLines(request.lines, currency);

    const ids = [...new Set(parsed.map((p) => p.line.glAccountId).filter((x): x is number => x != null))];
    const codes = [...new Set(parsed.map((p) => p.line.glCode).filter((x): x is string => x != null && x.trim() !== ''))];
    const found = (await tx.em.find(GLAccount, { $or: [{ id: { $in: ids } }, { glCode: { $in: codes } }] })).map((account) => ({
      id: account.id, glCode: account.glCode, isHeader: account.usage === USAGE_HEADER, disabled: account.disabled, manualEntriesAllowed: account.manualEntriesAllowed,
    }));
    const resolved = withAccounts(parsed, { byId: new Map(found.map((a) => [a.id, a])), byCode: new Map(found.map((a) => [a.glCode, a])) }, request.manual ?? false);

    const openingDate = await this.officeOpeningDate(tx, request.officeId);
    // Closures take this lock exclusively: a posting and a closure of the same office never interleave,
    // so the closing date read after it holds until this transaction commits.
    await tx.em.execute(`select pg_advisory_xact_lock_shared(${officeLockSql})`, [tx.tenantId, request.officeId]);
    const closed = await tx.em.execute<{ closing_date: string | null }[]>(
      `select to_char(max(closing_date), 'YYYY-MM-DD') as closing_date from ledger.gl_closure where tenant_id = ? and office_id = ? and not deleted`,
      [tx.tenantId, request.officeId],
    );
    checkPostingDate(request.officeId, request.date, { openingDate, closedUpTo: closed[0]?.closing_date ?? null });

    const transactionId = await claimTransactionId(tx, request.source?.transactionId || null, request.reversalOf ? 'R' : 'M');
    const values: unknown[] = [];
    const rows = resolved.map((r) => {
      values.push(
        tx.tenantId, transactionId, request.officeId, r.account.id, currency.code, request.date, r.entryType, formatAmount(r.amount),
        request.manual ?? false, request.reversalOf ?? null, request.source?.entityType ?? null, request.source?.entityId ?? null,
        request.referenceNumber ?? null, r.line.comments ?? request.comments ?? null, request.actor ?? null, request.actor ?? null,
      );
      return '(?, ?, ?, ?, ?, ?::date, ?, ?::numeric, ?, ?, ?, ?, ?, ?, ?, ?)';
    });
    const inserted = await tx.em.execute<{ id: string }[]>(
      `insert into ledger.journal_entry (tenant_id, transaction_id, office_id, gl_account_id, currency_code, transaction_date, entry_type, amount,
         manual_entry, reversal_of, entity_type, entity_id, reference_number, comments, created_by, updated_by)
       values ${rows.join(', ')} returning id`,
      values,
    );
    const lines: PostedLine[] = resolved.map((r, i) => ({
      id: Number(inserted[i]!.id),
      glAccountId: r.account.id,
      glCode: r.account.glCode,
      entryType: r.entryType,
      amount: formatAmount(r.amount),
    }));
    const posted: PostedTransaction = {
      transactionId,
      officeId: request.officeId,
      currencyCode: currency.code,
      transactionDate: request.date,
      manualEntry: request.manual ?? false,
      lines,
    };
    await emit(tx, {
      eventType: JOURNAL_POSTED_EVENT,
      entityName: 'JOURNALENTRY',
      actionName: request.reversalOf ? 'REVERSE' : 'CREATE',
      data: {
        ...posted,
        amount: formatAmount(total),
        reversalOf: request.reversalOf ?? null,
        entityType: request.source?.entityType ?? null,
        entityId: request.source?.entityId ?? null,
      },
    });
    return posted;
  }

  /**
   * Reverses a whole journal transaction: new lines with opposite sides (dated `date`), the originals
   * marked reversed. Refuses a transaction already reversed.
   */
  async reverse(tx: Tx, transactionId: string, options: { date: string; comments?: string | null; actor?: number | null; manual?: boolean }): Promise<PostedTransaction> {
    // The row locks make two concurrent reversals of the same transaction queue; the second sees reversed.
    const originals = await tx.em.execute<{ id: string; office_id: number; gl_account_id: number; currency_code: string; entry_type: number; amount: string; reversed: boolean; entity_type: string | null; entity_id: string | null; manual_entry: boolean }[]>(
      `select id, office_id, gl_account_id, currency_code, entry_type, amount::text as amount, reversed, entity_type, entity_id, manual_entry
       from ledger.journal_entry where tenant_id = ? and transaction_id = ? order by id for update`,
      [tx.tenantId, transactionId],
    );
    if (originals.length === 0) {
      throw errors.notFound('error.msg.glJournalEntry.invalid.transaction.id', `Journal entry with transaction id ${transactionId} does not exist`, transactionId);
    }
    if (originals.some((o) => o.reversed)) {
      throw rule('error.msg.glJournalEntry.already.reversed', `Journal entry ${transactionId} is already reversed.`, [transactionId]);
    }
    const first = originals[0]!;
    const posted = await this.post(tx, {
      officeId: first.office_id,
      currency: first.currency_code,
      date: options.date,
      lines: reversalLines(originals.map((o) => ({ glAccountId: o.gl_account_id, entryType: Number(o.entry_type), amount: o.amount }))),
      source: { entityType: first.entity_type, entityId: first.entity_id == null ? null : Number(first.entity_id) },
      comments: options.comments ?? `Reversal entry for Journal Entry with id :${transactionId}`,
      manual: options.manual ?? first.manual_entry,
      actor: options.actor ?? null,
      reversalOf: transactionId,
    });
    await tx.em.execute(
      `update ledger.journal_entry set reversed = true, reversal_transaction_id = ?, updated_at = now(), updated_by = ? where tenant_id = ? and transaction_id = ?`,
      [posted.transactionId, options.actor ?? null, tx.tenantId, transactionId],
    );
    return posted;
  }
}

/**
 * Registers the journal transaction id, unique by the database's primary key (no check-then-insert race):
 * a caller-supplied id (S<n>, L<n>, T<n>) posted twice is refused. Generated ids are M<n>/R<n> numbered per
 * tenant, so ids reveal nothing of other tenants' volume; that counter row stays locked until the posting
 * commits (manual entries and reversals of one tenant queue on it, fine for their rate), while system
 * postings bring their own ids and never take it.
 */
async function claimTransactionId(tx: Tx, given: string | null, prefix: string): Promise<string> {
  const transactionId = given ?? `${prefix}${await nextValue(tx, 'ledger.journal.transaction')}`;
  const claimed = await tx.em.execute<{ transaction_id: string }[]>(
    `insert into ledger.journal_transaction (tenant_id, transaction_id) values (?, ?) on conflict do nothing returning transaction_id`,
    [tx.tenantId, transactionId],
  );
  if (claimed.length === 0) throw rule('error.msg.glJournalEntry.duplicate.transaction.id', `Journal transaction ${transactionId} is already posted.`, [transactionId], 'transactionId');
  return transactionId;
}

export function glTypeOf(id: number): (typeof GL_TYPES)[GLTypeId] | undefined {
  return GL_TYPES[id as GLTypeId];
}
