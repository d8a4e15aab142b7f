import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { APP_ROLE } from '../../subgraphs/kernel/tx.js';
import { TestService } from '../support/service.js';
import { corporateClient, deposit, openAccount, pinBusinessDate, productIds, withdraw } from '../account/support.js';

describe('smoke run on the embedded database (PGlite)', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ embedded: true });
  });
  after(async () => service.stop());

  test('health, login, offices over REST and GraphQL', async () => {
    assert.equal(service.platform.db.kind, 'pglite');
    assert.equal((await service.request('GET', '/actuator/health')).body.status, 'UP');
    const t = await service.tenant();
    const created = await t.post('/offices', { name: 'Embedded Branch', parentId: 1 });
    assert.equal(created.status, 200);
    const offices = await t.graphql('{ offices { id name hierarchy } }');
    assert.deepEqual(offices.body.data?.offices, [{ id: 1, name: 'Head Office', hierarchy: '.' }, { id: 2, name: 'Embedded Branch', hierarchy: '.2.' }]);
    const other = await service.tenant();
    assert.equal((await other.get('/offices/2')).status, 404, 'another tenant\'s office is not found');
  });

  test('concurrent deposits and withdrawals on one account go through their lanes here too, exact to the cent', async () => {
    const t = await service.tenant();
    await pinBusinessDate(t);
    const branch = await t.branch();
    const account = await openAccount(t, await corporateClient(t, branch), (await productIds(t)).savings);
    const before = service.platform.db.batchStats();
    const deposits = await Promise.all(Array.from({ length: 12 }, (_, i) => deposit(t, account, 100 + i)));
    for (const answer of deposits) assert.equal(answer.status, 200, answer.text);
    // 1,266 on the account: of twelve withdrawals of 200, six pass, each batch refusing its own.
    const withdrawals = await Promise.all(Array.from({ length: 12 }, () => withdraw(t, account, 200)));
    assert.deepEqual(withdrawals.map((w) => w.status).sort(), [...Array(6).fill(200), ...Array(6).fill(403)]);
    const after = service.platform.db.batchStats();
    // On the one embedded connection the requests reached the lanes one after another when measured (24
    // commands, 24 transactions), so only the outcome is checked here, not how the commits were shared.
    assert.equal(after.commands - before.commands, 24);
    const state = (await t.get(`/savingsaccounts/${account}?associations=transactions`)).body;
    assert.equal(state.summary.accountBalance, 66);
    assert.equal(state.transactions.length, 18);
  });

  test('row-level security holds here too: PGlite switches to the application role', async () => {
    const counts = await service.platform.db.system(async (em) => {
      const owner = await em.execute<{ n: number }[]>('select count(*)::int as n from organisation.office');
      await em.execute(`select set_config('role', ?, true)`, [APP_ROLE]);
      const app = await em.execute<{ n: number; who: string }[]>('select count(*)::int as n, current_user as who from organisation.office');
      return { owner: owner[0]!.n, app: app[0]!.n, who: app[0]!.who };
    });
    assert.ok(counts.owner > 0);
    assert.deepEqual({ app: counts.app, who: counts.who }, { app: 0, who: APP_ROLE });
  });
});
