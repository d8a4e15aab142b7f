import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CustomerIdentity } from '../../subgraphs/kernel/identity.js';
import { ModuleHarness, type SeedTenant } from '../support/module-harness.js';

const ACCOUNT_OFFICER = 320013;
const BRANCH_MANAGER = 320007;

/** Each rule of the one scope service, proven once, in-process (every module's reads and writes go through it). */
describe('scope: office subtree, Account Officer portfolio, self-service customer', () => {
  let harness: ModuleHarness;
  let t: SeedTenant;
  let region: number;
  let branchA: number;
  let branchB: number;
  let officer: number;

  before(async () => {
    harness = await ModuleHarness.start();
    t = await harness.tenant();
    region = await t.branch();
    branchA = await t.branch(region);
    branchB = await t.branch();
    officer = await t.staff(branchA);
  });
  after(async () => harness.stop());

  const scope = () => harness.services.organisation.scope;

  test('head office users see every office; others their office and below', async () => {
    const regional = await t.identity({ officeId: region, roleIds: [BRANCH_MANAGER] });
    await t.tx(async (tx) => {
      assert.equal(await scope().officeIds(tx, t.admin), null);
      assert.deepEqual((await scope().officeIds(tx, regional))?.sort(), [region, branchA].sort());
      assert.equal(await scope().officeVisible(tx, regional, branchA), true);
      assert.equal(await scope().officeVisible(tx, regional, branchB), false);
      assert.equal(await scope().officeVisible(tx, regional, 1), false, 'not upwards');
      assert.equal(await scope().canSee(tx, regional, { officeId: branchA }), true);
      assert.equal(await scope().canSee(tx, regional, { officeId: branchB }), false);
    });
  });

  test('an Account Officer sees only records booked to their staff id, and nothing without a staff link', async () => {
    const own = await t.identity({ officeId: branchA, roleIds: [ACCOUNT_OFFICER], staffId: officer });
    const unlinked = await t.identity({ officeId: branchA, roleIds: [ACCOUNT_OFFICER] });
    assert.equal(scope().portfolioStaffId(own), officer);
    assert.equal(scope().portfolioStaffId(unlinked), -1);
    assert.equal(scope().portfolioStaffId(t.admin), undefined);
    await t.tx(async (tx) => {
      assert.equal(await scope().canSee(tx, own, { officeId: branchA, staffId: officer }), true);
      assert.equal(await scope().canSee(tx, own, { officeId: branchA, staffId: null }), false);
      assert.equal(await scope().canSee(tx, own, { officeId: branchB, staffId: officer }), false, 'still bounded by the office subtree');
      assert.equal(await scope().canSee(tx, unlinked, { officeId: branchA, staffId: null }), false);
    });
  });

  test('a self-service customer sees only its own clients\' records; anonymous sees nothing', async () => {
    const mine = await t.client(branchA);
    const other = await t.client(branchA);
    const customer: CustomerIdentity = { kind: 'customer', tenantId: t.id, userId: 99, username: 'cust', clientIds: [mine] };
    await t.tx(async (tx) => {
      assert.equal(await scope().canSee(tx, customer, { officeId: branchA, clientId: mine }), true);
      assert.equal(await scope().canSee(tx, customer, { officeId: branchA, clientId: other }), false);
      assert.equal(await scope().canSee(tx, customer, { officeId: branchA }), false);
      assert.equal(await scope().canSee(tx, { kind: 'anonymous', tenantId: t.id }, { officeId: branchA }), false);
    });
  });

  test('another tenant\'s offices are invisible even to its head office admin', async () => {
    const other = await harness.tenant();
    await other.tx(async (tx) => {
      assert.equal(await scope().officeVisible(tx, other.admin, branchA), false);
    });
  });
});
