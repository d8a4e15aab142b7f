import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { installTracing, type Tracing } from '../../router/tracing.js';
import { TestService, type TenantSession } from '../support/service.js';

const BANK_TRANSFER = 2;
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
const today = () => new Date().toISOString().slice(0, 10);

/** Spans of one trace, by name, with the ids that tie them into a tree. */
function traceOf(spans: ReadableSpan[], traceId: string): ReadableSpan[] {
  return spans.filter((s) => s.spanContext().traceId === traceId);
}

function parentOf(spans: ReadableSpan[], span: ReadableSpan): ReadableSpan | undefined {
  return spans.find((s) => s.spanContext().spanId === span.parentSpanContext?.spanId);
}

/** True when `ancestor` is on the path from `span` up to the trace's root. */
function descendsFrom(spans: ReadableSpan[], span: ReadableSpan, ancestor: ReadableSpan): boolean {
  for (let p = parentOf(spans, span); p; p = parentOf(spans, p)) if (p === ancestor) return true;
  return false;
}

async function savingsAccount(admin: TenantSession): Promise<number> {
  const branch = await admin.branch();
  const client = await admin.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Ada', lastname: 'Traced', active: true, activationDate: '2025-01-01', ...iso });
  assert.equal(client.status, 200, client.text);
  const products = await admin.get('/savingsproducts');
  const savings = products.body.find((p: { name: string }) => p.name === 'Primary Savings').id;
  const account = await admin.post('/savingsaccounts', { clientId: client.body.clientId, productId: savings, submittedOnDate: '2025-01-02', ...iso });
  assert.equal(account.status, 200, account.text);
  assert.equal((await admin.post(`/savingsaccounts/${account.body.savingsId}?command=activate`, {})).status, 200);
  return account.body.savingsId as number;
}

for (const transport of ['in-process', 'http'] as const) {
  describe(`OpenTelemetry traces, subgraphs ${transport}`, () => {
    const exporter = new InMemorySpanExporter();
    let tracing: Tracing;
    let service: TestService;
    let admin: TenantSession;
    let accountId: number;

    before(async () => {
      // Installed before the service builds its schemas, as main.ts does when OTEL_EXPORTER_OTLP_ENDPOINT is set.
      tracing = installTracing(exporter, 'simple');
      service = await TestService.start({ transport, captureLogs: true, env: { LOG_LEVEL: 'info' } });
      admin = await service.tenant('trace');
      accountId = await savingsAccount(admin);
    });
    after(async () => {
      await service.stop();
      await tracing.shutdown();
    });

    test('one trace spans a REST deposit from the edge through the executor and the resolver to its SQL statements, under the caller\'s traceparent', async () => {
      const traceId = randomBytes(16).toString('hex');
      const parentSpanId = randomBytes(8).toString('hex');
      const res = await admin.post(`/savingsaccounts/${accountId}/transactions?command=deposit`, { transactionDate: today(), transactionAmount: 125.5, paymentTypeId: BANK_TRANSFER, ...iso }, {
        headers: { traceparent: `00-${traceId}-${parentSpanId}-01` },
      });
      assert.equal(res.status, 200, res.text);

      const spans = traceOf(exporter.getFinishedSpans(), traceId);
      const edge = spans.find((s) => s.name === 'POST /savingsaccounts/{accountId}/transactions command=deposit' || s.attributes['http.route'] !== undefined);
      assert.ok(edge, `an edge span in ${spans.map((s) => s.name).join(', ')}`);
      // The caller's span is the edge span's parent: the trace continues, it does not restart.
      assert.equal(edge.parentSpanContext?.spanId, parentSpanId);
      assert.equal(edge.attributes['http.response.status_code'], 200);

      const executor = spans.find((s) => s.name === 'graphql.direct' || s.name === 'graphql.gateway');
      assert.ok(executor && descendsFrom(spans, executor, edge), 'the gateway or direct route under the edge');
      const resolver = spans.find((s) => s.name === 'resolve Mutation.depositToSavingsAccount');
      assert.ok(resolver && descendsFrom(spans, resolver, executor), 'the deposit resolver under the executor');
      const statements = spans.filter((s) => s.name === 'db.query' && descendsFrom(spans, s, resolver));
      const texts = statements.map((s) => String(s.attributes['db.query.text']).toLowerCase());
      assert.ok(texts.some((t) => /\b(update|insert)\b/.test(t) && t.includes('savings')), `the balance change among ${texts.length} statements`);
      assert.ok(texts.some((t) => t.includes('journal')), 'the journal entries among the statements');
      // Statement texts only: a parameter (the amount) is never recorded.
      assert.ok(texts.every((t) => !t.includes('125.5')));

      const line = service.logs.find((l) => l.msg === 'request' && l.traceId === traceId);
      assert.ok(line, 'the request line carries the trace id');
    });

    test('a malformed traceparent is ignored: the request starts a trace of its own', async () => {
      const before = new Set(exporter.getFinishedSpans().map((s) => s.spanContext().spanId));
      const res = await admin.get('/offices', { headers: { traceparent: '00-xyz-not-a-trace-01' } });
      assert.equal(res.status, 200, res.text);
      const edge = exporter.getFinishedSpans().find((s) => !before.has(s.spanContext().spanId) && s.attributes['http.route'] !== undefined);
      assert.ok(edge);
      assert.equal(edge.parentSpanContext, undefined);
      assert.match(edge.spanContext().traceId, /^[0-9a-f]{32}$/);
      assert.ok(traceOf(exporter.getFinishedSpans(), edge.spanContext().traceId).some((s) => s.name === 'resolve Query.offices'));
    });
  });
}
