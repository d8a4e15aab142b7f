import autocannon from 'autocannon';
import pg from 'pg';

/**
 * Ledger figures: posting throughput of 2-line manual entries over REST with concurrent writers, and
 * the trial balance over a large journal (lines inserted in bulk, then the report timed over HTTPS).
 */
export async function ledgerBench(options: {
  baseUrl: string;
  headers: Record<string, string>;
  /** The service's database, for the bulk insert; null when benchmarking a service started elsewhere. */
  databaseUrl: string | null;
  tenant: string;
  connections: number;
  duration: number;
  journalLines: number;
}): Promise<void> {
  const { baseUrl, headers } = options;
  const accounts = (await (await fetch(`${baseUrl}/api/v1/glaccounts`, { headers })).json()) as { id: number; glCode: string }[];
  const idOf = (code: string) => accounts.find((a) => a.glCode === code)!.id;
  const body = JSON.stringify({
    officeId: 1,
    transactionDate: '2026-01-15',
    dateFormat: 'yyyy-MM-dd',
    locale: 'en',
    currencyCode: 'NGN',
    comments: 'bench',
    debits: [{ glAccountId: idOf('11101'), amount: 1500.25 }],
    credits: [{ glAccountId: idOf('21101'), amount: 1500.25 }],
  });
  const posting = await autocannon({ url: `${baseUrl}/api/v1/journalentries`, method: 'POST', headers, body, connections: options.connections, duration: options.duration });
  console.log(
    `${`POST /journalentries (2 lines, ${options.connections} writers)`.padEnd(46)} ${posting.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(posting.latency.p50).padStart(4)} ms  p99 ${String(posting.latency.p99).padStart(4)} ms  2xx ${posting['2xx']}  non-2xx ${posting.non2xx}`,
  );

  if (!options.databaseUrl) {
    console.log('trial balance over a large journal: skipped (needs the bench to start its own service)');
    return;
  }
  const lines = options.journalLines;
  const started = Date.now();
  // Straight into the table as its owner (the service's own writes go through the posting engine).
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into ledger.journal_entry (tenant_id, transaction_id, office_id, gl_account_id, currency_code, transaction_date, entry_type, amount)
       select $1, 'B' || (n / 2), 1, case when n % 2 = 0 then $2::int else $3::int end, 'NGN', date '2025-01-01' + (n % 365), case when n % 2 = 0 then 2 else 1 end,
              ((n / 2) % 100000 + 1) / 100.0
       from generate_series(0, $4::int - 1) as n`,
      [options.tenant, idOf('11101'), idOf('21101'), lines],
    );
    await db.query('analyze ledger.journal_entry');
  } finally {
    await db.end();
  }
  console.log(`inserted ${lines.toLocaleString('en')} journal lines in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const timings: number[] = [];
  let totals = '';
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/runreports/${encodeURIComponent('Trial Balance')}?R_officeId=1&R_startDate=2025-01-01&R_endDate=2026-12-31`, { headers });
    const report = (await res.json()) as { data: { row: unknown[] }[] };
    timings.push(performance.now() - t0);
    totals = `${report.data.length} rows`;
  }
  timings.sort((a, b) => a - b);
  console.log(
    `${`GET /runreports/Trial Balance (${lines.toLocaleString('en')} lines)`.padEnd(46)} min ${timings[0]!.toFixed(0)} ms  median ${timings[3]!.toFixed(0)} ms  max ${timings[6]!.toFixed(0)} ms  (${totals})`,
  );
}
