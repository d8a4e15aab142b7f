import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GraphQLError } from 'graphql';
import { purgeIdempotencyKeys, runIdempotent } from '../../subgraphs/platform/idempotency.js';
import type { StaffIdentity } from '../../subgraphs/kernel/identity.js';
import { ModuleHarness, type SeedTenant } from '../support/module-harness.js';

/**
 * The Idempotency-Key in the effect's own transaction, proven in process against PostgreSQL: the key and
 * the effect commit together or not at all, whatever fails in between.
 */
describe('idempotency: the key and its effect commit together', () => {
  let harness: ModuleHarness;
  let tenant: SeedTenant;
  before(async () => {
    harness = await ModuleHarness.start();
    tenant = await harness.tenant();
  });
  after(async () => harness.stop());

  const caller = (key: string, requestHash = 'h1'): StaffIdentity => ({ ...tenant.admin, idempotency: { key, requestHash } });
  const offices = (name: string) => harness.services.organisation.offices.list(tenant.admin).then((all) => all.filter((o) => o.name === name).length);
  const keys = (key: string) =>
    harness.db.system((em) => em.execute<{ n: string }[]>(`select count(*) as n from kernel.idempotent_effect where tenant_id = ? and key = ?`, [tenant.id, key])).then((r) => Number(r[0]!.n));
  const createOffice = async (name: string) => {
    const office = await harness.services.organisation.offices.create(tenant.admin, { name, parentId: 1, openingDate: '2024-01-01' });
    return { data: { createOffice: { id: office.id } } };
  };

  test('a crash after the effect, before the commit, leaves neither the effect nor the key; the retry runs once', async () => {
    const crashed = runIdempotent(harness.db, caller('k-crash'), caller('k-crash').idempotency!, 'scope', async () => {
      await createOffice('Crash Office');
      throw new Error('the process died here');
    });
    await assert.rejects(crashed, /the process died here/);
    assert.equal(await offices('Crash Office'), 0, 'the effect rolled back');
    assert.equal(await keys('k-crash'), 0, 'and so did the key');

    const first = await runIdempotent(harness.db, caller('k-crash'), caller('k-crash').idempotency!, 'scope', () => createOffice('Crash Office'));
    assert.equal(first.kind, 'done');
    const replay = await runIdempotent(harness.db, caller('k-crash'), caller('k-crash').idempotency!, 'scope', () => {
      throw new Error('a replay must not run the operation');
    });
    assert.equal(replay.kind, 'replay');
    assert.deepEqual(replay.kind === 'replay' && replay.result, JSON.parse(JSON.stringify(first.kind === 'done' && first.result)));
    assert.equal(await offices('Crash Office'), 1);
    assert.equal(await keys('k-crash'), 1);
  });

  test('the key with another request is a mismatch and runs nothing', async () => {
    await runIdempotent(harness.db, caller('k-other'), caller('k-other').idempotency!, 'scope', () => createOffice('Other A'));
    const other = await runIdempotent(harness.db, caller('k-other', 'h2'), caller('k-other', 'h2').idempotency!, 'scope', () => createOffice('Other B'));
    assert.equal(other.kind, 'mismatch');
    assert.equal(await offices('Other B'), 0);
  });

  test('a second request while the first is inside its transaction is in flight, not a second effect', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const first = runIdempotent(harness.db, caller('k-busy'), caller('k-busy').idempotency!, 'scope', async () => {
      const result = await createOffice('Busy Office');
      entered();
      await gate;
      return result;
    });
    await inside;
    const second = await runIdempotent(harness.db, caller('k-busy'), caller('k-busy').idempotency!, 'scope', () => createOffice('Busy Office'));
    assert.equal(second.kind, 'in_flight');
    release();
    assert.equal((await first).kind, 'done');
    assert.equal(await offices('Busy Office'), 1);
  });

  test('an operation that answers with errors keeps nothing, so the client may retry it', async () => {
    const refused = await runIdempotent(harness.db, caller('k-refused'), caller('k-refused').idempotency!, 'scope', async () => {
      await createOffice('Refused Office');
      return { errors: [new GraphQLError('refused', { extensions: { code: 'validation.msg.validation.errors.exist', status: 400 } })] };
    });
    assert.equal(refused.kind, 'done');
    assert.equal(await offices('Refused Office'), 0);
    assert.equal(await keys('k-refused'), 0);
  });

  test('commands joining the transaction commit together; one that fails and is caught leaves the others', async () => {
    const outcome = await runIdempotent(harness.db, caller('k-joined'), caller('k-joined').idempotency!, 'scope', async () => {
      await Promise.all([createOffice('Joined A'), createOffice('Joined B')]);
      await assert.rejects(harness.services.organisation.offices.create(tenant.admin, { name: 'Joined A', parentId: 1, openingDate: '2024-01-01' }));
      return createOffice('Joined C');
    });
    assert.equal(outcome.kind, 'done');
    assert.deepEqual([await offices('Joined A'), await offices('Joined B'), await offices('Joined C')], [1, 1, 1]);
  });

  test('keys past the retention window are purged; a purged key runs its request afresh', async () => {
    await runIdempotent(harness.db, caller('k-old'), caller('k-old').idempotency!, 'scope', () => createOffice('Old Office'));
    await runIdempotent(harness.db, caller('k-new'), caller('k-new').idempotency!, 'scope', () => createOffice('New Office'));
    await harness.db.system((em) => em.execute(`update kernel.idempotent_effect set created_at = now() - interval '25 hours' where tenant_id = ? and key = 'k-old'`, [tenant.id]));
    assert.ok((await purgeIdempotencyKeys(harness.db, 24)) >= 1);
    assert.deepEqual([await keys('k-old'), await keys('k-new')], [0, 1]);
    const again = await runIdempotent(harness.db, caller('k-old'), caller('k-old').idempotency!, 'scope', () => createOffice('Old Office Again'));
    assert.equal(again.kind, 'done');
  });
});
