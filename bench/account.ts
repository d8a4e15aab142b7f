import autocannon, { type Request } from 'autocannon';
import { cpuPerRequest, cpuTimes } from './cpu.js';
import { profileClock, type ProfileWindow } from './profile-summary.js';
import { report } from './report.js';

/**
 * Account figures: cash deposits over REST across 1,000 accounts, the same over GraphQL, every deposit
 * into one hot account, and transfers between random pairs. Cash goes through real tills: several teller
 * users with open, allocated tills (one till is one row lock, so one teller would serialize everything).
 */
interface Options {
  baseUrl: string;
  headers: Record<string, string>;
  tenant: string;
  connections: number;
  duration: number;
  accounts?: number;
  tellers?: number;
  /** The service's process, when the bench started it: each scenario's CPU per request is printed. */
  servicePid?: number | null;
  /** The scenarios to run (BENCH_ACCOUNT_SCENARIOS): deposit, graphql, hot, transfer; all when absent. */
  scenarios?: ReadonlySet<string> | null;
  /** Runs before each scenario (the bench's VACUUM ANALYZE of the service's database, as pgbench does of its tables). */
  beforeScenario?: () => Promise<void>;
}

type Json = Record<string, any>;

async function call(options: Options, method: string, path: string, body?: unknown, headers = options.headers): Promise<Json> {
  const res = await fetch(`${options.baseUrl}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `work` over items with `width` requests in flight. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

const fmt = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/** Deposits/s over REST across the accounts and into the one hot account, for the ratios against pgbench (null: not run). */
export interface AccountFigures {
  deposit: number | null;
  depositP99: number | null;
  hot: number | null;
  /** What the own-SQL replay (own-sql.ts) needs to replay these deposits: the same accounts, tellers and amount. */
  setup: DepositSetup;
  /** Each scenario's stretch of the run, to cut the service's CPU profile (BENCH_PROFILE) to its load alone. */
  windows: ProfileWindow[];
}

/** The bench's accounts and tellers, as the own-SQL replay captures and replays a cash deposit with them. */
export interface DepositSetup {
  accounts: number[];
  hot: number;
  tellers: { username: string; password: string; staffId: number }[];
  /** The deposit's body, as every scenario sends it. */
  body: string;
}

export async function accountBench(options: Options): Promise<AccountFigures> {
  const accountCount = options.accounts ?? 1000;
  const tellerCount = options.tellers ?? 8;
  const started = Date.now();
  const today = ((await call(options, 'GET', '/businessdate/BUSINESS_DATE')).date as number[]).map((n, i) => (i === 0 ? String(n) : String(n).padStart(2, '0'))).join('-');
  // Ceiling out of the way: the bench measures executed deposits, not the checker inbox.
  await call(options, 'PUT', '/configurations/3', { value: 1_000_000_000 });
  const branch = (await call(options, 'POST', '/offices', { name: `Accounts bench ${Date.now()}`, parentId: 1, openingDate: '2024-01-01', ...fmt })).resourceId as number;
  const products = (await call(options, 'GET', '/savingsproducts')) as unknown as Json[];
  const productId = products.find((p) => p.accountType === 'SAVINGS')!.id as number;

  // Tellers: staff, a user with the Teller role, a counter, a cashier assignment and today's allocation each.
  const tellerHeaders: Record<string, string>[] = [];
  const tellers: DepositSetup['tellers'] = [];
  for (let i = 0; i < tellerCount; i++) {
    const staffId = (await call(options, 'POST', '/staff', { officeId: branch, firstname: 'Bench', lastname: `Teller${i}`, isActive: true })).resourceId;
    const username = `bench${Date.now()}${i}`;
    await call(options, 'POST', '/users', { username, firstname: 'Bench', lastname: 'Teller', officeId: branch, roles: [320018], staffId, password: 'Secret123', repeatPassword: 'Secret123' });
    const counter = (await call(options, 'POST', '/tellers', { officeId: branch, name: `Bench counter ${Date.now()} ${i}`, startDate: '2024-01-01', status: 300, ...fmt })).resourceId;
    const cashier = (await call(options, 'POST', `/tellers/${counter}/cashiers`, { staffId, startDate: '2024-01-01', endDate: '2099-12-31', isFullDay: true, ...fmt })).subResourceId;
    await call(options, 'POST', `/tellers/${counter}/cashiers/${cashier}/allocate`, { txnAmount: 1_000_000_000, txnDate: today, currencyCode: 'NGN', ...fmt });
    const login = await call(options, 'POST', '/authentication', { username, password: 'Secret123' }, { 'content-type': 'application/json', 'service-platform-tenantid': options.tenant });
    tellerHeaders.push({ ...options.headers, authorization: `Basic ${login.base64EncodedAuthenticationKey}` });
    tellers.push({ username, password: 'Secret123', staffId });
  }

  // Corporate clients (KYC tier 3: no caps), 20 accounts each, all active.
  const clients: number[] = [];
  await pool(Array.from({ length: Math.ceil(accountCount / 20) }, (_, i) => i), 16, async (i) => {
    const res = await call(options, 'POST', '/clients', { officeId: branch, legalFormId: 2, fullname: `Bench Co ${i} ${Date.now()}`, active: true, activationDate: '2025-01-01', ...fmt, clientNonPersonDetails: { constitutionId: 200202, mainBusinessLineId: 200221 } });
    clients.push(res.clientId as number);
  });
  const accounts: number[] = [];
  await pool(Array.from({ length: accountCount }, (_, i) => clients[i % clients.length]!), 16, async (clientId) => {
    const id = (await call(options, 'POST', '/savingsaccounts', { clientId, productId, submittedOnDate: today, ...fmt })).savingsId as number;
    await call(options, 'POST', `/savingsaccounts/${id}?command=activate`, {});
    accounts.push(id);
  });
  console.log(`account bench setup: ${tellerCount} tellers with open tills, ${accounts.length} active accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const depositBody = JSON.stringify({ transactionDate: today, transactionAmount: 100.5, paymentTypeId: 1, ...fmt });
  const servicePid = options.servicePid ?? null;
  const wanted = (scenario: string) => !options.scenarios || options.scenarios.has(scenario);
  /** One scenario, reported with its CPU per request (the service's and PostgreSQL's) when the bench runs both here. */
  const windows: ProfileWindow[] = [];
  const run = async (name: string, requests: Request[]) => {
    await options.beforeScenario?.();
    const before = servicePid === null ? null : cpuTimes(servicePid);
    const start = profileClock();
    const result = await autocannon({ url: options.baseUrl, connections: options.connections, duration: options.duration, requests });
    windows.push({ name, start, end: profileClock(), requests: result.requests.total });
    report(name, result, cpuPerRequest(before, servicePid === null ? null : cpuTimes(servicePid), result.requests.total, ['service', 'postgres']));
    return result;
  };

  const deposits = !wanted('deposit') ? null : await run(`POST deposit, cash, REST (${accounts.length} accounts)`, [{
    method: 'POST',
    setupRequest: (req) => ({ ...req, path: `/api/v1/savingsaccounts/${pick(accounts)}/transactions?command=deposit`, headers: pick(tellerHeaders), body: depositBody }),
  }]);

  const mutation = 'mutation($id: Int!, $input: SavingsTransactionInput!) { depositToSavingsAccount(savingsAccountId: $id, input: $input) { resourceId } }';
  if (wanted('graphql')) {
    await run('depositToSavingsAccount, cash, GraphQL', [{
      method: 'POST',
      setupRequest: (req) => ({
        ...req, path: '/graphql', headers: pick(tellerHeaders),
        body: JSON.stringify({ query: mutation, variables: { id: pick(accounts), input: { transactionDate: today, transactionAmount: '100.5', paymentTypeId: 1 } } }),
      }),
    }]);
  }

  const hot = accounts[0]!;
  const hotDeposits = !wanted('hot') ? null : await run('POST deposit, cash, REST (one hot account)', [{
    method: 'POST',
    setupRequest: (req) => ({ ...req, path: `/api/v1/savingsaccounts/${hot}/transactions?command=deposit`, headers: pick(tellerHeaders), body: depositBody }),
  }]);

  if (wanted('transfer')) await transfers(options, accounts, today, pick, run);
  return {
    deposit: deposits?.requests.average ?? null,
    depositP99: deposits?.latency.p99 ?? null,
    hot: hotDeposits?.requests.average ?? null,
    setup: { accounts, hot, tellers, body: depositBody },
    windows,
  };
}

/** Transfers between random pairs of 100 funded accounts (an unfunded source would only measure refusals). */
async function transfers(options: Options, accounts: number[], today: string, pick: <T>(items: T[]) => T, run: (name: string, requests: Request[]) => Promise<unknown>): Promise<void> {
  const funded = accounts.slice(0, 100);
  await pool(funded, 16, async (id) => {
    await call(options, 'POST', `/savingsaccounts/${id}/transactions?command=deposit`, { transactionDate: today, transactionAmount: 1_000_000, paymentTypeId: 2, ...fmt });
  });
  await run(`POST /accounttransfers (pairs of ${funded.length} accounts)`, [{
    method: 'POST',
    setupRequest: (req) => {
      const from = pick(funded);
      let to = pick(funded);
      if (to === from) to = funded[(funded.indexOf(from) + 1) % funded.length]!;
      // A copy: autocannon writes Content-Length into the headers object it is given.
      return { ...req, path: '/api/v1/accounttransfers', headers: { ...options.headers }, body: JSON.stringify({ fromAccountType: 2, fromAccountId: from, toAccountType: 2, toAccountId: to, transferAmount: 1.25, transferDate: today, ...fmt }) };
    },
  }]);
}
