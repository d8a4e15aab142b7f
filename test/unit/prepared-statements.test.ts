import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { numberedPlaceholders } from '../../subgraphs/platform/prepared-statements.js';

describe('placeholders for prepared statements', () => {
  test('each ? becomes $1, $2, ... in order, casts kept', () => {
    assert.equal(numberedPlaceholders('select * from t where a = ? and b = ?::int limit ?'), 'select * from t where a = $1 and b = $2::int limit $3');
  });

  test('a ? inside a string, a quoted identifier or a comment is text, not a placeholder', () => {
    assert.equal(
      numberedPlaceholders(`select 'why?', 'it''s ?', "col?" from t -- really?\nwhere x = ? /* or ? */ and y = ?`),
      `select 'why?', 'it''s ?', "col?" from t -- really?\nwhere x = $1 /* or ? */ and y = $2`,
    );
  });

  test('?? (an identifier placeholder) is refused rather than sent as a value', () => {
    assert.throws(() => numberedPlaceholders('select ?? from t'), /identifier placeholders/);
  });
});
