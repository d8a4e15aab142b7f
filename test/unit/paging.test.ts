import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ordering } from '../../subgraphs/kernel/paging.js';

const COLUMNS = { id: 'je.id', transactionDate: 'je.transaction_date', amount: 'je.amount' };

const codes = (fn: () => unknown): string[] => {
  try {
    fn();
    return [];
  } catch (error) {
    return (error as { extensions: { errors: { code: string }[] } }).extensions.errors.map((e) => e.code);
  }
};

describe('orderBy / sortOrder allowlist', () => {
  test('known columns in camelCase or snake_case, either direction, defaults', () => {
    assert.deepEqual(ordering(COLUMNS, 'transactionDate', 'desc', 'id'), { column: 'je.transaction_date', direction: 'desc' });
    assert.deepEqual(ordering(COLUMNS, 'TRANSACTION_DATE', 'ASC', 'id'), { column: 'je.transaction_date', direction: 'asc' });
    assert.deepEqual(ordering(COLUMNS, undefined, undefined, 'id'), { column: 'je.id', direction: 'asc' });
    assert.deepEqual(ordering(COLUMNS, ' amount ', ' Desc ', 'id'), { column: 'je.amount', direction: 'desc' });
  });

  test('anything else is a 400 naming each bad parameter, never passed through', () => {
    assert.deepEqual(codes(() => ordering(COLUMNS, 'je.id; drop table x', 'ASC', 'id')), ['validation.msg.invalid.orderBy']);
    assert.deepEqual(codes(() => ordering(COLUMNS, 'constructor', 'ASC', 'id')), ['validation.msg.invalid.orderBy']);
    assert.deepEqual(codes(() => ordering(COLUMNS, 'nope', 'up', 'id')), ['validation.msg.invalid.orderBy', 'validation.msg.invalid.sortOrder']);
  });
});
