import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHealth, Lifecycle, type HealthOptions } from '../../router/health.js';

test('probes that arrive together share one round of checks; the next probe checks again', async () => {
  let pings = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const platform = {
    db: { kind: 'postgresql', ping: async () => { pings++; await gate; return true; } },
    bus: {},
    config: { subgraphUrls: {} },
  } as unknown as HealthOptions['platform'];
  const lifecycle = new Lifecycle();
  lifecycle.ready();
  const health = createHealth({ platform, lifecycle, inProcess: [], remote: [] });
  const probes = Array.from({ length: 50 }, (_, i) => health(i % 2 ? '/actuator/health' : '/actuator/health/readiness')!);
  release();
  const answers = await Promise.all(probes);
  assert.equal(pings, 1, 'fifty public probes cost the database one ping');
  assert.ok(answers.every((a) => a.status === 200 && JSON.parse(a.body).components.db.status === 'UP'));
  await health('/actuator/health');
  assert.equal(pings, 2, 'a probe after the round has ended checks afresh');
});
