import autocannon from 'autocannon';
import pg from 'pg';
import { generateSchedule } from '../subgraphs/loan/domain/schedule.js';

/**
 * Loan figures: schedule generation for a 360-period loan (in process, pure domain), calculateLoanSchedule
 * over REST, and the aging job over many active loans (inserted in bulk with SQL, then the job run over HTTPS).
 */
export async function loanBench(options: {
  baseUrl: string;
  headers: Record<string, string>;
  databaseUrl: string | null;
  tenant: string;
  connections: number;
  duration: number;
  agingLoans: number;
}): Promise<void> {
  const { baseUrl, headers } = options;

  const terms = {
    principal: '1000000', numberOfRepayments: 360, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: '1', interestRateFrequencyType: 2,
    amortizationType: 1, interestType: 0, digits: 2, disbursementDate: '2025-01-01',
  };
  for (let i = 0; i < 20; i++) generateSchedule(terms);
  const runs = 200;
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    generateSchedule(terms);
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  console.log(`${'schedule generation, 360 periods (in process)'.padEnd(46)} median ${timings[runs / 2]!.toFixed(2)} ms  p99 ${timings[Math.floor(runs * 0.99)]!.toFixed(2)} ms`);

  const body = JSON.stringify({
    productId: 1, principal: 100000, numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2, loanTermFrequency: 12, loanTermFrequencyType: 2,
    interestRatePerPeriod: 2, amortizationType: 1, interestType: 0, interestCalculationPeriodType: 1, transactionProcessingStrategyCode: 'mifos-standard-strategy',
    expectedDisbursementDate: '2030-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en',
  });
  const calc = await autocannon({ url: `${baseUrl}/api/v1/loans?command=calculateLoanSchedule`, method: 'POST', headers, body, connections: options.connections, duration: options.duration });
  console.log(
    `${'POST /loans?command=calculateLoanSchedule'.padEnd(46)} ${calc.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(calc.latency.p50).padStart(4)} ms  p99 ${String(calc.latency.p99).padStart(4)} ms  2xx ${calc['2xx']}  non-2xx ${calc.non2xx}`,
  );

  if (!options.databaseUrl) {
    console.log('aging job over many loans: skipped (needs the bench to start its own service)');
    return;
  }
  const loans = options.agingLoans;
  const started = Date.now();
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    // Active 12-month loans disbursed on days spread over the last ~14 months: every bucket gets loans.
    await db.query(
      `insert into loan.loan (tenant_id, id, account_no, client_id, office_id, product_id, status_id, currency_code, digits, principal, approved_principal,
         loan_term_frequency, loan_term_frequency_type, number_of_repayments, repayment_every, repayment_frequency_type, interest_rate_per_period,
         interest_rate_frequency_type, amortization_type, interest_type, interest_calculation_period_type, transaction_processing_strategy_code,
         submitted_on, expected_disbursement_date, approved_on, disbursed_on)
       select $1, 1000000 + n, lpad((1000000 + n)::text, 9, '0'), 1, 1, 1, 300, 'NGN', 2, 100000, 100000, 12, 2, 12, 1, 2, 2, 2, 1, 0, 1,
              'mifos-standard-strategy', d, d, d, d
         from (select n, current_date - 30 - (n % 420) as d from generate_series(1, $2::int) as n) s`,
      [options.tenant, loans],
    );
    // Twelve instalments of 9,455.96 each; a third of the loans paid their first two.
    await db.query(
      `insert into loan.schedule_period (tenant_id, loan_id, period, from_date, due_date, principal_due, interest_due, principal_paid, interest_paid)
       select l.tenant_id, l.id, p, (l.disbursed_on + make_interval(months => p - 1))::date, (l.disbursed_on + make_interval(months => p))::date, 7455.96, 2000,
              case when l.id % 3 = 0 and p <= 2 then 7455.96 else 0 end, case when l.id % 3 = 0 and p <= 2 then 2000 else 0 end
         from loan.loan l cross join generate_series(1, 12) as p
        where l.tenant_id = $1 and l.id > 1000000`,
      [options.tenant],
    );
    await db.query('analyze loan.loan');
    await db.query('analyze loan.schedule_period');
  } finally {
    await db.end();
  }
  console.log(`inserted ${loans.toLocaleString('en')} active loans (${(loans * 12).toLocaleString('en')} instalments) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const label of ['first run', 'second run (idempotent)']) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/jobs/1?command=executeJob`, { method: 'POST', headers });
    const result = (await res.json()) as { processed?: number };
    console.log(`${`aging job, ${loans.toLocaleString('en')} active loans, ${label}`.padEnd(46)} ${((performance.now() - t0) / 1000).toFixed(2)} s  (status ${res.status}, ${result.processed ?? '?'} loans aged)`);
  }
}
