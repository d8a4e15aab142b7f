import pg from 'pg';

/**
 * Why this exists: MikroORM's `em.execute(sql, params)` writes the parameters into the SQL text as
 * literals, so PostgreSQL parses and plans every statement afresh (a deposit's six statements cost more
 * planning than executing). `Tx.query` instead sends real parameters, and the pool's clients give each
 * distinct parameterized text a name, so each connection parses and plans it once and then only binds
 * and executes it.
 */

/**
 * Distinct statement texts that get a name; past this many, further texts run unnamed (still parameterized).
 * Each connection may hold a plan for every one, so the bound is also PostgreSQL's memory per connection:
 * values (ids, limits, offsets) are parameters, never part of a text, so the texts are the few our code writes.
 */
const MAX_NAMED = 500;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    // Names are never reused for another text: a connection that prepared `cbs7` keeps meaning the same statement.
    name = `cbs${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool's client: a parameterized statement given as text runs as a named prepared statement. Only
 * `Tx.query` sends parameters (the ORM inlines its own), so the set of names is the set of statement texts
 * in our code, bounded by MAX_NAMED. Protocol-level prepared statements belong to the session and survive
 * a rollback; a failed Parse is forgotten by pg and prepared again next time.
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(config);
      if (name !== undefined) return (super.query as (...a: unknown[]) => never)({ name, text: config, values }, ...args.slice(2));
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

const numbered = new Map<string, string>();

/**
 * `?` placeholders (as our SQL is written for the ORM) to PostgreSQL's `$1, $2, ...`, skipping quoted
 * strings, quoted identifiers and comments. `??` (an identifier placeholder) is refused: identifiers are
 * never parameters.
 */
export function numberedPlaceholders(sql: string): string {
  const cached = numbered.get(sql);
  if (cached !== undefined) return cached;
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const end = closing(sql, i, c);
      out += sql.slice(i, end);
      i = end - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      if (sql[i + 1] === '?') throw new Error('?? (identifier placeholders) cannot be sent as parameters');
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  // Statement texts are few (they are written in our code); a text built per call would only churn this cache.
  if (numbered.size >= MAX_NAMED) numbered.clear();
  numbered.set(sql, out);
  return out;
}

/** Index just past the quote that closes the one at `start` (a doubled quote is an escaped one). */
function closing(sql: string, start: number, quote: string): number {
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i++;
      else return i + 1;
    }
  }
  return sql.length;
}
