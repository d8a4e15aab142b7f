import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DateFormatError, parseFineractDate, toDateArray } from '../../subgraphs/kernel/fineract-dates.js';

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
});
