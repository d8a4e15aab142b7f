import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { after, before, describe, test } from 'node:test';
import { TestService } from '../support/service.js';

describe('subscriptions through the gateway (graphql-ws)', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  test('officeCreated delivers an office created over REST, only to its own tenant', async () => {
    const a = await service.tenant('a');
    const b = await service.tenant('b');
    const client = (tenant: string, key: string) => service.subscriptionClient(tenant, key);
    const clientA = client(a.tenant, a.key);
    const clientB = client(b.tenant, b.key);
    const seenB: unknown[] = [];
    const unsubscribeB = clientB.subscribe({ query: 'subscription { officeCreated { id name } }' }, { next: (v) => seenB.push(v), error: () => undefined, complete: () => undefined });

    const received = new Promise<{ data?: { officeCreated: { id: number; name: string; hierarchy: string } } }>((resolve, reject) => {
      const stop = clientA.subscribe(
        { query: 'subscription { officeCreated { id name hierarchy } }' },
        { next: (value) => { resolve(value as never); stop(); }, error: reject, complete: () => undefined },
      );
    });
    // The subscription travels edge -> gateway -> organisation subgraph; give it a moment to be in place.
    let created = false;
    const creator = (async () => {
      for (let i = 0; i < 50 && !created; i++) {
        await new Promise((r) => setTimeout(r, 200));
        if (i === 5) {
          const res = await a.post('/offices', { name: 'Live Branch', parentId: 1 });
          assert.equal(res.status, 200);
          created = true;
        }
      }
    })();
    const event = await received;
    await creator;
    assert.deepEqual(event.data?.officeCreated, { id: 2, name: 'Live Branch', hierarchy: '.2.' }, JSON.stringify(event));
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(seenB, [], 'another tenant sees nothing');
    unsubscribeB();
    await clientA.dispose();
    await clientB.dispose();
  });

  test('the same subscription over SSE (Accept: text/event-stream)', async () => {
    const t = await service.tenant('sse');
    const received = new Promise<string>((resolve, reject) => {
      const req = httpsRequest(
        `${service.edge.url}/graphql`,
        {
          method: 'POST',
          ca: service.caCertificate,
          headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Basic ${t.key}`, 'service-platform-tenantid': t.tenant },
        },
        (res) => {
          assert.equal(res.statusCode, 200);
          assert.match(String(res.headers['content-type']), /text\/event-stream/);
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            const event = /event: next\ndata: (.*)\n/.exec(text);
            if (event) {
              resolve(event[1]!);
              req.destroy();
            }
          });
        },
      );
      req.on('error', (error) => {
        if (!(error as NodeJS.ErrnoException).code?.startsWith('ECONNRESET')) reject(error);
      });
      req.end(JSON.stringify({ query: 'subscription { officeCreated { id name } }' }));
    });
    let created = false;
    const creator = (async () => {
      for (let i = 0; i < 50 && !created; i++) {
        await new Promise((r) => setTimeout(r, 200));
        if (i === 5) {
          assert.equal((await t.post('/offices', { name: 'SSE Branch', parentId: 1 })).status, 200);
          created = true;
        }
      }
    })();
    const data = JSON.parse(await received) as { data: { officeCreated: { id: number; name: string } } };
    await creator;
    assert.deepEqual(data.data.officeCreated, { id: 2, name: 'SSE Branch' });
  });

  test('a connection without valid credentials is refused', async () => {
    const client = service.subscriptionClient('default', 'bm9ib2R5Om5vcGU=', { lazy: true });
    const outcome = await new Promise<string>((resolve) => {
      client.subscribe({ query: 'subscription { officeCreated { id } }' }, { next: () => resolve('data'), error: () => resolve('refused'), complete: () => resolve('complete') });
    });
    assert.equal(outcome, 'refused');
    await client.dispose();
  });
});
