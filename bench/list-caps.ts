import type { IncomingMessage } from 'node:http';
import { buildSchema } from 'graphql';
import { createRestHandler } from '../rest-compat/rest-handler.js';
import { ROUTES } from '../rest-compat/routes/index.js';
import type { StaffIdentity } from '../subgraphs/kernel/identity.js';
import { readCommittedSupergraph } from '../router/supergraph.js';

/**
 * Issue 33 item 1, measured: the REST layer alone (route, cap, translation, validation) answering
 * `POST /journalentries` whose `debits` are N empty lines, N from the cap (200, every line validated)
 * to 100,000 (refused by the cap). Before the caps, 20,000 lines took 47 s of the process's only thread.
 * Run: `npm run build && node_modules/.bin/node dist/bench/list-caps.js` (Node 24: its JSON reviver keeps numbers exact).
 */
const schema = buildSchema(readCommittedSupergraph(), { assumeValidSDL: true });
const handler = createRestHandler({ schema, routes: ROUTES, runOperation: async () => ({ data: null }) });
const identity: StaffIdentity = { kind: 'staff', tenantId: 'bench', userId: 1, username: 'bench', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'] };
const req = { method: 'POST', headers: { 'content-type': 'application/json' } } as unknown as IncomingMessage;
const url = new URL('https://edge/api/v1/journalentries');
for (const lines of [200, 1_000, 20_000, 100_000]) {
  const text = `{"officeId":1,"currencyCode":"NGN","transactionDate":"2026-01-01","dateFormat":"yyyy-MM-dd","locale":"en","credits":[],"debits":[${new Array<string>(lines).fill('{}').join(',')}]}`;
  const call = { identity, requestId: 'bench', readBody: async () => ({ kind: 'ok' as const, text }) };
  await handler(req, '/journalentries', url, call); // warm up
  const runs = 5;
  const started = process.hrtime.bigint();
  let answer = '';
  for (let i = 0; i < runs; i++) {
    const res = await handler(req, '/journalentries', url, call);
    answer = `${res.status} ${(JSON.parse(res.body.toString()) as { errors?: { userMessageGlobalisationCode?: string }[] }).errors?.[0]?.userMessageGlobalisationCode}`;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
  console.log(`${String(lines).padStart(7)} lines, ${String(text.length).padStart(7)} bytes: ${ms.toFixed(1).padStart(7)} ms per request, ${answer}`);
}
