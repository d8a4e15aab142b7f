import { errors, Validator } from '../../kernel/errors.js';
import { Money, STORAGE_SCALE, formatAmount, scaleOf } from '../../kernel/money.js';
import { LEDGER_CODES } from '../codes.js';

/**
 * The rules of a posting, as pure functions: what a balanced, well-formed journal transaction is, with no
 * database. The posting engine loads what they need (currency, accounts, office dates), calls them, then
 * locks and writes. Every refusal here is a PlatformError with the Fineract code.
 */

export const ENTRY_CREDIT = 1;
export const ENTRY_DEBIT = 2;

/** One side of one line: exactly one of debit or credit, a positive decimal string. */
export interface LineInput {
  glAccountId?: number;
  glCode?: string;
  debit?: string;
  credit?: string;
  comments?: string | null;
}

export interface ParsedLine<L extends LineInput = LineInput> {
  line: L;
  entryType: typeof ENTRY_CREDIT | typeof ENTRY_DEBIT;
  amount: Money;
}

export interface CurrencyRules {
  code: string;
  decimalPlaces: number;
}

/** What the engine knows of a GL account when checking a line against it. */
export interface AccountRules {
  id: number;
  glCode: string;
  isHeader: boolean;
  disabled: boolean;
  manualEntriesAllowed: boolean;
}

/** The integer digits an amount may have: numeric(20,6) leaves 14. */
const MAX_INTEGER_DIGITS = 14;

const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);

/** The request's own fields: office, date, currency, at least one line. */
export function checkHeader(request: { officeId?: number | null; date?: string | null; currency?: string | null; lines?: unknown[] | null }): void {
  const v = new Validator('journalentry');
  v.required('officeId', request.officeId);
  v.required('transactionDate', request.date);
  v.required('currencyCode', request.currency);
  if (!Array.isArray(request.lines) || request.lines.length === 0) v.fail('lines', 'cannot.be.blank', 'A journal entry needs debit and credit lines.');
  if (request.date != null && !/^\d{4}-\d{2}-\d{2}$/.test(request.date)) v.fail('transactionDate', 'invalid.date', 'The transaction date must be YYYY-MM-DD.', request.date);
  v.throwIfAny();
}

/**
 * Parses and checks every line (one side each, an account, a positive amount within the currency's
 * decimals and the storage range), collecting every field error, then requires both sides and exact
 * balance. Returns the lines with their amounts and the transaction's total.
 */
export function balancedLines<L extends LineInput>(lines: readonly L[], currency: CurrencyRules): { lines: ParsedLine<L>[]; total: Money } {
  const v = new Validator('journalentry');
  let debits = new Money(0);
  let credits = new Money(0);
  const parsed: ParsedLine<L>[] = [];
  lines.forEach((line, i) => {
    const hasDebit = line.debit != null;
    if (hasDebit === (line.credit != null)) {
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
    if (scaleOf(text) > Math.min(currency.decimalPlaces, STORAGE_SCALE)) {
      v.fail(param, 'exceeds.decimal.places', `The amount ${text} has more decimal places than ${currency.code} allows (${currency.decimalPlaces}).`, text, [currency.decimalPlaces]);
      return;
    }
    if (amount.integerValue(Money.ROUND_DOWN).toFixed().length > MAX_INTEGER_DIGITS) {
      v.fail(param, 'exceeds.max.value', 'The amount is too large.', text);
      return;
    }
    if (hasDebit) debits = debits.plus(amount);
    else credits = credits.plus(amount);
    parsed.push({ line, entryType: hasDebit ? ENTRY_DEBIT : ENTRY_CREDIT, amount });
  });
  v.throwIfAny();
  if (!parsed.some((p) => p.entryType === ENTRY_DEBIT) || !parsed.some((p) => p.entryType === ENTRY_CREDIT)) {
    throw rule(LEDGER_CODES.glJournalEntryInvalidNoDebitsOrCredits, 'A journal entry needs at least one debit and one credit.');
  }
  if (!debits.eq(credits)) {
    throw rule(LEDGER_CODES.glJournalEntryInvalidMismatchDebitsCredits, `Sum of all debits (${formatAmount(debits)}) must equal the sum of all credits (${formatAmount(credits)}).`, [formatAmount(debits), formatAmount(credits)]);
  }
  return { lines: parsed, total: debits };
}

/** Each line's account: found, a detail account, enabled, and open to manual entries when this is one. */
export function withAccounts<L extends LineInput, A extends AccountRules>(
  lines: readonly ParsedLine<L>[],
  accounts: { byId: ReadonlyMap<number, A>; byCode: ReadonlyMap<string, A> },
  manual: boolean,
): (ParsedLine<L> & { account: A })[] {
  return lines.map((p) => {
    const account = p.line.glAccountId != null ? accounts.byId.get(p.line.glAccountId) : accounts.byCode.get(p.line.glCode!);
    if (!account) {
      const ref = p.line.glAccountId ?? p.line.glCode;
      throw errors.notFound(LEDGER_CODES.glaccountIdInvalid, `Accounting account with identifier ${ref} does not exist`, ref);
    }
    if (account.isHeader) throw rule(LEDGER_CODES.glJournalEntryInvalidGlAccountHeader, `GL account ${account.glCode} is a header account and cannot take entries.`, [account.id], 'glAccountId');
    if (account.disabled) throw rule(LEDGER_CODES.glJournalEntryInvalidGlAccountDisabled, `GL account ${account.glCode} is disabled.`, [account.id], 'glAccountId');
    if (manual && !account.manualEntriesAllowed) {
      throw rule(LEDGER_CODES.glJournalEntryInvalidGlAccountManualEntriesNotAllowed, `GL account ${account.glCode} does not allow manual entries.`, [account.id], 'glAccountId');
    }
    return { ...p, account };
  });
}

/** The date against the office's life: not before it opened, not in a closed period. Dates are YYYY-MM-DD. */
export function checkPostingDate(officeId: number, date: string, office: { openingDate: string | null; closedUpTo: string | null }): void {
  if (office.openingDate === null) throw errors.notFound(LEDGER_CODES.officeIdInvalid, `Office with identifier ${officeId} does not exist`, officeId);
  if (date < office.openingDate) {
    throw rule(LEDGER_CODES.glJournalEntryTransactionDateBeforeOfficeOpeningDate, `Office ${officeId} opened on ${office.openingDate}; nothing can be posted to it before that.`, [date, office.openingDate], 'transactionDate');
  }
  if (office.closedUpTo && date <= office.closedUpTo) {
    throw rule(LEDGER_CODES.glJournalEntryInvalidAccountingClosed, `Accounting is closed for office ${officeId} up to ${office.closedUpTo}.`, [office.closedUpTo], 'transactionDate');
  }
}

/** A reversal is the same lines with their sides swapped; nothing posted is ever changed. */
export function reversalLines(originals: readonly { glAccountId: number; entryType: number; amount: string }[]): LineInput[] {
  return originals.map((o) =>
    o.entryType === ENTRY_DEBIT ? { glAccountId: o.glAccountId, credit: formatAmount(o.amount) } : { glAccountId: o.glAccountId, debit: formatAmount(o.amount) },
  );
}
