import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accountBench, type AccountFigures } from './account.js';
import { cobBench } from './cob.js';
import { eventsBench } from './events.js';
import { ledgerBench } from './ledger.js';
import { loanBench } from './loan.js';
import { captureDeposit, hasPgbench, replayScript, runReplay, type OwnSqlFigures } from './own-sql.js';
import { pgbenchTps } from './pgbench.js';
import { summarizeProfiles } from './profile-summary.js';
import { ratio, report } from './report.js';
import { restLayerBench } from './rest-layer.js';
import { routerBench } from './router.js';
import { startServiceProcess, vacuumAnalyze, type BenchService } from './service-process.js';

/**
 * npm run bench: load scenarios against the service, printing requests/s and p50/p99 latency, and issue
 * 28's throughput targets as ratios, all at the same 16 connections on the same PostgreSQL: REST cash
 * deposits against their own SQL replayed by pgbench (own-sql.ts: the service's overhead), that SQL against
 * pgbench TPC-B scale 10, the deposits against TPC-B scale 10 and hot-account deposits against scale 1, and
 * a GraphQL read through the router against the same read from the subgraph alone.
 *
 * BENCH_URL=https://host:8443 (with BENCH_TENANT, BENCH_USER, BENCH_PASSWORD) targets a running service;
 * without it the bench starts the service as npm start does (WORKERS processes) on a fresh PostgreSQL
 * database (TEST_DATABASE_ADMIN_URL) and also inserts BENCH_JOURNAL_LINES (default 1,000,000) journal
 * lines to time the trial balance, and BENCH_AGING_LOANS (default 100,000) active loans for loan aging.
 * BENCH_ONLY=<groups> (comma-separated: basic, accounts, router, ownsql, pgbench, restlayer, events, ledger, loan, cob) runs a
 * subset (ownsql replays the accounts group's deposits, so it needs that group), BENCH_ACCOUNT_SCENARIOS=<deposit,graphql,hot,transfer> some of the accounts group's scenarios; each
 * scenario of the accounts group prints its CPU per request, the service's and PostgreSQL's, and pgbench its own;
 * BENCH_PROFILE=<dir> writes each service process's CPU profile there and prints where time goes (self time by
 * area and the top functions, for each accounts scenario's load alone and then for the whole run);
 * BENCH_OWN_SQL_DIR=<dir> writes the own-SQL replay's scripts and pgbench arguments there and keeps the bench's
 * database, to re-run a changed script against it (drop the database afterwards). Before each
 * accounts scenario the bench runs VACUUM ANALYZE on the service's fresh database, as pgbench does of its
 * tables before each run (and autovacuum in any deployment: this machine's PostgreSQL runs with it off, which
 * would leave the planner without statistics for the freshly loaded accounts).
 */
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const groups = new Set((process.env.BENCH_ONLY ?? 'basic,accounts,router,ownsql,pgbench,restlayer,events,ledger,loan,cob').split(',').map((g) => g.trim()));
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
if (groups.has('cob')) await cobGroup();
if (groups.has('loan')) await loanBench({ baseUrl, headers, databaseUrl: service?.databaseUrl ?? null, tenant, connections, duration, agingLoans: Number(process.env.BENCH_AGING_LOANS ?? 100_000) });
await service?.stop();

// The yardsticks run after the service has stopped, so neither competes with the other for the cores.
const pgSeconds = Math.max(5, duration);
let ownSql: { deposit: OwnSqlFigures | null; hot: OwnSqlFigures | null } | null = null;
try {
  if (groups.has('ownsql') && accounts && service && (await hasPgbench())) ownSql = await ownSqlYardstick(service, accounts);
  else if (groups.has('ownsql')) console.log('own SQL replay: needs the accounts group, a service the bench started, and pgbench');
} finally {
  // BENCH_OWN_SQL_DIR keeps the database the replay ran on, to re-run its scripts by hand (then drop it).
  if (process.env.BENCH_OWN_SQL_DIR && ownSql) console.log(`own SQL replay: scripts and pgbench arguments in ${process.env.BENCH_OWN_SQL_DIR}, database ${service?.databaseUrl} kept`);
  else await service?.dropDatabase();
}
let tpcb: { tps: number; cpu: string } | null = null;
let tpcbHot: { tps: number; cpu: string } | null = null;
if (groups.has('pgbench') && (accounts || router)) {
  tpcb = accounts ? await pgbenchTps(10, connections, pgSeconds) : null;
  tpcbHot = accounts ? await pgbenchTps(1, connections, pgSeconds) : null;
  if (tpcb !== null) console.log(`${'pgbench TPC-B, scale 10'.padEnd(46)} ${tpcb.tps.toFixed(0).padStart(6)} tps (${connections} clients)  ${tpcb.cpu}`);
  if (tpcbHot !== null) console.log(`${'pgbench TPC-B, scale 1 (one hot branch row)'.padEnd(46)} ${tpcbHot.tps.toFixed(0).padStart(6)} tps (${connections} clients)  ${tpcbHot.cpu}`);
}
// Issue 28's targets, each against the yardstick measured in this run.
if (accounts?.deposit != null) {
  if (ownSql?.deposit) ratio('REST cash deposits vs their own SQL (pgbench)', accounts.deposit, ownSql.deposit.tps, 0.8, 'own SQL');
  if (tpcb) ratio('REST cash deposits vs TPC-B scale 10', accounts.deposit, tpcb.tps, 0.4, 'TPC-B');
  console.log(`${'REST cash deposit p99'.padEnd(46)} ${accounts.depositP99} ms (target < 50 ms: ${accounts.depositP99! < 50 ? 'met' : 'NOT met'})`);
}
if (ownSql?.deposit && tpcb) ratio('own SQL of a deposit vs TPC-B scale 10', ownSql.deposit.tps, tpcb.tps, 0.5, 'TPC-B');
if (accounts?.hot != null && tpcbHot) ratio('hot-account deposits vs TPC-B scale 1', accounts.hot, tpcbHot.tps, 0.3, 'TPC-B scale 1');
if (groups.has('restlayer')) await restLayerBench();
if (router) ratio('GraphQL read, router vs subgraph alone', router.router, router.subgraph, 0.8, 'the subgraph alone');
if (process.env.BENCH_PROFILE) {
  // Each accounts scenario's load on its own, then the whole run (start, setup and every group). The windows
  // are kept beside the profiles, to cut them the same way when reading them further.
  writeFileSync(join(process.env.BENCH_PROFILE, 'windows.json'), JSON.stringify(accounts?.windows ?? [], null, 2));
  for (const window of accounts?.windows ?? []) summarizeProfiles(process.env.BENCH_PROFILE, { window });
  summarizeProfiles(process.env.BENCH_PROFILE);
}

/**
 * The own-SQL yardstick (own-sql.ts): captures one REST cash deposit's statements from the service on the
 * bench's database, replays them with pgbench across the same accounts and into the one hot account, and
 * prints their rate and PostgreSQL's CPU per transaction.
 */
async function ownSqlYardstick(bench: BenchService, figures: AccountFigures): Promise<{ deposit: OwnSqlFigures | null; hot: OwnSqlFigures | null }> {
  const { setup } = figures;
  const script = replayScript(await captureDeposit(bench.databaseUrl, setup, Math.max(...setup.accounts), Math.min(...setup.accounts), tenant));
  console.log(`own SQL of one REST cash deposit, captured live: ${script.statements} statements in ${script.roundTrips} round trips (commit included)`);
  const replay = async (name: string, accounts: number[]) => {
    await vacuumAnalyze(bench.databaseUrl);
    const result = await runReplay(bench.databaseUrl, script, setup, accounts, connections, Math.max(5, duration), process.env.BENCH_OWN_SQL_DIR ?? null);
    console.log(`${name.padEnd(46)} ${result.tps.toFixed(0).padStart(6)} tps (${connections} clients)  latency avg ${result.latencyMs.toFixed(1)} ms  failed ${result.failed}  ${result.cpu}`);
    return result;
  };
  return {
    deposit: figures.deposit === null ? null : await replay(`own SQL replay, cash deposit (${setup.accounts.length} accounts)`, setup.accounts),
    hot: figures.hot === null ? null : await replay('own SQL replay, cash deposit (one hot account)', [setup.hot]),
  };
}

/** The close-of-business group, on the `cob` tenant the bench's own service provisions (BENCH_COB_LOANS, BENCH_COB_ACCOUNTS). */
async function cobGroup(): Promise<void> {
  if (!service) {
    console.log('close of business: skipped (needs the bench to start its own service)');
    return;
  }
  const cobTenant = 'cob';
  const res = await fetch(`${baseUrl}/api/v1/authentication?tenantIdentifier=${cobTenant}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: process.env.BENCH_PASSWORD ?? 'password' }),
  });
  const cobKey = ((await res.json()) as { base64EncodedAuthenticationKey: string }).base64EncodedAuthenticationKey;
  await cobBench({
    baseUrl: baseUrl!, headers: { authorization: `Basic ${cobKey}`, 'service-platform-tenantid': cobTenant, 'content-type': 'application/json' }, databaseUrl: service.databaseUrl,
    tenant: cobTenant, loans: Number(process.env.BENCH_COB_LOANS ?? 100_000), accounts: Number(process.env.BENCH_COB_ACCOUNTS ?? 100_000),
  });
}
