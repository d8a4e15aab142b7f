import type { IncomingMessage } from 'node:http';
import { buildSchema } from 'graphql';
import { createRestHandler, type OperationResult } from '../rest-compat/rest-handler.js';
import { ROUTES } from '../rest-compat/routes/index.js';
import type { StaffIdentity } from '../subgraphs/kernel/identity.js';
import { readCommittedSupergraph } from '../router/supergraph.js';

/**
 * The REST layer alone, in this process: route match, body translation (dates, decimals, field
 * checks) and output translation for a cash deposit, with the GraphQL operation answered at once. Bodies
 * of growing size (a longer note) show that the per-request work grows with the body and nothing else.
 */
export async function restLayerBench(iterations = Number(process.env.BENCH_REST_ITERATIONS ?? 20_000)): Promise<void> {
  const schema = buildSchema(readCommittedSupergraph(), { assumeValidSDL: true });
  const answer: OperationResult = { data: { depositToSavingsAccount: { commandId: null, officeId: 2, clientId: 3, savingsId: 4, resourceId: 5, changes: null } } };
  const handler = createRestHandler({ schema, routes: ROUTES, runOperation: async () => answer });
  const identity: StaffIdentity = { kind: 'staff', tenantId: 'bench', userId: 1, username: 'bench', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'] };
  const req = { method: 'POST', headers: { 'content-type': 'application/json' } } as unknown as IncomingMessage;
  const url = new URL('https://edge/api/v1/savingsaccounts/4/transactions?command=deposit');
  for (const noteBytes of [0, 1_000, 10_000, 100_000]) {
    const body = JSON.stringify({ transactionDate: '2026-01-15', transactionAmount: '100.50', paymentTypeId: 1, note: 'n'.repeat(noteBytes), dateFormat: 'yyyy-MM-dd', locale: 'en' });
    const call = { identity, requestId: 'bench', readBody: async () => ({ kind: 'ok' as const, text: body }) };
    const run = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await handler(req, '/savingsaccounts/4/transactions', url, call);
        if (res.status !== 200) throw new Error(`REST layer answered ${res.status}: ${res.body}`);
      }
    };
    const n = Math.max(200, Math.floor(iterations / Math.max(1, noteBytes / 1000)));
    await run(Math.min(n, 1000)); // warm up
    const started = process.hrtime.bigint();
    await run(n);
    const micros = Number(process.hrtime.bigint() - started) / 1000 / n;
    console.log(`${`REST layer alone, deposit, ${body.length.toLocaleString('en')}-byte body`.padEnd(46)} ${micros.toFixed(1).padStart(8)} µs/request  (${(1e6 / micros).toFixed(0)} /s on one core)`);
  }
}
