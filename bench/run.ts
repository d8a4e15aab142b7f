import autocannon from 'autocannon';
import { accountBench } from './account.js';
import { eventsBench } from './events.js';
import { ledgerBench } from './ledger.js';
import { loanBench } from './loan.js';
import { startServiceProcess, type BenchService } from './service-process.js';

/**
 * npm run bench: load scenarios against the service, printing requests/s and p50/p99 latency.
 * BENCH_URL=https://host:8443 (with BENCH_TENANT, BENCH_USER, BENCH_PASSWORD) targets a running service;
 * without it the bench starts the service (npm start's process) on a fresh PostgreSQL database
 * (TEST_DATABASE_ADMIN_URL) and also inserts BENCH_JOURNAL_LINES (default 1,000,000) journal lines to time
 * the trial balance, and BENCH_AGING_LOANS (default 100,000) active loans to time the loan aging job.
 */
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
// The local service's certificate is self-signed; the bench only ever talks to it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

let service: BenchService | null = null;
let baseUrl = process.env.BENCH_URL;
const tenant = process.env.BENCH_TENANT ?? 'default';
if (!baseUrl) {
  service = await startServiceProcess();
  baseUrl = service.url;
}
const login = await fetch(`${baseUrl}/api/v1/authentication?tenantIdentifier=${tenant}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: process.env.BENCH_USER ?? 'admin', password: process.env.BENCH_PASSWORD ?? 'password' }),
});
const key = ((await login.json()) as { base64EncodedAuthenticationKey: string }).base64EncodedAuthenticationKey;
const headers = { authorization: `Basic ${key}`, 'service-platform-tenantid': tenant, 'content-type': 'application/json' };

interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

const scenarios: Scenario[] = [
  { name: 'GET /actuator/health', path: '/actuator/health' },
  { name: 'GET /api/v1/offices (REST, authenticated)', path: '/api/v1/offices', headers },
  { name: 'POST /graphql { offices }', path: '/graphql', method: 'POST', headers, body: JSON.stringify({ query: '{ offices { id name hierarchy } }' }) },
];

// POST /clients needs a branch: onboarding at the head office is refused.
const branch = await fetch(`${baseUrl}/api/v1/offices`, { method: 'POST', headers, body: JSON.stringify({ name: `Bench branch ${Date.now()}`, parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' }) });
const branchId = ((await branch.json()) as { resourceId: number }).resourceId;
scenarios.push({
  name: 'POST /api/v1/clients (person, active)',
  path: '/api/v1/clients',
  method: 'POST',
  headers,
  body: JSON.stringify({ officeId: branchId, legalFormId: 1, firstname: 'Bench', lastname: 'Customer', active: true, activationDate: '2025-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' }),
});

// BENCH_ONLY=events runs just the event delivery scenario.
const only = process.env.BENCH_ONLY;
console.log(`bench: ${connections} connections, ${duration}s per scenario, against ${baseUrl}`);
for (const scenario of only ? [] : scenarios) {
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections,
    duration,
  });
  const ok = result['2xx'];
  console.log(
    `${scenario.name.padEnd(46)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  2xx ${ok}  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
}
if (!only) await accountBench({ baseUrl, headers, tenant, connections, duration, accounts: Number(process.env.BENCH_ACCOUNTS ?? 1000) });
await eventsBench({ baseUrl, headers, tenant, rate: Number(process.env.BENCH_EVENT_RATE ?? 500), seconds: Number(process.env.BENCH_EVENT_SECONDS ?? 10), connections: Number(process.env.BENCH_EVENT_CONNECTIONS ?? 32) });
if (!only) await ledgerBench({
  baseUrl,
  headers,
  databaseUrl: service?.databaseUrl ?? null,
  tenant,
  connections,
  duration,
  journalLines: Number(process.env.BENCH_JOURNAL_LINES ?? 1_000_000),
});
if (!only) await loanBench({
  baseUrl,
  headers,
  databaseUrl: service?.databaseUrl ?? null,
  tenant,
  connections,
  duration,
  agingLoans: Number(process.env.BENCH_AGING_LOANS ?? 100_000),
});
await service?.stop();
