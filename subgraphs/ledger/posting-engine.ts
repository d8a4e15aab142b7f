import type { Tx } from '../kernel/database.js';
import { errors, Validator } from '../kernel/errors.js';
import { Money, STORAGE_SCALE, formatAmount, scaleOf } from '../kernel/money.js';
import { emit } from '../kernel/outbox.js';
import { nextValue } from '../kernel/sequence.js';
import { Currency, ENTRY_CREDIT, ENTRY_DEBIT, GLAccount, GL_TYPES, USAGE_HEADER, type GLTypeId } from './ledger.entities.js';

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
    const v = new Validator('journalentry');
    v.required('officeId', request.officeId);
    v.required('transactionDate', request.date);
    v.required('currencyCode', request.currency);
    if (!Array.isArray(request.lines) || request.lines.length === 0) v.fail('lines', 'cannot.be.blank', 'A journal entry needs debit and credit lines.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(request.date)) v.fail('transactionDate', 'invalid.date', 'The transaction date must be YYYY-MM-DD.', request.date);
    v.throwIfAny();

    const currency = await tx.em.findOne(Currency, { code: request.currency });
    if (!currency) {
      throw rule('error.msg.glJournalEntry.currency.not.enabled', `Currency ${request.currency} is not enabled for this institution.`, [request.currency], 'currencyCode');
    }

    // Amounts: positive, exactly one side per line, within the currency's decimal places.
    let debits = new Money(0);
    let credits = new Money(0);
    const parsed: { line: PostingLine; entryType: number; amount: Money }[] = [];
    request.lines.forEach((line, i) => {
      const hasDebit = line.debit != null;
      const hasCredit = line.credit != null;
      if (hasDebit === hasCredit) {
        v.fail(`lines[${i}]`, 'one.side.required', 'Each journal line is either a debit or a credit.');
        return;
      }
      if (line.glAccountId == null && (line.glCode == null || line.glCode === '')) {
        v.fail(`lines[${i}].glAccountId`, 'cannot.be.blank', 'Each journal line needs a GL account.');
      }
      const text = String(hasDebit ? line.debit : line.credit);
      const amount = new Money(text);
      const param = hasDebit ? 'debits.amount' : 'credits.amount';
      if (!amount.isFinite() || amount.lte(0)) {
        v.fail(param, 'not.greater.than.zero', 'The parameter `amount` must be greater than 0.', text);
        return;
      }
      const scale = scaleOf(text);
      if (scale > Math.min(currency.decimalPlaces, STORAGE_SCALE)) {
        v.fail(param, 'exceeds.decimal.places', `The amount ${text} has more decimal places than ${currency.code} allows (${currency.decimalPlaces}).`, text, [currency.decimalPlaces]);
        return;
      }
      if (amount.integerValue(Money.ROUND_DOWN).toFixed().length > 14) {
        v.fail(param, 'exceeds.max.value', 'The amount is too large.', text);
        return;
      }
      if (hasDebit) debits = debits.plus(amount);
      else credits = credits.plus(amount);
      parsed.push({ line, entryType: hasDebit ? ENTRY_DEBIT : ENTRY_CREDIT, amount });
    });
    v.throwIfAny();
    if (!parsed.some((p) => p.entryType === ENTRY_DEBIT) || !parsed.some((p) => p.entryType === ENTRY_CREDIT)) {
      throw rule('error.msg.glJournalEntry.invalid.no.debits.or.credits', 'A journal entry needs at least one debit and one credit.');
    }
    if (!debits.eq(credits)) {
      throw rule('error.msg.glJournalEntry.invalid.mismatch.debits.credits', `Sum of all debits (${formatAmount(debits)}) must equal the sum of all credits (${formatAmount(credits)}).`, [formatAmount(debits), formatAmount(credits)]);
    }

    // Accounts: detail, enabled, and open to manual entries when this is one.
    const ids = [...new Set(parsed.map((p) => p.line.glAccountId).filter((x): x is number => x != null))];
    const codes = [...new Set(parsed.map((p) => p.line.glCode).filter((x): x is string => x != null && x.trim() !== ''))];
    const found = await tx.em.find(GLAccount, { $or: [{ id: { $in: ids } }, { glCode: { $in: codes } }] });
    const byId = new Map(found.map((a) => [a.id, a]));
    const byCode = new Map(found.map((a) => [a.glCode, a]));
    const resolved = parsed.map((p) => {
      const account = p.line.glAccountId != null ? byId.get(p.line.glAccountId) : byCode.get(p.line.glCode!);
      if (!account) {
        const ref = p.line.glAccountId ?? p.line.glCode;
        throw errors.notFound('error.msg.glaccount.id.invalid', `Accounting account with identifier ${ref} does not exist`, ref);
      }
      if (account.usage === USAGE_HEADER) {
        throw rule('error.msg.glJournalEntry.invalid.gl.account.header', `GL account ${account.glCode} is a header account and cannot take entries.`, [account.id], 'glAccountId');
      }
      if (account.disabled) {
        throw rule('error.msg.glJournalEntry.invalid.gl.account.disabled', `GL account ${account.glCode} is disabled.`, [account.id], 'glAccountId');
      }
      if (request.manual && !account.manualEntriesAllowed) {
        throw rule('error.msg.glJournalEntry.invalid.gl.account.manual.entries.not.allowed', `GL account ${account.glCode} does not allow manual entries.`, [account.id], 'glAccountId');
      }
      return { ...p, account };
    });

    const openingDate = await this.officeOpeningDate(tx, request.officeId);
    if (openingDate === null) {
      throw errors.notFound('error.msg.office.id.invalid', `Office with identifier ${request.officeId} does not exist`, request.officeId);
    }
    if (request.date < openingDate) {
      throw rule('error.msg.glJournalEntry.transaction.date.before.office.opening.date', `Office ${request.officeId} opened on ${openingDate}; nothing can be posted to it before that.`, [request.date, openingDate], 'transactionDate');
    }
    // Closures take this lock exclusively: a posting and a closure of the same office never interleave.
    await tx.em.execute(`select pg_advisory_xact_lock_shared(${officeLockSql})`, [tx.tenantId, request.officeId]);
    const closed = await tx.em.execute<{ closing_date: string | null }[]>(
      `select to_char(max(closing_date), 'YYYY-MM-DD') as closing_date from ledger.gl_closure where tenant_id = ? and office_id = ? and not deleted`,
      [tx.tenantId, request.officeId],
    );
    const closingDate = closed[0]?.closing_date ?? null;
    if (closingDate && request.date <= closingDate) {
      throw rule('error.msg.glJournalEntry.invalid.accounting.closed', `Accounting is closed for office ${request.officeId} up to ${closingDate}.`, [closingDate], 'transactionDate');
    }

    const given = request.source?.transactionId;
    if (given) {
      const taken = await tx.em.execute(`select 1 from ledger.journal_entry where tenant_id = ? and transaction_id = ? limit 1`, [tx.tenantId, given]);
      if (taken.length > 0) throw rule('error.msg.glJournalEntry.duplicate.transaction.id', `Journal transaction ${given} is already posted.`, [given], 'transactionId');
    }
    const transactionId = given || (await nextTransactionId(tx, request.reversalOf ? 'R' : 'M'));
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
        amount: formatAmount(debits),
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
      lines: originals.map((o) =>
        Number(o.entry_type) === ENTRY_DEBIT ? { glAccountId: o.gl_account_id, credit: formatAmount(o.amount) } : { glAccountId: o.gl_account_id, debit: formatAmount(o.amount) },
      ),
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
 * M<n>/R<n> numbered per tenant, so ids reveal nothing of other tenants' volume. The counter row stays
 * locked until the posting commits: manual entries and reversals of one tenant queue on it, which is fine
 * for their rate; system postings (S<n>, L<n>) bring their own ids and never take this lock.
 */
async function nextTransactionId(tx: Tx, prefix: string): Promise<string> {
  return `${prefix}${await nextValue(tx, 'ledger.journal.transaction')}`;
}

export function glTypeOf(id: number): (typeof GL_TYPES)[GLTypeId] | undefined {
  return GL_TYPES[id as GLTypeId];
}
