import pg from 'pg';

/**
 * Close-of-business figures (issue 37): a tenant of its own with `loans` active loans (12 instalments
 * each) and `accounts` active savings accounts of a product that tracks dormancy, all inserted with SQL
 * sets, then one business date's run (POST /cob?command=run) and a catch-up of 30 dates (POST
 * /loans/catch-up, polled until it is over), over HTTPS. Target: one date in under 60 s on this machine.
 */
export async function cobBench(options: { baseUrl: string; headers: Record<string, string>; databaseUrl: string | null; tenant: string; loans: number; accounts: number }): Promise<void> {
  if (!options.databaseUrl) {
    console.log('close of business: skipped (needs the bench to start its own service)');
    return;
  }
  const { baseUrl, headers, tenant } = options;
  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown> & unknown[]> => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as Record<string, unknown> & unknown[];
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const fmt = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
  const first = '2025-12-01';
  await call('POST', '/businessdate', { type: 'BUSINESS_DATE', date: first, ...fmt });
  const branch = (await call('POST', '/offices', { name: `COB bench ${Date.now()}`, parentId: 1, openingDate: '2024-01-01', ...fmt })).resourceId as number;
  const clientId = (await call('POST', '/clients', { officeId: branch, legalFormId: 1, firstname: 'Bench', lastname: 'Cob', active: true, activationDate: '2024-01-01', ...fmt })).clientId as number;
  const products = (await call('GET', '/savingsproducts')) as unknown as { id: number; accountType: string }[];
  const productId = products.find((p) => p.accountType === 'SAVINGS')!.id;
  // Every account is tracked, so the dormancy step classifies them all (30/60/90 days: a third idle long enough for each).
  await call('PUT', `/savingsproducts/${productId}`, { isDormancyTrackingActive: true, daysToInactive: 30, daysToDormancy: 60, daysToEscheat: 90, locale: 'en' });

  const started = Date.now();
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    // Loans disbursed on days spread over the year before the first date: every delinquency bucket gets some.
    await db.query(
      `insert into loan.loan (tenant_id, id, account_no, client_id, office_id, product_id, status_id, currency_code, digits, principal, approved_principal,
         loan_term_frequency, loan_term_frequency_type, number_of_repayments, repayment_every, repayment_frequency_type, interest_rate_per_period,
         interest_rate_frequency_type, amortization_type, interest_type, interest_calculation_period_type, transaction_processing_strategy_code,
         submitted_on, expected_disbursement_date, approved_on, disbursed_on)
       select $1, 1000000 + n, lpad((1000000 + n)::text, 9, '0'), $3, $5, 1, 300, 'NGN', 2, 100000, 100000, 12, 2, 12, 1, 2, 2, 2, 1, 0, 1,
              'mifos-standard-strategy', d, d, d, d
         from (select n, $4::date - 30 - (n % 360) as d from generate_series(1, $2::int) as n) s`,
      [tenant, options.loans, clientId, first, branch],
    );
    await db.query(
      `insert into loan.schedule_period (tenant_id, loan_id, period, from_date, due_date, principal_due, interest_due, principal_paid, interest_paid)
       select l.tenant_id, l.id, p, (l.disbursed_on + make_interval(months => p - 1))::date, (l.disbursed_on + make_interval(months => p))::date, 7455.96, 2000,
              case when l.id % 3 = 0 and p <= 2 then 7455.96 else 0 end, case when l.id % 3 = 0 and p <= 2 then 2000 else 0 end
         from loan.loan l cross join generate_series(1, 12) as p
        where l.tenant_id = $1 and l.id > 1000000`,
      [tenant],
    );
    // Savings accounts activated a year before, each with one deposit on a day of the last 120.
    await db.query(
      `insert into account.savings_account (tenant_id, id, account_no, client_id, office_id, product_id, account_type, currency_code, digits_after_decimal, status,
         submitted_on_date, approved_on_date, activated_on_date, account_balance, total_deposits)
       select $1, 1000000 + n, '7' || lpad(n::text, 9, '0'), $3, $6, $4, 'SAVINGS', 'NGN', 2, 300, $5::date - 365, $5::date - 365, $5::date - 365, 5000, 5000
         from generate_series(1, $2::int) as n`,
      [tenant, options.accounts, clientId, productId, first, branch],
    );
    await db.query(
      `insert into account.savings_transaction (tenant_id, account_id, transaction_type, credit, amount, running_balance, transaction_date, submitted_on_date)
       select $1, 1000000 + n, 1, true, 5000, 5000, $3::date - (n % 120), $3::date - (n % 120) from generate_series(1, $2::int) as n`,
      [tenant, options.accounts, first],
    );
    for (const table of ['loan.loan', 'loan.schedule_period', 'account.savings_account', 'account.savings_transaction']) await db.query(`analyze ${table}`);
  } finally {
    await db.end();
  }
  console.log(`close of business: inserted ${options.loans.toLocaleString('en')} active loans and ${options.accounts.toLocaleString('en')} savings accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const verdict = (seconds: number) => (seconds < 60 ? 'met' : 'NOT met');
  const t0 = performance.now();
  const runs = (await call('POST', '/cob?command=run')) as unknown as { status: string; steps: { stepCode: string; processed: number; durationMs: number | null }[] }[];
  const one = (performance.now() - t0) / 1000;
  const run = runs[runs.length - 1]!;
  console.log(`${`close of business, one date (${first})`.padEnd(46)} ${one.toFixed(2)} s  ${run.status}  (target < 60 s: ${verdict(one)})`);
  for (const step of run.steps) console.log(`  ${step.stepCode.padEnd(44)} ${String(step.processed).padStart(8)} accounts  ${((step.durationMs ?? 0) / 1000).toFixed(2)} s`);

  // Thirty missed dates: the business date pinned 31 days on (COB_DATE the day before), then the catch-up.
  const after = new Date(Date.parse(`${first}T00:00:00Z`) + 31 * 86_400_000).toISOString().slice(0, 10);
  await call('POST', '/businessdate', { type: 'BUSINESS_DATE', date: after, ...fmt });
  const t1 = performance.now();
  await call('POST', '/loans/catch-up');
  while (((await call('GET', '/loans/is-catch-up-running')) as { isCatchUpRunning?: boolean }).isCatchUpRunning) await new Promise((resolve) => setTimeout(resolve, 500));
  const catchUp = (performance.now() - t1) / 1000;
  const closed = (await call('GET', '/cob/runs?limit=40')) as unknown as { status: string }[];
  const completed = closed.filter((r) => r.status === 'COMPLETED').length - 1;
  console.log(`${'close of business, catch-up of 30 dates'.padEnd(46)} ${catchUp.toFixed(2)} s  ${completed} dates closed  (${(catchUp / 30).toFixed(2)} s a date; target < 60 s: ${verdict(catchUp / 30)})`);
}
