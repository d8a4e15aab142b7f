import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_DATABASE_URL } from '../support/database.js';
import { PreparingClient, withPreludes } from '../../subgraphs/platform/prepared-statements.js';

/** The pool's client on one real connection, counting the round trips it makes. */
class CountingClient extends PreparingClient {
  roundTrips = 0;
  protected override onRoundTrip(): void {
    this.roundTrips++;
  }
  async run<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
    return ((await (this.query as (s: string, v: unknown[]) => Promise<{ rows: T[] }>)(sql, values)).rows);
  }
  /** The round trips `fn` makes. */
  async trips(fn: () => Promise<unknown>): Promise<number> {
    const before = this.roundTrips;
    await fn();
    return this.roundTrips - before;
  }
}

const setting = (name: string) => ({ text: `select set_config('cbs_test.${name}', $1, true)`, values: [name] });

describe('pipelined statements: begin and preludes ride with the next statement', () => {
  let client: CountingClient;
  before(async () => {
    client = new CountingClient({ connectionString: ADMIN_DATABASE_URL });
    await client.connect();
    await client.run('create temp table pipelined (id int primary key, note text)');
  });
  after(async () => client.end());

  test('begin costs no round trip of its own, yet the statements after it run in one transaction', async () => {
    const trips = await client.trips(async () => {
      await client.run('begin');
      await client.run('insert into pipelined (id, note) values ($1, $2)', [1, 'rolled back']);
      await client.run('insert into pipelined (id, note) values ($1, $2)', [2, 'rolled back']);
      await client.run('rollback');
    });
    assert.equal(trips, 3, 'begin rides with the first insert');
    assert.deepEqual(await client.run('select count(*)::int as n from pipelined'), [{ n: 0 }], 'the rollback undid both inserts: they were in a transaction');

    await client.run('begin');
    await client.run('insert into pipelined (id, note) values ($1, $2)', [3, 'kept']);
    await client.run('commit');
    assert.deepEqual(await client.run('select id, note from pipelined'), [{ id: 3, note: 'kept' }]);
  });

  test('a query in a form that is not pipelined (a query object) still runs inside the pending transaction', async () => {
    await client.run('begin');
    await (client.query as (q: { text: string; values: unknown[] }) => Promise<unknown>)({ text: 'insert into pipelined (id, note) values ($1, $2)', values: [4, 'rolled back'] });
    await client.run('rollback');
    assert.deepEqual(await client.run('select count(*)::int as n from pipelined where id = 4'), [{ n: 0 }]);
  });

  test('a transaction in which nothing ran sends nothing', async () => {
    assert.equal(await client.trips(async () => {
      await client.run('begin');
      await client.run('commit');
      await client.run('begin');
      await client.run('rollback');
    }), 0);
  });

  test('preludes run first, in the statement round trip, and the statement sees their effect', async () => {
    await client.run('begin');
    let rows: unknown[] = [];
    const trips = await client.trips(async () => {
      rows = await client.run(`select current_setting('cbs_test.a') as a, current_setting('cbs_test.b') as b, $1::text as c`, withPreludes(['c'], [setting('a'), setting('b')]));
    });
    await client.run('commit');
    assert.equal(trips, 1, 'begin, two preludes and the statement: one round trip');
    assert.deepEqual(rows, [{ a: 'a', b: 'b', c: 'c' }]);
  });

  test('a failing prelude fails the statement and skips it; the connection and its prepared statements stay sound', async () => {
    const statement = `insert into pipelined (id, note) values ($1, 'after a failed prelude') returning id`;
    const failing = { text: 'select 1 / $1::int', values: [0] };
    await client.run('begin');
    // The statement is not prepared on this connection yet: its Parse goes out with the failing prelude.
    await assert.rejects(client.run(statement, withPreludes([10], [failing])), /division by zero/);
    await client.run('rollback');
    assert.deepEqual(await client.run('select count(*)::int as n from pipelined where id = 10'), [{ n: 0 }], 'the statement behind the error never ran');
    // Prepared now or not, the client knows which: the same statement runs, with and without preludes.
    await client.run('begin');
    assert.deepEqual(await client.run(statement, withPreludes([10], [setting('a')])), [{ id: 10 }]);
    await assert.rejects(client.run(statement, withPreludes([11], [failing])), /division by zero/);
    await client.run('rollback');
    assert.deepEqual(await client.run(statement, [12]), [{ id: 12 }]);
  });

  test('a statement that does not parse fails alone; the next statements on the connection run', async () => {
    await client.run('begin');
    await assert.rejects(client.run('selec $1::int', withPreludes([1], [setting('a')])), /syntax error/);
    await client.run('rollback');
    assert.deepEqual(await client.run('select $1::int as n', withPreludes([5], [setting('a')])), [{ n: 5 }]);
  });

  test("a prelude's parameters arrive as the same values do as the statement's own", async () => {
    // pg converts a statement's parameters itself; the preludes' conversion is ours (platform/parameter-text.ts).
    const values: unknown[] = [
      '1500.75', 42, 12345678901234567890n, true, Buffer.from('kobo'),
      [1, null, 'a"b\\c', [2, 3]], { amount: '1500.75', note: 'x' }, new Date(Date.UTC(2026, 0, 31, 12, 5, 9, 250)),
      { toPostgres: () => ['nested', 7] },
    ];
    for (const value of values) {
      await client.run('begin');
      const rows = await client.run<{ prelude: string; statement: string }>(
        `select current_setting('cbs_test.p') as prelude, $1::text as statement`,
        withPreludes([value], [{ text: `select set_config('cbs_test.p', $1::text, true)`, values: [value] }]),
      );
      await client.run('commit');
      assert.equal(rows[0]?.prelude, rows[0]?.statement, `${String(value)} arrived alike`);
    }
    await client.run('begin');
    const nulls = await client.run<{ prelude: boolean }>(
      `select current_setting('cbs_test.q') = 'null' as prelude`,
      withPreludes([], [{ text: `select set_config('cbs_test.q', coalesce($1::text, 'null'), true)`, values: [null] }]),
    );
    await client.run('commit');
    assert.deepEqual(nulls, [{ prelude: true }], 'null arrives as NULL');
  });
});
