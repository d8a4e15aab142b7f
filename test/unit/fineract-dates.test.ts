import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DateFormatError, formatFineractDate, parseFineractDate, toDateArray } from '../../subgraphs/kernel/fineract-dates.js';

describe('Fineract date parsing', () => {
  const cases: [string, string, string, string][] = [
    ['02 August 2024', 'dd MMMM yyyy', 'en', '2024-08-02'],
    ['2 august 2024', 'dd MMMM yyyy', 'en', '2024-08-02'],
    ['2 AUG 2024', 'dd MMM yyyy', 'en', '2024-08-02'],
    ['2 août 2024', 'd MMMM yyyy', 'fr', '2024-08-02'],
    ['15 févr. 2024', 'dd MMM yyyy', 'fr', '2024-02-15'],
    ['1 juillet 2024', 'dd MMMM yyyy', 'fr', '2024-07-01'],
    ['2024-08-02', 'yyyy-MM-dd', 'en', '2024-08-02'],
    ['02/08/2024', 'dd/MM/yyyy', 'en_GB', '2024-08-02'],
    ["2 of May '24", "d 'of' MMMM ''yy", 'en', '2024-05-02'],
  ];
  for (const [value, pattern, locale, expected] of cases) {
    test(`${value} with ${pattern} (${locale})`, () => assert.equal(parseFineractDate(value, pattern, locale), expected));
  }

  test('impossible dates and mismatches fail', () => {
    assert.throws(() => parseFineractDate('30 February 2024', 'dd MMMM yyyy', 'en'), DateFormatError);
    assert.throws(() => parseFineractDate('2024-13-01', 'yyyy-MM-dd', 'en'), DateFormatError);
    assert.throws(() => parseFineractDate('2 Augustus 2024', 'dd MMMM yyyy', 'en'), DateFormatError);
    assert.throws(() => parseFineractDate('2024-01-01', 'yyyy-MM-dd HH', 'en'), DateFormatError);
  });

  test('responses use [y, m, d] without padding', () => {
    assert.deepEqual(toDateArray('2024-08-02'), [2024, 8, 2]);
  });

  test('dates are written back in the caller\'s pattern and locale, and read back to the same day', () => {
    const cases: [string, string, string][] = [
      ['dd MMMM yyyy', 'en', '05 March 2025'], ['dd MMM yyyy', 'en', '05 Mar 2025'], ['yyyy-MM-dd', 'en', '2025-03-05'],
      ['dd/MM/yyyy', 'en_GB', '05/03/2025'], ['d MMMM yyyy', 'fr', '5 mars 2025'], ['dd MMMM yy', 'de', '05 März 25'],
    ];
    for (const [pattern, locale, expected] of cases) {
      assert.equal(formatFineractDate('2025-03-05', pattern, locale), expected, `${pattern} ${locale}`);
      assert.equal(parseFineractDate(expected, pattern, locale), '2025-03-05');
    }
    assert.throws(() => formatFineractDate('2025-03-05', 'dd MMMM yyyy', 'en.5'), DateFormatError);
  });
});
