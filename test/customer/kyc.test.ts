import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bvnVerifierFromEnv, HttpBvnVerifier, SandboxBvnVerifier } from '../../subgraphs/customer/bvn-verifier.js';
import { kycTierLimits } from '../../subgraphs/customer/kyc.js';
import { TestService, type TenantSession } from '../support/service.js';
import { assertError } from '../support/assertions.js';


const person = (officeId: number, extra: Record<string, unknown> = {}) => ({
  officeId, legalFormId: 1, firstname: 'Kyc', lastname: 'Person', active: true, activationDate: '2025-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en', ...extra,
});

describe('KYC tiers and BVN', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
  });
  after(async () => service.stop());

  test('sandbox BVN verifier rules are deterministic', async () => {
    const v = new SandboxBvnVerifier();
    assert.deepEqual(await v.verify('22345678901'), { verified: true });
    assert.deepEqual(await v.verify('02345678901'), { verified: false, reason: 'not_found' });
    assert.deepEqual(await v.verify('11111111111'), { verified: false, reason: 'not_found' });
    assert.deepEqual(await v.verify('1234'), { verified: false, reason: 'invalid_format' });
    assert.deepEqual(await v.verify('22345670000'), { verified: false, reason: 'name_mismatch' });
  });

  test('a sandbox name mismatch onboards the client with an unverified BVN, which blocks tier 2', async () => {
    const res = await t.post('/clients', person(branch, { bvn: '22345670000', nin: '12345678901' }));
    assert.equal(res.status, 200, res.text);
    const client = (await t.get(`/clients/${res.body.clientId}`)).body;
    assert.equal(client.bvnVerified, false);
    assertError(await t.post(`/clients/${res.body.clientId}?command=upgradeKyc`, { proofOfAddressReference: 'UTIL-1' }), 403, 'error.msg.client.kyc.tier2.requirements.missing');
  });

  test('the HTTP adapter asks a real engine and compares names; no answer is never a verification', async () => {
    const { createServer } = await import('node:http');
    const seen: { auth?: string; body: string }[] = [];
    const engine = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body });
        const { bvn } = JSON.parse(body) as { bvn: string };
        if (bvn === '22222222223') return void res.writeHead(404).end();
        if (bvn === '22222222224') return void res.writeHead(503).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ found: true, firstName: 'Adaéze', lastName: 'OBI' }));
      });
    });
    await new Promise<void>((r) => engine.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(engine.address() as { port: number }).port}/bvn`;
    try {
      const http = new HttpBvnVerifier(url, 'secret-key');
      assert.deepEqual(await http.verify('22222222225', { firstname: 'adaeze', lastname: 'Obi' }), { verified: true });
      assert.deepEqual(await http.verify('22222222225', { firstname: 'Ngozi', lastname: 'Obi' }), { verified: false, reason: 'name_mismatch' });
      assert.deepEqual(await http.verify('22222222223', {}), { verified: false, reason: 'not_found' });
      assert.deepEqual(await http.verify('22222222224', {}), { verified: false, reason: 'unavailable' });
      assert.deepEqual(await new HttpBvnVerifier('http://127.0.0.1:1/none', undefined, 500).verify('22222222225', {}), { verified: false, reason: 'unavailable' });
      assert.equal(seen[0]!.auth, 'Bearer secret-key');
      assert.deepEqual(JSON.parse(seen[0]!.body), { bvn: '22222222225' });
      assert.ok(bvnVerifierFromEnv({ BVN_VERIFIER_URL: url }) instanceof HttpBvnVerifier);
      assert.ok(bvnVerifierFromEnv({}) instanceof SandboxBvnVerifier);
    } finally {
      engine.close();
    }
  });

  test('tier limits of interface section 8 are exposed', async () => {
    assert.deepEqual([kycTierLimits(1).maxSingleDeposit, kycTierLimits(1).maxCumulativeBalance], ['50000', '300000']);
    assert.deepEqual([kycTierLimits(2).maxSingleDeposit, kycTierLimits(2).maxCumulativeBalance], ['100000', '500000']);
    assert.deepEqual([kycTierLimits(3).maxSingleDeposit, kycTierLimits(3).maxCumulativeBalance], [null, null]);
    const res = await t.get('/kyctiers');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.map((l: any) => [l.tier, l.maxSingleDeposit, l.maxCumulativeBalance]), [[1, 50000, 300000], [2, 100000, 500000], [3, undefined, undefined]]);
    const id = (await t.post('/clients', person(branch))).body.clientId;
    const limits = await service.platform.db.tx(t.tenant, (tx) => service.services.customer.clients.tierLimits(tx, id));
    assert.equal(limits.tier, 1);
  });

  test('upgradeKyc to tier 2 lists what is missing (403), then succeeds', async () => {
    const id = (await t.post('/clients', person(branch))).body.clientId;
    const missing = await t.post(`/clients/${id}?command=upgradeKyc`, {});
    assertError(missing, 403, 'error.msg.client.kyc.tier2.requirements.missing');
    assert.deepEqual(missing.body.errors[0].args.map((a: any) => a.value), ['bvn', 'nin', 'proofOfAddressReference']);
    const partial = await t.post(`/clients/${id}?command=upgradeKyc`, { bvn: '22345678901', nin: '12345678901' });
    assert.deepEqual(partial.body.errors[0].args.map((a: any) => a.value), ['proofOfAddressReference']);
    // A failed upgrade stores nothing.
    assert.equal((await t.get(`/clients/${id}`)).body.bvn, undefined);
    const unverified = await t.post(`/clients/${id}?command=upgradeKyc`, { bvn: '02345678901', nin: '12345678901', proofOfAddressReference: 'UTIL-1' });
    assertError(unverified, 403, 'error.msg.client.kyc.tier2.requirements.missing');
    assert.deepEqual(unverified.body.errors[0].args.map((a: any) => a.value), ['bvn.verification']);
    const ok = await t.post(`/clients/${id}?command=upgradeKyc`, { bvn: '22345678901', nin: '12345678901', proofOfAddressReference: 'UTIL-1' });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.changes.kycTier, 2);
    const got = await t.get(`/clients/${id}`);
    assert.equal(got.body.kycTier, 2);
    assert.equal(got.body.bvnVerified, true);
    assertError(await t.post(`/clients/${id}?command=upgradeKyc`, {}), 403, 'error.msg.client.kyc.tier.already.reached');
    assertError(await t.post(`/clients/${id}?command=upgradeKyc`, { bvn: 'x1' }), 400, 'validation.msg.client.bvn.must.be.11.digits');
  });

  test('upgradeKyc of a corporate entity is 403; details already on file count', async () => {
    const corp = (await t.post('/clients', { officeId: branch, legalFormId: 2, fullname: 'K Ltd' })).body.clientId;
    assertError(await t.post(`/clients/${corp}?command=upgradeKyc`, {}), 403, 'error.msg.client.kyc.upgrade.not.applicable');
    const id = (await t.post('/clients', person(branch, { bvn: '32345678901', nin: '22345678901' }))).body.clientId;
    const put = await t.put(`/clients/${id}`, { proofOfAddressReference: 'BILL-7' });
    assert.equal(put.status, 200, put.text);
    const ok = await t.post(`/clients/${id}?command=upgradeKyc`, {});
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.changes, { kycTier: 2 });
  });

  test('a BVN on another active client: onboarding allowed, client flagged, bvn.duplicate_detected written', async () => {
    const bvn = '42345678901';
    const first = await t.post('/clients', person(branch, { bvn }));
    assert.equal(first.status, 200, first.text);
    assert.equal((await t.get(`/clients/${first.body.clientId}`)).body.bvnDuplicate, false);
    const second = await t.post('/clients', person(branch, { bvn, firstname: 'Twin' }));
    assert.equal(second.status, 200, second.text);
    const got = await t.get(`/clients/${second.body.clientId}`);
    assert.equal(got.body.bvnDuplicate, true);
    assert.equal(got.body.bvnVerified, true);
    const events = await service.platform.db.system((em) =>
      em.execute<{ payload: any; entity_name: string }[]>(`select payload, entity_name from kernel.outbox where tenant_id = ? and event_type = 'bvn.duplicate_detected' order by id`, [t.tenant]),
    );
    const mine = events.filter((e) => e.payload.data.clientId === second.body.clientId);
    assert.equal(mine.length, 1);
    assert.deepEqual(mine[0]!.payload.data.matchingClientIds, [first.body.clientId]);
    assert.equal(mine[0]!.payload.data.cif, second.body.changes.cif);

    // A pending client with the BVN is not "active": no flag until it is activated.
    const pendingBvn = '52345678901';
    const pending = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Pend', lastname: 'One', bvn: pendingBvn });
    const third = await t.post('/clients', person(branch, { bvn: pendingBvn }));
    assert.equal((await t.get(`/clients/${third.body.clientId}`)).body.bvnDuplicate, false);
    assert.equal((await t.post(`/clients/${pending.body.clientId}?command=activate`, {})).status, 200);
    assert.equal((await t.get(`/clients/${pending.body.clientId}`)).body.bvnDuplicate, true);
  });
});
