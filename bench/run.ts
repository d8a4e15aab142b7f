import autocannon from 'autocannon';
import { mkdirSync } from 'node:fs';
import { accountBench, type AccountFigures } from './account.js';
import { eventsBench } from './events.js';
import { ledgerBench } from './ledger.js';
import { loanBench } from './loan.js';
import { pgbenchTps } from './pgbench.js';
import { summarizeProfiles } from './profile-summary.js';
import { ratio, report } from './report.js';
import { restLayerBench } from './rest-layer.js';
import { routerBench } from './router.js';
import { startServiceProcess, vacuumAnalyze, type BenchService } from './service-process.js';

/**
 * npm run bench: load scenarios against the service, printing requests/s and p50/p99 latency, and the
 * throughput targets as ratios: REST cash deposits against pgbench TPC-B (scale 10) and hot-account
 * deposits against pgbench scale 1, both at the same 16 connections on the same PostgreSQL, and a GraphQL
 * read through the router against the same read from the subgraph alone.
 *
 * BENCH_URL=https://host:8443 (with BENCH_TENANT, BENCH_USER, BENCH_PASSWORD) targets a running service;
 * without it the bench starts the service as npm start does (WORKERS processes) on a fresh PostgreSQL
 * database (TEST_DATABASE_ADMIN_URL) and also inserts BENCH_JOURNAL_LINES (default 1,000,000) journal
 * lines to time the trial balance, and BENCH_AGING_LOANS (default 100,000) active loans for loan aging.
 * BENCH_ONLY=<groups> (comma-separated: basic, accounts, router, pgbench, restlayer, events, ledger, loan) runs a
 * subset, BENCH_ACCOUNT_SCENARIOS=<deposit,graphql,hot,transfer> some of the accounts group's scenarios; each
 * scenario of the accounts group prints its CPU per request, the service's and PostgreSQL's, and pgbench its own;
 * BENCH_PROFILE=<dir> writes each service process's CPU profile there and prints where time goes. Before each
 * accounts scenario the bench runs VACUUM ANALYZE on the service's fresh database, as pgbench does of its
 * tables before each run (and autovacuum in any deployment: this machine's PostgreSQL runs with it off, which
 * would leave the planner without statistics for the freshly loaded accounts).
 */
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const groups = new Set((process.env.BENCH_ONLY ?? 'basic,accounts,router,pgbench,restlayer,events,ledger,loan').split(',').map((g) => g.trim()));
// The local service's certificate is self-signed; the bench only ever talks to it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
if (process.env.BENCH_PROFILE) mkdirSync(process.env.BENCH_PROFILE, { recursive: true });

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
console.log(`bench: ${connections} connections, ${duration}s per scenario, against ${baseUrl} (${process.env.WORKERS ?? 'one per core'} workers)`);
if (service) console.log(`${'service ready (fresh database, node dist/router/main.js)'.padEnd(46)} ${(service.readyMs / 1000).toFixed(1)} s (target < 10 s)`);

if (groups.has('basic')) {
  const scenarios: { name: string; path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }[] = [
    { name: 'GET /actuator/health', path: '/actuator/health' },
    { name: 'GET /api/v1/offices (REST, authenticated)', path: '/api/v1/offices', headers },
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
  for (const scenario of scenarios) {
    report(scenario.name, await autocannon({ url: `${baseUrl}${scenario.path}`, method: scenario.method ?? 'GET', headers: scenario.headers, body: scenario.body, connections, duration }));
  }
}
let accounts: AccountFigures | null = null;
if (groups.has('accounts')) {
  const scenarios = process.env.BENCH_ACCOUNT_SCENARIOS ? new Set(process.env.BENCH_ACCOUNT_SCENARIOS.split(',').map((s) => s.trim())) : null;
  const databaseUrl = service?.databaseUrl;
  accounts = await accountBench({
    baseUrl, headers, tenant, connections, duration, accounts: Number(process.env.BENCH_ACCOUNTS ?? 1000), servicePid: service?.pid ?? null, scenarios,
    beforeScenario: databaseUrl ? () => vacuumAnalyze(databaseUrl) : undefined,
  });
}
let router: { router: number; subgraph: number } | null = null;
if (groups.has('router') && service) router = await routerBench({ service, headers, tenant, connections, duration });
if (groups.has('events')) await eventsBench({ baseUrl, headers, tenant, rate: Number(process.env.BENCH_EVENT_RATE ?? 500), seconds: Number(process.env.BENCH_EVENT_SECONDS ?? 10), connections: Number(process.env.BENCH_EVENT_CONNECTIONS ?? 32) });
if (groups.has('ledger')) await ledgerBench({ baseUrl, headers, databaseUrl: service?.databaseUrl ?? null, tenant, connections, duration, journalLines: Number(process.env.BENCH_JOURNAL_LINES ?? 1_000_000) });
if (groups.has('loan')) await loanBench({ baseUrl, headers, databaseUrl: service?.databaseUrl ?? null, tenant, connections, duration, agingLoans: Number(process.env.BENCH_AGING_LOANS ?? 100_000) });
await service?.stop();

// The yardsticks run after the service has stopped, so neither competes with the other for the cores.
if (groups.has('pgbench') && (accounts || router)) {
  const pgSeconds = Math.max(5, duration);
  const tpcb = accounts ? await pgbenchTps(10, connections, pgSeconds) : null;
  const tpcbHot = accounts ? await pgbenchTps(1, connections, pgSeconds) : null;
  if (tpcb !== null) console.log(`${'pgbench TPC-B, scale 10'.padEnd(46)} ${tpcb.tps.toFixed(0).padStart(6)} tps (${connections} clients)  ${tpcb.cpu}`);
  if (tpcbHot !== null) console.log(`${'pgbench TPC-B, scale 1 (one hot branch row)'.padEnd(46)} ${tpcbHot.tps.toFixed(0).padStart(6)} tps (${connections} clients)  ${tpcbHot.cpu}`);
  if (accounts?.deposit != null) {
    ratio('REST cash deposits vs TPC-B scale 10', accounts.deposit, tpcb?.tps ?? null, 0.5, 'pgbench');
    console.log(`${'REST cash deposit p99'.padEnd(46)} ${accounts.depositP99} ms (target < 50 ms: ${accounts.depositP99! < 50 ? 'met' : 'NOT met'})`);
  }
  if (accounts?.hot != null) ratio('hot-account deposits vs TPC-B scale 1', accounts.hot, tpcbHot?.tps ?? null, 0.5, 'pgbench');
}
if (groups.has('restlayer')) await restLayerBench();
if (router) ratio('GraphQL read, router vs subgraph alone', router.router, router.subgraph, 0.7, 'the subgraph alone');
if (process.env.BENCH_PROFILE) summarizeProfiles(process.env.BENCH_PROFILE);
