import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { startTracing } from '../../router/tracing.js';
import { activeTraceId, inSpan, tracingEnabled } from '../../subgraphs/platform/tracing.js';

test('without OTEL_EXPORTER_OTLP_ENDPOINT nothing is installed: no spans, no trace ids', async () => {
  assert.equal(startTracing(undefined), null);
  assert.equal(tracingEnabled(), false);
  assert.equal(await inSpan('work', {}, async () => activeTraceId()), undefined);
});

test('with it, spans are sent to <endpoint>/v1/traces over OTLP/HTTP; stopping flushes them', async () => {
  const received: { path: string | undefined; body: string }[] = [];
  const collector = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  try {
    const tracing = startTracing(`http://127.0.0.1:${(collector.address() as AddressInfo).port}/`);
    assert.ok(tracing);
    const traceId = await inSpan('deposit', {}, async () => activeTraceId());
    assert.match(traceId ?? '', /^[0-9a-f]{32}$/);
    await tracing.shutdown();
    assert.equal(tracingEnabled(), false);
    assert.equal(received.length, 1);
    assert.equal(received[0]!.path, '/v1/traces');
    assert.ok(received[0]!.body.includes('"deposit"'), received[0]!.body.slice(0, 200));
  } finally {
    collector.close();
  }
});

test('a collector that cannot be reached does not make stopping fail', async () => {
  const tracing = startTracing('http://127.0.0.1:1');
  await inSpan('lost', {}, async () => undefined);
  await tracing!.shutdown();
});
