import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sha256Hex } from '../../router/persisted-queries.js';
import { PERSISTED_NAME_CAP } from '../../router/metrics.js';
import { freePort } from '../support/ports.js';
import { TestService, type TenantSession } from '../support/service.js';

/** The value of the one sample whose name and labels are exactly these (label order as exposed). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus /metrics (outside production, no token)', () => {
  let service: TestService;
  let admin: TenantSession;
  before(async () => {
    service = await TestService.start({ transport: 'in-process' });
    admin = await service.tenant('met');
  });
  after(async () => service.stop());

  test('requests by templated route, method, status and tenant; unknown paths as one value; operations by name and type, direct route included; made-up names as other', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await admin.get('/offices')).status, 200);
    assert.equal((await admin.get('/offices/1')).status, 200);
    assert.equal((await admin.graphql('query MyOffices { offices { id } }')).status, 200);
    await service.request('GET', '/no/such/thing/1');
    await service.request('GET', '/no/such/thing/2');

    const res = await service.request('GET', '/metrics');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const text = res.text;
    assert.equal(sample(text, `http_requests_total{route="GET /offices",method="GET",status="200",tenant="${admin.tenant}"}`), 3);
    assert.equal(sample(text, `http_requests_total{route="GET /offices/{officeId}",method="GET",status="200",tenant="${admin.tenant}"}`), 1);
    assert.equal(sample(text, `http_request_duration_seconds_count{route="GET /offices",method="GET",status="200",tenant="${admin.tenant}"}`), 3);
    assert.equal(sample(text, `http_request_duration_seconds_bucket{route="GET /offices",method="GET",status="200",tenant="${admin.tenant}",le="+Inf"}`), 3);
    assert.match(text, /# TYPE http_request_duration_seconds histogram/);
    assert.ok(!text.includes('/no/such'), 'raw paths never become label values');
    assert.equal(sample(text, 'http_requests_total{route="unmatched",method="GET",status="404",tenant=""}'), 2);
    // /offices runs the named operation Offices, which one subgraph answers: the direct route.
    assert.equal(sample(text, 'graphql_operations_total{operation_name="Offices",operation_type="query",surface="rest",executor="direct",outcome="ok"}'), 3);
    // A name the caller made up is not the service's: it is counted, as `other`.
    assert.ok(!text.includes('MyOffices'));
    assert.equal(sample(text, 'graphql_operations_total{operation_name="other",operation_type="query",surface="graphql",executor="direct",outcome="ok"}'), 1);
    assert.ok(sample(text, 'graphql_operation_duration_seconds_count{operation_name="other",operation_type="query",surface="graphql",executor="direct"}') === 1);

    assert.ok((sample(text, 'db_pool_connections{state="total"}') ?? -1) >= 1, 'the pool');
    assert.ok(sample(text, 'db_pool_connections{state="idle"}') !== undefined);
    assert.equal(sample(text, 'db_pool_waiting_requests'), 0);
    assert.ok(sample(text, 'outbox_relay_lag_seconds') !== undefined);
    for (const state of ['total', 'idle', 'waiting']) assert.ok(sample(text, `db_background_pool_connections{state="${state}"}`) !== undefined, `the background pool's ${state}`);
    const batches = sample(text, 'db_commit_batches_total');
    const batched = sample(text, 'db_batched_commands_total');
    assert.ok(batches !== undefined && batched !== undefined && batched >= batches, 'deposits and withdrawals per shared transaction');
    for (const state of ['pending', 'retrying', 'dead']) assert.equal(sample(text, `webhook_deliveries{state="${state}"}`), 0);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
      assert.ok(sample(text, name) !== undefined, name);
    }
  });

  test('a graphql-ws subscription is counted when it starts', async () => {
    const client = service.subscriptionClient(admin.tenant, admin.key);
    try {
      const started = new Promise<void>((resolve) => client.on('connected', () => resolve()));
      client.subscribe({ query: 'subscription WatchOffices { officeCreated { id } }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
      await started;
      let text = '';
      const series = 'graphql_operations_total{operation_name="other",operation_type="subscription",surface="ws",executor="gateway",outcome="ok"}';
      for (const deadline = Date.now() + 30_000; sample(text, series) === undefined && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
        text = (await service.request('GET', '/metrics')).text;
      }
      assert.equal(sample(text, series), 1);
      assert.ok(!text.includes('WatchOffices'), 'a made-up subscription name is `other`');
    } finally {
      await client.dispose();
    }
  });

  test('a mutation is counted as a mutation, with its outcome', async () => {
    const failed = await admin.graphql('mutation Broken { createOffice(input: { name: "X", parentId: 999999, openingDate: "2024-01-01" }) { id } }');
    assert.ok(failed.body.errors);
    const text = (await service.request('GET', '/metrics')).text;
    assert.match(text, /graphql_operations_total\{operation_name="other",operation_type="mutation",surface="graphql",executor="(direct|gateway)",outcome="error"\} 1/);
  });

  test('600 requests with made-up operation names and odd paths add no series, and /metrics stays the same size', async () => {
    const odd = (i: number) => [
      admin.graphql(`query Made${i} { offices { id } }`),
      admin.request('GET', `/graphql?query=${encodeURIComponent(`query Up${i} { offices { id } }`)}`),
      admin.get(`/runreports/Made%20Up%20${i}?R_officeId=1&x=${i}`),
      admin.get(`/runreports/Interbank%20Settlement?R_officeId=1&R_x=${i}`),
      admin.get(`/offices/1?fields=id&q=${i}`),
      admin.get(`/no-such-${i}/x?y=${i}`),
    ];
    const series = (text: string) => new Set(text.split('\n').filter((l) => /^(http|graphql)_/.test(l)).map((l) => l.slice(0, l.lastIndexOf(' '))));
    // One of each first: their series exist, counted under templates and `other`.
    await Promise.all(odd(0));
    const before = (await service.request('GET', '/metrics')).text;
    for (let i = 1; i <= 100; i++) await Promise.all(odd(i));
    const after = (await service.request('GET', '/metrics')).text;
    assert.deepEqual([...series(after)].filter((s) => !series(before).has(s)), [], 'no new series');
    assert.ok(after.length < before.length * 1.05, `the exposition stays the size it was (${before.length} -> ${after.length})`);
    for (const made of ['Made5', 'Up5', 'Made%20Up', 'Made Up', 'no-such', 'q=', 'x=']) assert.ok(!after.includes(made), made);
    assert.ok(after.includes('route="GET /runreports/{reportName}"'));
    assert.ok(after.includes('route="GET /runreports/Interbank Settlement"'));
  });

  test('names of documents registered by hash are labels, up to a cap; past it they are other', async () => {
    const run = (i: number) => {
      const query = `query Registered${i} { offices { id } }`;
      return admin.request('POST', '/graphql', { body: { query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } } } });
    };
    for (let i = 0; i < PERSISTED_NAME_CAP + 5; i++) assert.equal((await run(i)).status, 200);
    const text = (await service.request('GET', '/metrics')).text;
    const names = new Set(text.match(/operation_name="Registered\d+"/g));
    assert.equal(names.size, PERSISTED_NAME_CAP);
    assert.ok(!text.includes(`operation_name="Registered${PERSISTED_NAME_CAP}"`), 'the first past the cap is other');
  });
});

describe('Prometheus /metrics with METRICS_TOKEN', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ env: { METRICS_TOKEN: 'scrape-me' } });
  });
  after(async () => service.stop());

  test('requires Authorization: Bearer <token>', async () => {
    const anonymous = await service.request('GET', '/metrics');
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.userMessageGlobalisationCode, 'error.msg.not.authenticated');
    assert.equal((await service.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).status, 401);
    const scraped = await service.request('GET', '/metrics', { headers: { authorization: 'Bearer scrape-me' } });
    assert.equal(scraped.status, 200);
    assert.match(scraped.text, /^# HELP http_requests_total/m);
  });
});

describe('Prometheus metrics in production without a token', () => {
  let service: TestService;
  let port: number;
  before(async () => {
    port = await freePort();
    service = await TestService.start({ env: { NODE_ENV: 'production', ADMIN_PASSWORD: 'Not-the-default-1', INTERNAL_SIGNING_KEY: 'metrics-test-key', PAYMENT_SWITCH_KEY: 'metrics-test-switch-key', METRICS_PORT: String(port) } });
  });
  after(async () => service.stop());

  test('are not on the public port, but on METRICS_PORT on loopback', async () => {
    assert.equal((await service.request('GET', '/metrics')).status, 404);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /^# TYPE http_requests_total counter/m);
  });
});

describe('request log lines', () => {
  let service: TestService;
  let admin: TenantSession;
  before(async () => {
    service = await TestService.start({ captureLogs: true, env: { LOG_LEVEL: 'info' } });
    admin = await service.tenant('log');
  });
  after(async () => service.stop());

  const lineFor = (requestId: string) => service.logs.find((l) => l.msg === 'request' && l.requestId === requestId);

  test('carry the GraphQL operation name and the caller\'s trace id (a malformed traceparent is ignored); probes are not logged at info', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await admin.graphql('query ListOffices { offices { id } }', {}, { headers: { 'x-request-id': 'req-op-1', traceparent } });
    await admin.get('/offices', { headers: { 'x-request-id': 'req-bad-trace', traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' } });
    await service.request('GET', '/actuator/health/readiness', { headers: { 'x-request-id': 'req-probe' } });
    await new Promise((resolve) => setImmediate(resolve));

    const op = lineFor('req-op-1');
    assert.equal(op?.operation, 'ListOffices');
    assert.equal(op?.route, 'graphql');
    assert.equal(op?.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
    const bad = lineFor('req-bad-trace');
    assert.match(String(bad?.traceId), /^[0-9a-f]{32}$/);
    assert.notEqual(bad?.traceId, '00000000000000000000000000000000');
    assert.equal(lineFor('req-probe'), undefined, 'a readiness probe is logged at debug only');
  });
});
