import pg from 'pg';
import { AsyncLocalStorage } from 'node:async_hooks';
import { parameterText } from './parameter-text.js';

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

/** A statement sent ahead of another in the same round trip; its result is discarded. */
export interface Prelude {
  text: string;
  values: readonly unknown[];
}

/**
 * Carries a statement's preludes from `Tx.query` through kysely (which hands the client only the text and
 * the parameter array) to the client: a property of the array that no driver reads or copies.
 */
const PRELUDES = Symbol('preludes');

/** `values` with `preludes` attached: the client sends them ahead of the statement, in its round trip. */
export function withPreludes(values: unknown[], preludes: readonly Prelude[]): unknown[] {
  if (preludes.length > 0) Object.defineProperty(values, PRELUDES, { value: preludes, enumerable: false });
  return values;
}

function preludesOf(values: unknown[]): readonly Prelude[] {
  return (values as unknown as { [PRELUDES]?: readonly Prelude[] })[PRELUDES] ?? [];
}

/**
 * Statements a transaction sends ahead of its commit, in the commit's round trip (its audit entries): the
 * transaction runner (Database.tx) opens one list per transaction around the ORM's `transactional`, whose
 * `commit` runs in that async context. A failing one fails the commit, which then rolls back.
 */
export const commitPreludes = new AsyncLocalStorage<Prelude[]>();

const BEGIN: Prelude = { text: 'begin', values: [] };
/** What pg answers for a command without rows: all kysely reads of it. */
const commandResult = (command: string) => ({ command, rowCount: null, rows: [], fields: [] });

/** pg's wire connection, as far as the pipelined query writes to it. */
interface WireConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?(): void; uncork?(): void };
  parse(m: { text: string; name: string; types: unknown[] }): void;
  bind(m: { portal: string; statement: string; values: readonly unknown[]; valueMapper: (v: unknown) => unknown }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string; rows: number }): void;
}

/** pg's Query, as far as the pipelined query extends it (its typings declare `submit` a property). */
const QueryBase = pg.Query as unknown as new (config: object) => {
  _results: unknown;
  submit(connection: unknown): Error | null;
  handleReadyForQuery(connection: unknown): void;
};

/**
 * A named statement with statements before it in one pipeline (one Sync): the statement's Parse when this
 * connection has not prepared it yet, each prelude as an unnamed Parse/Bind/Describe/Execute, then the
 * statement's own Bind/Describe/Execute/Sync. PostgreSQL runs them in order and answers once (one
 * ReadyForQuery); the first error skips the rest, as a separate round trip would have. The statement's own
 * result, the last, is the answer.
 *
 * Why the statement's Parse goes first: pg credits every ParseComplete to the running query's name, so
 * the first one must be the statement's own. A prelude's (later) one then only repeats what is true, and
 * when a prelude fails the statement is known prepared exactly when it was.
 */
class PipelinedQuery extends QueryBase {
  constructor(
    private readonly preludes: readonly Prelude[],
    private readonly statement: { name: string; text: string; values: unknown[]; callback: (error: Error | null, result: unknown) => void },
  ) {
    super(statement);
  }

  override submit(connection: unknown): Error | null {
    const wire = connection as WireConnection;
    const { name, text } = this.statement;
    const known = wire.parsedStatements[name] ?? wire.submittedNamedStatements[name];
    if (known !== undefined && known !== text) return new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    wire.stream.cork?.();
    try {
      if (known === undefined) {
        // As pg's own prepare records it: the statement's Bind below then goes without a second Parse.
        wire.parse({ text, name, types: [] });
        wire.submittedNamedStatements[name] = text;
      }
      for (const prelude of this.preludes) {
        wire.parse({ text: prelude.text, name: '', types: [] });
        wire.bind({ portal: '', statement: '', values: prelude.values, valueMapper: parameterText });
        wire.describe({ type: 'P', name: '' });
        wire.execute({ portal: '', rows: 0 });
      }
      return super.submit(connection);
    } finally {
      wire.stream.uncork?.();
    }
  }

  override handleReadyForQuery(connection: unknown): void {
    if (Array.isArray(this._results)) this._results = this._results[this._results.length - 1];
    super.handleReadyForQuery(connection);
  }
}

/**
 * The pool's client: a parameterized statement given as text runs as a named prepared statement. Only
 * `Tx.query` sends parameters (the ORM inlines its own), so the set of names is the set of statement texts
 * in our code, bounded by MAX_NAMED. Protocol-level prepared statements belong to the session and survive
 * a rollback; a failed Parse is forgotten by pg and prepared again next time.
 *
 * Round trips: a transaction's `begin` is not sent on its own but ahead of the transaction's first
 * statement, and a statement's preludes (`withPreludes`) ahead of it, in that statement's round trip
 * (PipelinedQuery). Only a named statement carries them; ahead of the ORM's own (inlined, unnamed)
 * statements each still goes in its own round trip.
 */
export class PreparingClient extends pg.Client {
  /** A `begin` received and not yet sent: it goes ahead of the next statement. */
  private beginPending = false;

  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (typeof config !== 'string' || !Array.isArray(values) || args.length !== 2) {
      // A form that is not pipelined (a query object, a callback): a begin still pending goes first, on its
      // own. pg runs a client's queries in the order given; `begin` fails only with its connection, and then
      // what follows fails with it, so its own promise needs no handler of its own.
      if (this.beginPending) {
        this.beginPending = false;
        (this.send(BEGIN.text, []) as Promise<unknown>).catch(() => undefined);
      }
      return this.send(...args);
    }
    const bare = values.length === 0;
    if (bare && config === 'begin' && !this.beginPending) {
      this.beginPending = true;
      return Promise.resolve(commandResult('BEGIN')) as never;
    }
    if (bare && this.beginPending && (config === 'commit' || config === 'rollback')) {
      // Nothing ran in the transaction: there is nothing to end.
      this.beginPending = false;
      return Promise.resolve(commandResult(config.toUpperCase())) as never;
    }
    const pendingAtCommit = bare && config === 'commit' ? commitPreludes.getStore() : undefined;
    const beforeCommit = pendingAtCommit?.length ? pendingAtCommit.splice(0) : null;
    const preludes = this.beginPending ? [BEGIN, ...preludesOf(values)] : (beforeCommit ?? preludesOf(values));
    this.beginPending = false;
    // A commit with statements ahead of it is named, so that it can close their pipeline.
    const name = bare && !beforeCommit ? undefined : nameOf(config);
    const statement = name === undefined ? ([config, values] as const) : ([{ name, text: config, values }] as const);
    if (preludes.length === 0) return this.send(...statement);
    if (name !== undefined) {
      return new Promise((resolve, reject) => {
        this.send(new PipelinedQuery(preludes, { name, text: config, values, callback: (error, result) => (error ? reject(error) : resolve(result)) }));
      }) as never;
    }
    return (async () => {
      for (const prelude of preludes) await this.send(prelude.text, prelude.values);
      return this.send(...statement);
    })() as never;
  }

  /** Called once per round trip this client makes (a pipeline is one): the database counts them per tenant. */
  protected onRoundTrip(): void {}

  private send(...args: unknown[]): never {
    this.onRoundTrip();
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
