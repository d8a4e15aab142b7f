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
  accountId: string;
  accountNo: string | null;
  clientId: number | null;
  transactionId: string | null;
  type: string | null;
  entryType: 'CREDIT' | 'DEBIT';
  amount: string;
  runningBalance: string | null;
  currency: string | null;
  date: string | null;
  /** When it was booked (from the database) or arrived (from the stream), in epoch milliseconds. */
  receivedAt: number;
}

/** One currency's total of the business date so far. */
interface Total {
  currency: string;
  credits: bigint;
  debits: bigint;
  count: number;
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

const LOCALE = navigator.language || 'en';
const DECIMAL_SEPARATOR = new Intl.NumberFormat(LOCALE).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
const TIME = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** An exact amount for people: the reader's thousands separators and decimal mark, two decimals (kobo, cents). */
function formatMicros(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const cents = (abs + 5_000n) / 10_000n; // half up to the cent, for display only
  const whole = (cents / 100n).toLocaleString(LOCALE);
  return `${negative ? '−' : ''}${whole}${DECIMAL_SEPARATOR}${String(cents % 100n).padStart(2, '0')}`;
}

const formatAmount = (amount: string | null): string => (amount == null ? '' : formatMicros(micros(amount)));

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
    <p class="muted">The last ${MINUTES} minutes, by the time each transaction was booked.</p>
  </div>`;
}

function Tills({ tills }: { tills: TillPosition[] | null }) {
  return html`<div class="card">
    <h2>Till positions</h2>
    ${tills === null ? html`<p class="muted">Loading…</p>` : tills.length === 0 ? html`<p class="muted">No tellers at this branch.</p>` : html`<table id="tills">
      <thead><tr><th>Teller</th><th>Cashier</th><th class="num">Cash</th><th>State</th></tr></thead>
      <tbody>${tills.map((t) => html`<tr><td>${t.tellerName}</td><td>${t.staffName ?? t.cashierId}</td><td class="num">${formatAmount(t.balance)}</td><td>${t.settled ? 'settled' : t.open ? 'open' : 'closed'}</td></tr>`)}</tbody>
    </table>`}
  </div>`;
}

/** The business date's totals per currency: credits, debits, net and count, exact. */
function Totals({ date, totals }: { date: string | null; totals: Total[] | null }) {
  return html`<div class="totals" id="totals">
    ${totals === null ? html`<div class="card"><p class="muted">Loading the day so far…</p></div>` : totals.length === 0 ? html`<div class="card total"><span class="label">Business date ${date ?? ''}</span><span class="figure">No transactions yet today</span></div>` : totals.map((t) => html`
      <div class="card total"><span class="label">Credits today · ${t.currency}</span><span class=${`figure ${t.credits > 0n ? 'credit' : ''}`}>${formatMicros(t.credits)}</span></div>
      <div class="card total"><span class="label">Debits today · ${t.currency}</span><span class=${`figure ${t.debits > 0n ? 'debit' : ''}`}>${formatMicros(t.debits)}</span></div>
      <div class="card total"><span class="label">Net · ${t.currency}</span><span class="figure">${formatMicros(t.credits - t.debits)}</span></div>
      <div class="card total"><span class="label">Transactions · ${date ?? ''}</span><span class="figure">${t.count.toLocaleString(LOCALE)}</span></div>`)}
  </div>`;
}

type BranchDayAnswer = {
  branchDay: {
    date: string;
    totals: { currency: string; credits: string; debits: string; count: number }[];
    transactions: (Omit<Transaction, 'receivedAt' | 'clientId'> & { clientId: number; bookedAt: string; client: { displayName: string | null } | null })[];
  };
};

/** Adds one transaction to the totals of its currency (exactly, in millionths). */
function addToTotals(totals: Total[], tx: Transaction): Total[] {
  const currency = tx.currency ?? '';
  const found = totals.find((t) => t.currency === currency) ?? { currency, credits: 0n, debits: 0n, count: 0 };
  const amount = micros(tx.amount);
  const next = { ...found, count: found.count + 1, credits: found.credits + (tx.entryType === 'CREDIT' ? amount : 0n), debits: found.debits + (tx.entryType === 'DEBIT' ? amount : 0n) };
  return [...totals.filter((t) => t.currency !== currency), next].sort((a, b) => a.currency.localeCompare(b.currency));
}

function Dashboard({ session, onLogout }: { session: Session; onLogout: () => void }) {
  const [offices, setOffices] = useState<{ id: number; name: string }[]>([]);
  const [officeId, setOfficeId] = useState<number | null>(null);
  const [rows, setRows] = useState<Transaction[]>([]);
  const [totals, setTotals] = useState<Total[] | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const [status, setStatus] = useState<'connecting' | 'live' | 'down'>('connecting');
  const [tills, setTills] = useState<TillPosition[] | null>(null);
  const [, setClock] = useState(0);

  useEffect(() => {
    rest<{ id: number; name: string }[]>(session, '/offices').then((list) => {
      setOffices(list);
      setOfficeId(list.find((o) => o.id !== 1)?.id ?? list[0]?.id ?? null);
    }, onLogout);
  }, [session]);

  // The chart's minutes move on even when nothing happens.
  useEffect(() => {
    const timer = setInterval(() => setClock((n) => n + 1), 20_000);
    return () => clearInterval(timer);
  }, []);

  // The stream first, then the day so far from the database: a transaction booked in between arrives by
  // both ways and is kept once (by its id), so nothing falls in the gap.
  useEffect(() => {
    if (officeId == null) return;
    setRows([]);
    setTotals(null);
    const seen = new Set<string>();
    let loaded = false;
    const pending: Transaction[] = [];
    const accept = (tx: Transaction): boolean => {
      const id = `${tx.accountId}:${tx.transactionId}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    };
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
          accountId accountNo clientId transactionId type entryType amount runningBalance currency date } }`,
        variables: { officeId: String(officeId) },
      },
      {
        next: (message) => {
          const event = message.data?.accountTransactions;
          if (!event) return;
          const tx = { ...event, receivedAt: Date.now() };
          if (!loaded) return void pending.push(tx);
          if (!accept(tx)) return;
          setRows((previous) => [tx, ...previous].slice(0, ROWS));
          setTotals((previous) => addToTotals(previous ?? [], tx));
        },
        error: () => onLogout(),
        complete: () => undefined,
      },
    );
    graphql<BranchDayAnswer>(
      session,
      `query Day($officeId: Int!, $limit: Int) { branchDay(officeId: $officeId, limit: $limit) { date totals { currency credits debits count }
        transactions { transactionId accountId accountNo clientId client { displayName } type entryType amount runningBalance currency date bookedAt } } }`,
      { officeId, limit: ROWS },
    ).then(({ branchDay }) => {
      const known = new Map<number, string>();
      const loadedRows = branchDay.transactions.map((t) => {
        if (t.client?.displayName) known.set(t.clientId, t.client.displayName);
        return { ...t, receivedAt: Date.parse(t.bookedAt) };
      });
      loadedRows.forEach(accept);
      let day: Total[] = branchDay.totals.map((t) => ({ currency: t.currency, credits: micros(t.credits), debits: micros(t.debits), count: t.count }));
      const fresh = pending.filter(accept).reverse();
      for (const tx of fresh) day = addToTotals(day, tx);
      loaded = true;
      setDate(branchDay.date);
      setNames((previous) => new Map([...previous, ...known]));
      setRows([...fresh, ...loadedRows].slice(0, ROWS));
      setTotals(day);
    }, () => {
      loaded = true;
      setTotals([]);
    });
    return () => {
      stop();
      void client.dispose();
    };
  }, [officeId, session]);

  // Names of account holders the stream brought and the day's list did not: one aliased query per batch.
  useEffect(() => {
    const missing = [...new Set(rows.map((r) => r.clientId).filter((id): id is number => id != null && !names.has(id)))].slice(0, 20);
    if (missing.length === 0) return;
    const query = `query Names { ${missing.map((id) => `c${id}: client(id: ${id}) { id displayName }`).join(' ')} }`;
    graphql<Record<string, { id: number; displayName: string }>>(session, query).then(
      (answer) => setNames((previous) => new Map([...previous, ...Object.values(answer).map((c) => [c.id, c.displayName] as [number, string])])),
      () => setNames((previous) => new Map([...previous, ...missing.map((id) => [id, `Client ${id}`] as [number, string])])),
    );
  }, [rows]);

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

  const label = (type: string | null) => (type ? type.charAt(0) + type.slice(1).toLowerCase() : '');
  return html`<header>
      <h1>Live transactions</h1>
      <label>Branch <select id="office" value=${officeId ?? ''} onChange=${(e: Event) => setOfficeId(Number((e.target as HTMLSelectElement).value))}>
        ${offices.map((o) => html`<option value=${o.id}>${o.name}</option>`)}
      </select></label>
      <span id="status" class=${`status ${status}`}>${status === 'live' ? 'live' : status === 'down' ? 'reconnecting…' : 'connecting…'}</span>
      <span class="muted">${session.username} @ ${session.tenant}</span>
      <button class="link" onClick=${onLogout}>Sign out</button>
    </header>
    <${Totals} date=${date} totals=${totals} />
    <div class="grid">
      <${Chart} rows=${rows} />
      <${Tills} tills=${tills} />
    </div>
    <div class="card">
      <h2>Latest transactions${date ? html` <span class="muted">· business date ${date}</span>` : null}</h2>
      ${rows.length === 0 && totals !== null ? html`<p class="muted">No transactions yet today: waiting for the branch's next one…</p>` : null}
      <table id="transactions">
        <thead><tr><th>Time</th><th>Client</th><th>Account</th><th>Type</th><th class="num">Amount</th><th class="num">Balance</th></tr></thead>
        <tbody>${rows.map((r) => html`<tr data-transaction=${r.transactionId}>
          <td class="time">${TIME.format(r.receivedAt)}</td>
          <td class="client">${r.clientId == null ? '' : names.get(r.clientId) ?? '…'}</td>
          <td class="mono">${r.accountNo ?? r.accountId}</td><td>${label(r.type)}</td>
          <td class=${`num ${r.entryType === 'CREDIT' ? 'credit' : 'debit'}`}>${r.entryType === 'CREDIT' ? '+' : '−'}${formatAmount(r.amount)} ${r.currency ?? ''}</td>
          <td class="num">${formatAmount(r.runningBalance)}</td></tr>`)}</tbody>
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
