/**
 * The live transactions dashboard, served by the edge at /dashboard and bundled by scripts/build-dashboard
 * (Preact and htm, no CDN). It signs in as staff over REST, then subscribes over graphql-ws to one branch's
 * account transactions; the socket retries for ever, so the page carries on after the service restarts.
 * Nothing here holds data without a staff session: the page itself is public, every read needs the key.
 */
import { createClient, type Client } from 'graphql-ws';
import { html } from 'htm/preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';

interface Session {
  tenant: string;
  key: string;
  username: string;
}

interface Transaction {
  eventId: string;
  accountId: string;
  accountNo: string | null;
  transactionId: string | null;
  type: string | null;
  entryType: 'CREDIT' | 'DEBIT';
  amount: string;
  runningBalance: string | null;
  currency: string | null;
  date: string | null;
  receivedAt: number;
}

interface TillPosition {
  tellerName: string;
  cashierId: number;
  staffName: string | null;
  balance: string;
  open: boolean;
  settled: boolean;
}

const SESSION_KEY = 'cbs.dashboard.session';
const ROWS = 50;
const MINUTES = 15;

const headers = (s: Session): Record<string, string> => ({
  authorization: `Basic ${s.key}`,
  'service-platform-tenantid': s.tenant,
  'content-type': 'application/json',
});

async function rest<T>(s: Session, path: string): Promise<T> {
  const res = await fetch(`/api/v1${path}`, { headers: headers(s) });
  if (!res.ok) throw new Error(`${res.status} ${path}`);
  return (await res.json()) as T;
}

async function graphql<T>(s: Session, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch('/graphql', { method: 'POST', headers: headers(s), body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(body.errors?.[0]?.message ?? `HTTP ${res.status}`);
  return body.data;
}

/** A decimal string in millionths, so sums of amounts never go through floating point. */
function micros(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6));
  return amount.startsWith('-') ? -value : value;
}

function formatMicros(value: bigint): string {
  const whole = value / 1_000_000n;
  const cents = (value % 1_000_000n) / 10_000n;
  return `${whole.toLocaleString('en')}.${String(cents).padStart(2, '0')}`;
}

function Login({ onLogin }: { onLogin: (s: Session) => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const tenant = String(form.get('tenant'));
    const username = String(form.get('username'));
    const res = await fetch(`/api/v1/authentication?tenantIdentifier=${encodeURIComponent(tenant)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: String(form.get('password')) }),
    });
    const body = (await res.json().catch(() => ({}))) as { base64EncodedAuthenticationKey?: string; defaultUserMessage?: string };
    if (!res.ok || !body.base64EncodedAuthenticationKey) {
      setError(body.defaultUserMessage ?? `Sign-in failed (${res.status}).`);
      return;
    }
    onLogin({ tenant, username, key: body.base64EncodedAuthenticationKey });
  };
  return html`<form class="login card" onSubmit=${submit}>
    <h1>Live transactions</h1>
    <label>Tenant<input id="tenant" name="tenant" value="default" required /></label>
    <label>Username<input id="username" name="username" autocomplete="username" required /></label>
    <label>Password<input id="password" name="password" type="password" autocomplete="current-password" required /></label>
    <button id="sign-in" type="submit">Sign in</button>
    ${error && html`<p class="error" role="alert">${error}</p>`}
  </form>`;
}

/** Deposits and withdrawals per minute over the last MINUTES minutes, as SVG bars. */
function Chart({ rows }: { rows: Transaction[] }) {
  const now = Math.floor(Date.now() / 60_000);
  const buckets = Array.from({ length: MINUTES }, (_, i) => ({ minute: now - MINUTES + 1 + i, credit: 0n, debit: 0n }));
  for (const row of rows) {
    const bucket = buckets.find((b) => b.minute === Math.floor(row.receivedAt / 60_000));
    if (!bucket) continue;
    if (row.entryType === 'CREDIT') bucket.credit += micros(row.amount);
    else bucket.debit += micros(row.amount);
  }
  const peak = buckets.reduce((m, b) => (b.credit > m ? b.credit : b.debit > m ? b.debit : m), 1n);
  // Pixels only: the amounts were summed exactly above.
  const height = (v: bigint) => Math.round((Number((v * 1000n) / peak) / 1000) * 120);
  const width = 100 / MINUTES;
  return html`<div class="card">
    <h2>Deposits and withdrawals per minute</h2>
    <div class="legend"><span><i class="credit-key"></i>credits</span><span><i class="debit-key"></i>debits</span></div>
    <svg id="chart" viewBox="0 0 100 130" preserveAspectRatio="none" width="100%" height="140" role="img" aria-label="Credits and debits per minute">
      ${buckets.map((b, i) => html`
        <rect x=${i * width + width * 0.1} y=${125 - height(b.credit)} width=${width * 0.38} height=${height(b.credit)} fill="#2f9e76"><title>${formatMicros(b.credit)}</title></rect>
        <rect x=${i * width + width * 0.52} y=${125 - height(b.debit)} width=${width * 0.38} height=${height(b.debit)} fill="#d9534f"><title>${formatMicros(b.debit)}</title></rect>`)}
      <line x1="0" y1="125" x2="100" y2="125" stroke="#c9d1dc" stroke-width="0.4" />
    </svg>
    <p class="muted">The last ${MINUTES} minutes, as the events arrived.</p>
  </div>`;
}

function Tills({ tills }: { tills: TillPosition[] | null }) {
  return html`<div class="card">
    <h2>Till positions</h2>
    ${tills === null ? html`<p class="muted">Loading…</p>` : tills.length === 0 ? html`<p class="muted">No tellers at this branch.</p>` : html`<table id="tills">
      <thead><tr><th>Teller</th><th>Cashier</th><th class="num">Cash</th><th>State</th></tr></thead>
      <tbody>${tills.map((t) => html`<tr><td>${t.tellerName}</td><td>${t.staffName ?? t.cashierId}</td><td class="num">${t.balance}</td><td>${t.settled ? 'settled' : t.open ? 'open' : 'closed'}</td></tr>`)}</tbody>
    </table>`}
  </div>`;
}

function Dashboard({ session, onLogout }: { session: Session; onLogout: () => void }) {
  const [offices, setOffices] = useState<{ id: number; name: string }[]>([]);
  const [officeId, setOfficeId] = useState<number | null>(null);
  const [rows, setRows] = useState<Transaction[]>([]);
  const [status, setStatus] = useState<'connecting' | 'live' | 'down'>('connecting');
  const [tills, setTills] = useState<TillPosition[] | null>(null);

  useEffect(() => {
    rest<{ id: number; name: string }[]>(session, '/offices').then((list) => {
      setOffices(list);
      setOfficeId(list.find((o) => o.id !== 1)?.id ?? list[0]?.id ?? null);
    }, onLogout);
  }, [session]);

  // One socket per branch; graphql-ws re-subscribes by itself after every reconnect.
  useEffect(() => {
    if (officeId == null) return;
    setRows([]);
    const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
    const client: Client = createClient({
      url: `${protocol}://${location.host}/graphql`,
      connectionParams: { 'Service-Platform-TenantId': session.tenant, Authorization: `Basic ${session.key}` },
      retryAttempts: Number.MAX_SAFE_INTEGER,
      shouldRetry: (event) => !(event instanceof CloseEvent && (event.code === 4401 || event.code === 4403)),
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** retries, 5_000))),
      on: { connected: () => setStatus('live'), closed: () => setStatus('down') },
    });
    const stop = client.subscribe<{ accountTransactions: Omit<Transaction, 'receivedAt'> }>(
      {
        query: `subscription Live($officeId: ID) { accountTransactions(officeId: $officeId) {
          eventId accountId accountNo transactionId type entryType amount runningBalance currency date } }`,
        variables: { officeId: String(officeId) },
      },
      {
        next: (message) => {
          const tx = message.data?.accountTransactions;
          if (tx) setRows((previous) => [{ ...tx, receivedAt: Date.now() }, ...previous].slice(0, ROWS));
        },
        error: () => onLogout(),
        complete: () => undefined,
      },
    );
    return () => {
      stop();
      void client.dispose();
    };
  }, [officeId, session]);

  // Till positions change with every cash movement; a poll is enough for a wall screen.
  useEffect(() => {
    if (officeId == null) return;
    let cancelled = false;
    const load = async () => {
      try {
        const { tellers } = await graphql<{ tellers: { id: number; name: string }[] }>(session, 'query($o: Int) { tellers(officeId: $o) { id name } }', { o: officeId });
        const positions: TillPosition[] = [];
        for (const teller of tellers.slice(0, 20)) {
          const { tellerCashiers } = await graphql<{ tellerCashiers: { cashiers: { id: number; staffName: string | null; till: { balance: string; open: boolean; settled: boolean } }[] } }>(
            session, 'query($t: Int!) { tellerCashiers(tellerId: $t) { cashiers { id staffName till { balance open settled } } } }', { t: teller.id },
          );
          for (const c of tellerCashiers.cashiers) positions.push({ tellerName: teller.name, cashierId: c.id, staffName: c.staffName, ...c.till });
        }
        if (!cancelled) setTills(positions);
      } catch {
        if (!cancelled) setTills([]);
      }
    };
    setTills(null);
    void load();
    const timer = setInterval(load, 15_000);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [officeId, session]);

  return html`<header>
      <h1>Live transactions</h1>
      <label>Branch <select id="office" value=${officeId ?? ''} onChange=${(e: Event) => setOfficeId(Number((e.target as HTMLSelectElement).value))}>
        ${offices.map((o) => html`<option value=${o.id}>${o.name}</option>`)}
      </select></label>
      <span id="status" class=${`status ${status}`}>${status === 'live' ? 'live' : status === 'down' ? 'reconnecting…' : 'connecting…'}</span>
      <span class="muted">${session.username} @ ${session.tenant}</span>
      <button class="link" onClick=${onLogout}>Sign out</button>
    </header>
    <div class="grid">
      <${Chart} rows=${rows} />
      <${Tills} tills=${tills} />
    </div>
    <div class="card">
      <h2>Latest transactions</h2>
      ${rows.length === 0 ? html`<p class="muted">Waiting for the branch's next transaction…</p>` : null}
      <table id="transactions">
        <thead><tr><th>Date</th><th>Account</th><th>Type</th><th class="num">Amount</th><th class="num">Balance</th></tr></thead>
        <tbody>${rows.map((r) => html`<tr data-transaction=${r.transactionId}>
          <td>${r.date}</td><td>${r.accountNo ?? r.accountId}</td><td>${r.type}</td>
          <td class=${`num ${r.entryType === 'CREDIT' ? 'credit' : 'debit'}`}>${r.entryType === 'CREDIT' ? '+' : '−'}${r.amount} ${r.currency ?? ''}</td>
          <td class="num">${r.runningBalance}</td></tr>`)}</tbody>
      </table>
    </div>`;
}

function App() {
  const [session, setSession] = useState<Session | null>(() => {
    const saved = sessionStorage.getItem(SESSION_KEY);
    return saved ? (JSON.parse(saved) as Session) : null;
  });
  const login = (s: Session) => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(s));
    setSession(s);
  };
  const logout = () => {
    sessionStorage.removeItem(SESSION_KEY);
    setSession(null);
  };
  return session ? html`<${Dashboard} session=${session} onLogout=${logout} />` : html`<${Login} onLogin=${login} />`;
}

const root = document.getElementById('app')!;
root.textContent = ''; // the static "Loading" placeholder is not Preact's to diff
render(html`<${App} />`, root);
