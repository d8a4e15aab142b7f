import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { calendarDate } from '../subgraphs/organisation/business-date.service.js';

/**
 * Event delivery figures. An open-loop generator commits `rate` deposits per second for `seconds` (Bank
 * Transfer deposits over REST, spread over 20 clients' accounts so they do not queue on one row), each
 * writing one `account.credit`; a hook on SAVINGSACCOUNT/DEPOSIT delivers them to a local receiver, and a
 * graphql-ws subscriber listens to accountTransactions. Lag is measured from the event's timestamp (written
 * in the committing transaction, just before commit) to receipt; all clocks are this machine's.
 */
export async function eventsBench(options: { baseUrl: string; headers: Record<string, string>; tenant: string; rate: number; seconds: number; connections: number }): Promise<void> {
  const { baseUrl, headers } = options;
  const committedAt = new Map<string, number>();
  const webhookLag: number[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string; data: { transactionId: number } };
      const at = Date.parse(event.timestamp);
      committedAt.set(String(event.data.transactionId), at);
      webhookLag.push(Date.now() - at);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;

  await fetch(`${baseUrl}/api/v1/configurations/4`, { method: 'PUT', headers, body: JSON.stringify({ enabled: true }) });
  const hook = await fetch(`${baseUrl}/api/v1/hooks`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Web', displayName: 'bench', isActive: true, events: [{ entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }], config: { 'Payload URL': `http://127.0.0.1:${port}/`, 'Content Type': 'json' } }),
  });
  const hookId = ((await hook.json()) as { resourceId: number }).resourceId;

  const subscriptionSeen = new Map<string, number>();
  const ws = createClient({
    url: `${baseUrl.replace('https', 'wss')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { 'Service-Platform-TenantId': options.tenant, Authorization: headers.authorization },
  });
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  ws.on('connected', () => setTimeout(subscribed, 500));
  const stop = ws.subscribe(
    { query: 'subscription { accountTransactions { transactionId } }' },
    { next: (v) => subscriptionSeen.set((v.data as { accountTransactions: { transactionId: string } }).accountTransactions.transactionId, Date.now()), error: () => undefined, complete: () => undefined },
  );
  await ready;

  const accounts = await depositAccounts(baseUrl, headers, 20);
  const today = calendarDate('Africa/Lagos');
  const body = JSON.stringify({ transactionDate: today, transactionAmount: 1, paymentTypeId: 2, dateFormat: 'yyyy-MM-dd', locale: 'en' });
  const transactionIds = new Set<string>();
  let failed = 0;
  const started = Date.now();
  const total = options.rate * options.seconds;
  let next = 0;
  // Paced to the target rate over a bounded set of connections: when the service cannot keep up, the
  // offered rate drops to what it sustains (reported below) instead of piling up refused requests.
  const worker = async () => {
    for (let i = next++; i < total; i = next++) {
      const wait = started + (i * 1000) / options.rate - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      try {
        const res = await fetch(`${baseUrl}/api/v1/savingsaccounts/${accounts[i % accounts.length]}/transactions?command=deposit`, { method: 'POST', headers, body });
        if (res.ok) transactionIds.add(String(((await res.json()) as { resourceId: number }).resourceId));
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const generatedIn = (Date.now() - started) / 1000;
  const deadline = Date.now() + 120_000;
  while ((committedAt.size < transactionIds.size || subscriptionSeen.size < transactionIds.size) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  stop();
  await ws.dispose();
  receiver.close();

  const subscriptionLag = [...subscriptionSeen].filter(([id]) => committedAt.has(id)).map(([id, at]) => at - committedAt.get(id)!);
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  };
  console.log(`events: ${transactionIds.size} committed (${failed} refused) in ${generatedIn.toFixed(1)} s = ${(transactionIds.size / generatedIn).toFixed(0)} events/s offered at ${options.rate}/s (deposits; hook ${hookId})`);
  // The targets hold at 500 events/s; a run that offered fewer says so on the line above.
  const line = (name: string, lags: number[], received: number, targetMs: number) => {
    const p99 = pct(lags, 99);
    const met = p99 < targetMs && received === transactionIds.size;
    console.log(`${name.padEnd(46)} p50 ${pct(lags, 50)} ms  p99 ${p99} ms  received ${received}/${transactionIds.size}  (target p99 < ${targetMs} ms: ${met ? 'met' : 'NOT met'})`);
  };
  line('webhook delivery lag (commit -> receiver)', webhookLag, committedAt.size, 1000);
  line('subscription lag (commit -> graphql-ws)', subscriptionLag, subscriptionSeen.size, 250);
}

/** Active savings accounts of `count` tier-1 clients at a new branch (one each: a client's KYC check locks the client). */
async function depositAccounts(baseUrl: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const today = calendarDate('Africa/Lagos');
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, number>;
  };
  const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
  const officeId = (await post('/offices', { name: `Events bench ${Date.now()}`, parentId: 1, openingDate: '2024-01-01', ...iso })).resourceId!;
  const products = (await (await fetch(`${baseUrl}/api/v1/savingsproducts`, { headers })).json()) as { id: number; name: string }[];
  const productId = products.find((p) => p.name === 'Primary Savings')!.id;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const clientId = (await post('/clients', { officeId, legalFormId: 1, firstname: 'Events', lastname: `Bench${i}`, active: true, activationDate: today, ...iso })).clientId!;
    const savingsId = (await post('/savingsaccounts', { clientId, productId, submittedOnDate: today, ...iso })).savingsId!;
    await post(`/savingsaccounts/${savingsId}?command=activate`, {});
    ids.push(savingsId);
  }
  return ids;
}
