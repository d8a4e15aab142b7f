import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PlatformError } from '../../subgraphs/kernel/errors.js';
import { balancedLines, checkHeader, checkPostingDate, ENTRY_CREDIT, ENTRY_DEBIT, reversalLines, withAccounts, type AccountRules } from '../../subgraphs/ledger/domain/posting.js';

const NGN = { code: 'NGN', decimalPlaces: 2 };

/** The codes a refusal carries, top-level and per field. */
function codesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof PlatformError, String(error));
    return [error.extensions.code, ...error.extensions.errors.map((e) => e.code)];
  }
  assert.fail('expected a refusal');
}

describe('ledger domain: the rules of a posting, without a database', () => {
  test('balanced lines: exact decimals, both sides, total', () => {
    const { lines, total } = balancedLines([{ glCode: '11101', debit: '0.1' }, { glCode: '11101', debit: '0.2' }, { glCode: '21101', credit: '0.3' }], NGN);
    assert.equal(total.toFixed(), '0.3');
    assert.deepEqual(lines.map((l) => l.entryType), [ENTRY_DEBIT, ENTRY_DEBIT, ENTRY_CREDIT]);
  });

  test('unbalanced, one-sided and two-sided lines are refused with Fineract codes', () => {
    assert.ok(codesOf(() => balancedLines([{ glCode: '1', debit: '10' }, { glCode: '2', credit: '9.99' }], NGN)).includes('error.msg.glJournalEntry.invalid.mismatch.debits.credits'));
    assert.ok(codesOf(() => balancedLines([{ glCode: '1', debit: '10' }], NGN)).includes('error.msg.glJournalEntry.invalid.no.debits.or.credits'));
    assert.ok(codesOf(() => balancedLines([{ glCode: '1', debit: '10', credit: '10' }], NGN)).includes('validation.msg.journalentry.lines[0].one.side.required'));
  });

  test('every bad amount is reported at once: zero, excess decimals, too large', () => {
    const codes = codesOf(() => balancedLines([{ glCode: '1', debit: '0' }, { glCode: '1', debit: '1.001' }, { glCode: '2', credit: '100000000000000' }, { glAccountId: undefined, credit: '1' }], NGN));
    assert.ok(codes.includes('validation.msg.journalentry.debits.amount.not.greater.than.zero'));
    assert.ok(codes.includes('validation.msg.journalentry.debits.amount.exceeds.decimal.places'));
    assert.ok(codes.includes('validation.msg.journalentry.credits.amount.exceeds.max.value'));
    assert.ok(codes.includes('validation.msg.journalentry.lines[3].glAccountId.cannot.be.blank'));
  });

  test('header fields are required and the date is ISO', () => {
    const codes = codesOf(() => checkHeader({ officeId: null, date: '01/02/2024', currency: '', lines: [] }));
    for (const c of ['officeId.cannot.be.blank', 'currencyCode.cannot.be.blank', 'lines.cannot.be.blank', 'transactionDate.invalid.date']) {
      assert.ok(codes.includes(`validation.msg.journalentry.${c}`), c);
    }
  });

  test('accounts: unknown 404, header, disabled, manual entries not allowed', () => {
    const account = (glCode: string, extra: Partial<AccountRules> = {}): AccountRules => ({ id: Number(glCode), glCode, isHeader: false, disabled: false, manualEntriesAllowed: true, ...extra });
    const accounts = [account('11101'), account('10000', { isHeader: true }), account('11102', { disabled: true }), account('11201', { manualEntriesAllowed: false })];
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const byCode = new Map(accounts.map((a) => [a.glCode, a]));
    const post = (glCode: string, manual = true) => withAccounts(balancedLines([{ glCode, debit: '1' }, { glCode: '11101', credit: '1' }], NGN).lines, { byId, byCode }, manual);
    assert.equal(post('11101')[0]!.account.glCode, '11101');
    assert.ok(codesOf(() => post('99999')).includes('error.msg.glaccount.id.invalid'));
    assert.ok(codesOf(() => post('10000')).includes('error.msg.glJournalEntry.invalid.gl.account.header'));
    assert.ok(codesOf(() => post('11102')).includes('error.msg.glJournalEntry.invalid.gl.account.disabled'));
    assert.ok(codesOf(() => post('11201')).includes('error.msg.glJournalEntry.invalid.gl.account.manual.entries.not.allowed'));
    assert.equal(post('11201', false).length, 2, 'system postings may use it');
  });

  test('dates: unknown office, before opening, in a closed period', () => {
    assert.ok(codesOf(() => checkPostingDate(7, '2024-05-01', { openingDate: null, closedUpTo: null })).includes('error.msg.office.id.invalid'));
    assert.ok(codesOf(() => checkPostingDate(2, '2023-12-31', { openingDate: '2024-01-01', closedUpTo: null })).includes('error.msg.glJournalEntry.transaction.date.before.office.opening.date'));
    assert.ok(codesOf(() => checkPostingDate(2, '2024-03-31', { openingDate: '2024-01-01', closedUpTo: '2024-03-31' })).includes('error.msg.glJournalEntry.invalid.accounting.closed'));
    checkPostingDate(2, '2024-04-01', { openingDate: '2024-01-01', closedUpTo: '2024-03-31' });
  });

  test('a reversal swaps every side and keeps every amount', () => {
    assert.deepEqual(reversalLines([{ glAccountId: 3, entryType: ENTRY_DEBIT, amount: '100.500000' }, { glAccountId: 9, entryType: ENTRY_CREDIT, amount: '100.5' }]), [
      { glAccountId: 3, credit: '100.5' },
      { glAccountId: 9, debit: '100.5' },
    ]);
  });
});
