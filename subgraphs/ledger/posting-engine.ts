import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { exactNumber } from '../kernel/exact-json.js';
import { formatAmount } from '../kernel/money.js';
import { outboxInsert, outboxPayload, type CompanionEvent } from '../kernel/outbox.js';
import { ReferenceCache, ReferenceMap } from '../platform/reference-cache.js';
import { nextValue } from '../kernel/sequence.js';
import { balancedLines, checkHeader, checkPostingDate, reversalLines, withAccounts } from './domain/posting.js';
import type { AccountRules, CurrencyRules } from './domain/posting.js';
import { USAGE_HEADER } from './ledger.entities.js';
import { LEDGER_CODES } from './codes.js';

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
  /**
   * The posting's journal.entry.posted event rides in the caller's own event row (returned as
   * `companion`, for the caller's DomainEvent.companions) instead of a row of its own: a deposit writes
   * one outbox row, not two. The caller must write that row in the same transaction.
   */
  companionEvent?: boolean;
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
  /** With `companionEvent`: the posting's event, for the caller's event row. */
  companion?: CompanionEvent;
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
  /** The tenant's enabled currencies and chart of accounts, cached: every posting checks its lines against them. */
  private readonly reference = new ReferenceCache(async (tx) => {
    const currencies = await tx.query<{ code: string; decimal_places: number }>(`select code, decimal_places from ledger.currency where tenant_id = ?`, [tx.tenantId]);
    const accounts = await tx.query<{ id: number; gl_code: string; usage: number; disabled: boolean; manual_entries_allowed: boolean }>(
      `select id, gl_code, usage, disabled, manual_entries_allowed from ledger.gl_account where tenant_id = ?`,
      [tx.tenantId],
    );
    const rules = accounts.map((a): AccountRules => ({ id: Number(a.id), glCode: a.gl_code, isHeader: Number(a.usage) === USAGE_HEADER, disabled: a.disabled, manualEntriesAllowed: a.manual_entries_allowed }));
    return {
      currencies: new Map(currencies.map((c): [string, CurrencyRules] => [c.code, { code: c.code, decimalPlaces: Number(c.decimal_places) }])),
      byId: new Map(rules.map((a) => [a.id, a])),
      byCode: new Map(rules.map((a) => [a.glCode, a])),
    };
  });
  /** Offices' opening dates (null: no such office), cached per office. */
  private readonly openingDates: ReferenceMap<number, string | null>;

  constructor(officeOpeningDate: (tx: Tx, officeId: number) => Promise<string | null>) {
    this.openingDates = new ReferenceMap(officeOpeningDate);
  }

  /**
   * One round trip when the caller brings the transaction id (two otherwise): the office's shared lock and,
   * sent behind it, one statement that reads the closing date under it, claims the id and writes the lines
   * and the event (nothing when the period is closed or the id taken: the checks below then throw).
   */
  async post(tx: Tx, request: PostingRequest): Promise<PostedTransaction> {
    checkHeader(request);
    const reference = await this.reference.get(tx);
    const currency = reference.currencies.get(request.currency);
    if (!currency) {
      throw rule(LEDGER_CODES.glJournalEntryCurrencyNotEnabled, `Currency ${request.currency} is not enabled for this institution.`, [request.currency], 'currencyCode');
    }
    const { lines: parsed, total } = balancedLines(request.lines, currency);
    const resolved = withAccounts(parsed, reference, request.manual ?? false);

    const openingDate = await this.openingDates.get(tx, request.officeId);
    checkPostingDate(request.officeId, request.date, { openingDate, closedUpTo: null });
    // Closures take this lock exclusively: a posting and a closure of the same office never interleave,
    // so the closing date read after it (by the next statement's snapshot) holds until this transaction
    // commits. It goes ahead of the posting's statement, in its round trip, and is granted before that
    // statement starts (and takes its snapshot).
    const officeLock = { sql: `select pg_advisory_xact_lock_shared(${officeLockSql})`, params: [tx.tenantId, request.officeId] };

    const transactionId = request.source?.transactionId || `${request.reversalOf ? 'R' : 'M'}${await nextValue(tx, 'ledger.journal.transaction')}`;
    const values: unknown[] = [];
    const rows = resolved.map((r) => {
      values.push(
        tx.tenantId, transactionId, request.officeId, r.account.id, currency.code, request.date, r.entryType, formatAmount(r.amount),
        request.manual ?? false, request.reversalOf ?? null, request.source?.entityType ?? null, request.source?.entityId ?? null,
        request.referenceNumber ?? null, r.line.comments ?? request.comments ?? null, request.actor ?? null, request.actor ?? null,
      );
      return '(?, ?, ?::int, ?::int, ?, ?::date, ?::int, ?::numeric, ?::boolean, ?, ?, ?::bigint, ?, ?, ?::int, ?::int)';
    });
    const lines: PostedLine[] = resolved.map((r) => ({ id: 0, glAccountId: r.account.id, glCode: r.account.glCode, entryType: r.entryType, amount: formatAmount(r.amount) }));
    const posted: PostedTransaction = {
      transactionId,
      officeId: request.officeId,
      currencyCode: currency.code,
      transactionDate: request.date,
      manualEntry: request.manual ?? false,
      lines,
    };
    // The event's lines get their ids in SQL, from the rows just inserted (in insertion order).
    const eventLines = lines.map((line) => ({ ...line, amount: exactNumber(line.amount) }));
    const entityName = 'JOURNALENTRY';
    const actionName = request.reversalOf ? 'REVERSE' : 'CREATE';
    const domainEvent = {
      eventType: JOURNAL_POSTED_EVENT,
      entityName,
      actionName,
      data: {
        ...posted,
        lines: eventLines,
        amount: exactNumber(total),
        reversalOf: request.reversalOf ?? null,
        entityType: request.source?.entityType ?? null,
        entityId: request.source?.entityId ?? null,
      },
    };
    const computed = [{
      path: ['data', 'lines'],
      sql: `(select jsonb_agg(line.value || jsonb_build_object('id', (ids.ids)[line.ordinality]) order by line.ordinality)
         from ids, jsonb_array_elements(?::jsonb) with ordinality as line)`,
      params: [JSON.stringify(eventLines)],
    }];
    // Its own row, or (companionEvent) the payload handed back for the caller's row.
    let event: { sql: string; params: unknown[] };
    if (request.companionEvent) {
      const payload = outboxPayload(tx, domainEvent, computed);
      event = { sql: `select ${payload.sql} as payload from jt`, params: payload.params };
    } else {
      event = outboxInsert(tx, domainEvent, { from: 'jt', computed });
    }
    const result = await tx.query<{ closing_date: string | null; claimed: number; ids: string[] | null; event: string | null }>(
      `with closure as (
         select to_char(max(closing_date), 'YYYY-MM-DD') as closing_date from ledger.gl_closure where tenant_id = ? and office_id = ? and not deleted),
       jt as (
         insert into ledger.journal_transaction (tenant_id, transaction_id)
         select ?, ? from closure where closure.closing_date is null or closure.closing_date < ?
         on conflict do nothing returning transaction_id),
       je as (
         insert into ledger.journal_entry (tenant_id, transaction_id, office_id, gl_account_id, currency_code, transaction_date, entry_type, amount,
           manual_entry, reversal_of, entity_type, entity_id, reference_number, comments, created_by, updated_by)
         select v.* from jt cross join (values ${rows.join(', ')}) as v(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)
         returning id),
       ids as (select array_agg(id order by id) as ids from je),
       ev as (${event.sql})
       select (select closing_date from closure) as closing_date, (select count(*) from jt)::int as claimed, (select ids::text[] from ids) as ids${
         request.companionEvent ? ', (select payload::text from ev) as event' : ''}`,
      [
        tx.tenantId, request.officeId, tx.tenantId, transactionId, request.date, ...values,
        ...event.params,
      ],
      [officeLock],
    );
    const outcome = result[0]!;
    checkPostingDate(request.officeId, request.date, { openingDate, closedUpTo: outcome.closing_date });
    if (Number(outcome.claimed) === 0) throw rule(LEDGER_CODES.glJournalEntryDuplicateTransactionId, `Journal transaction ${transactionId} is already posted.`, [transactionId], 'transactionId');
    (outcome.ids ?? []).forEach((id, i) => (lines[i]!.id = Number(id)));
    if (request.companionEvent) posted.companion = { entityName, actionName, payload: outcome.event! };
    return posted;
  }

  /**
   * Reverses a whole journal transaction: new lines with opposite sides (dated `date`), the originals
   * marked reversed. Refuses a transaction already reversed.
   */
  async reverse(tx: Tx, transactionId: string, options: { date: string; comments?: string | null; actor?: number | null; manual?: boolean }): Promise<PostedTransaction> {
    // The row locks make two concurrent reversals of the same transaction queue; the second sees reversed.
    const originals = await tx.query<{ id: string; office_id: number; gl_account_id: number; currency_code: string; entry_type: number; amount: string; reversed: boolean; entity_type: string | null; entity_id: string | null; manual_entry: boolean }>(
      `select id, office_id, gl_account_id, currency_code, entry_type, amount::text as amount, reversed, entity_type, entity_id, manual_entry
       from ledger.journal_entry where tenant_id = ? and transaction_id = ? order by id for update`,
      [tx.tenantId, transactionId],
    );
    if (originals.length === 0) {
      throw errors.notFound(LEDGER_CODES.journalEntriesTransactionIdInvalid, `Journal entry with transaction id ${transactionId} does not exist`, transactionId);
    }
    if (originals.some((o) => o.reversed)) {
      throw rule(LEDGER_CODES.glJournalEntryAlreadyReversed, `Journal entry ${transactionId} is already reversed.`, [transactionId]);
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
    await tx.query(
      `update ledger.journal_entry set reversed = true, reversal_transaction_id = ?, updated_at = now(), updated_by = ? where tenant_id = ? and transaction_id = ?`,
      [posted.transactionId, options.actor ?? null, tx.tenantId, transactionId],
    );
    return posted;
  }
}
