import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, approvedLoan, DATE, savingsAccount, setBusinessDate } from '../loan/support.js';

/**
 * Five flat loans (product 2: 2% a month on the principal, 12 monthly instalments from 1 February 2025),
 * disbursed on 1 January 2025 at one branch, each paid up to a different instalment, seen on 7 May 2025:
 *
 * | loan | principal | instalment (principal + interest) | paid              | oldest unpaid | days | band    | outstanding principal |
 * | L1   | 120,000   | 10,000 + 2,400 = 12,400           | 4 on 1 May        | 1 June        | 0    | -       | 80,000                |
 * | L2   |  60,000   |  5,000 + 1,200 =  6,200           | none              | 1 February    | 95   | Over 90 | 60,000                |
 * | L3   |  36,000   |  3,000 +   720 =  3,720           | 2 on 1 March      | 1 April       | 36   | 31-60   | 30,000                |
 * | L4   |  24,000   |  2,000 +   480 =  2,480           | 1 on 1 February   | 1 March       | 67   | 61-90   | 22,000                |
 * | L5   |  12,000   |  1,000 +   240 =  1,240           | 3 on 1 April      | 1 May         | 6    | 1-30    |  9,000                |
 *
 * Outstanding 201,000; in arrears 121,000 (PAR1 60.20 %), over 30 days 112,000 (PAR30 55.72 %), over 90 days
 * 60,000 (PAR90 29.85 %).
 */
describe('reports: portfolio reports over HTTPS (/runreports)', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  const loans: Record<string, number> = {};
  const accountNo: Record<string, string> = {};
  const repayment: Record<string, number> = {};
  const run = (name: string, query = '') => t.get(`/runreports/${encodeURIComponent(name)}?R_officeId=${branch}${query}`);
  const rows = (res: { body: { columnHeaders: { columnName: string }[]; data: { row: unknown[] }[] } }) =>
    res.body.data.map((d) => Object.fromEntries(res.body.columnHeaders.map((c, i) => [c.columnName, d.row[i]])));

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    const manager = await t.userWithRoles([320007], branch);
    const book: [string, number, string][] = [['L1', 120000, 'Ada'], ['L2', 60000, 'Bola'], ['L3', 36000, 'Chidi'], ['L4', 24000, 'Dayo'], ['L5', 12000, 'Efe']];
    for (const [key, principal, firstname] of book) {
      const client = await activeClient(t, branch, { firstname, lastname: 'Obi' });
      await savingsAccount(t, client);
      loans[key] = await approvedLoan(t, client, principal, 2, manager);
      const disbursed = await t.post(`/loans/${loans[key]}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
      assert.equal(disbursed.status, 200, disbursed.text);
      accountNo[key] = (await t.get(`/loans/${loans[key]}`)).body.accountNo;
    }
    await setBusinessDate(t, '2025-05-07');
    const repay = async (key: string, date: string, amount: number) => {
      const res = await t.post(`/loans/${loans[key]}/transactions?command=repayment`, { transactionDate: date, transactionAmount: amount, paymentTypeId: 2, ...DATE });
      assert.equal(res.status, 200, res.text);
      repayment[key] = res.body.resourceId as number;
    };
    await repay('L4', '2025-02-01', 2480);
    await repay('L3', '2025-03-01', 2 * 3720);
    await repay('L5', '2025-04-01', 3 * 1240);
    await repay('L1', '2025-05-01', 4 * 12400);
  });
  after(async () => service.stop());

  test('Portfolio at Risk: principal by band from the delinquency ranges, PAR1/PAR30/PAR90, and the total equals GL 13101 of the office', async () => {
    const res = await run('Portfolio at Risk');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(rows(res), [{
      Currency: 'NGN', Loans: 5, 'Principal Outstanding': 201000, 'Loans in Arrears': 4,
      'Principal in Arrears 1-30': 9000, 'Principal in Arrears 31-60': 30000, 'Principal in Arrears 61-90': 22000, 'Principal in Arrears Over 90': 60000,
      'PAR1 %': 60.2, 'PAR30 %': 55.72, 'PAR90 %': 29.85,
    }]);
    const trial = await t.get(`/runreports/Trial%20Balance?R_officeId=${branch}&R_startDate=2025-01-01&R_endDate=2025-05-07`);
    assert.equal(trial.status, 200, trial.text);
    const portfolio = rows(trial).find((r) => r.glcode === '13101');
    assert.deepEqual([portfolio?.debit, portfolio?.credit], [201000, 0], 'GL 13101 (loans receivable) holds the outstanding principal');

    const byBranch = await run('Portfolio at Risk by Branch');
    assert.equal(byBranch.status, 200, byBranch.text);
    const [only] = rows(byBranch);
    assert.equal(rows(byBranch).length, 1);
    assert.match(String(only!['Office/Branch']), /^\.\.Branch /);
    assert.deepEqual([only!['Principal Outstanding'], only!['PAR30 %']], [201000, 55.72]);

    const headOffice = await t.get('/runreports/Portfolio%20at%20Risk%20by%20Branch?R_officeId=1');
    assert.deepEqual(rows(headOffice).map((r) => r['Principal Outstanding']), [201000], 'the head office covers its sub-offices');
    assert.deepEqual(rows(await run('Portfolio at Risk', '&R_currencyId=USD')), [], 'another currency: no loans');
    assert.deepEqual(rows(await run('Portfolio at Risk', '&R_loanOfficerId=-1')).map((r) => r.Loans), [5], '-1: every officer');
  });

  // The Decimal scalar writes exact digits without trailing zeros.
  test('GraphQL: portfolioAtRisk, agingSummary and collectionReport give the same figures, typed', async () => {
    const res = await t.graphql(`query($office: Int) {
      portfolioAtRisk(officeId: $office, asOf: "2025-05-07") { currencyCode loans principalOutstanding loansInArrears bands { classification principal } par1 par30 par90 }
      byBranch: portfolioAtRisk(officeId: 1, byOffice: true) { officeId principalOutstanding }
      agingSummary(officeId: $office) { band loans principalOverdue }
      collectionReport(officeId: $office, fromDate: "2025-02-01", toDate: "2025-02-28") { day loansDue amountDue amountCollected collectionRate }
    }`, { office: branch });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.errors, undefined, res.text);
    const d = res.body.data!;
    assert.deepEqual(d.portfolioAtRisk, [{
      currencyCode: 'NGN', loans: 5, principalOutstanding: '201000', loansInArrears: 4,
      bands: [{ classification: '1-30', principal: '9000' }, { classification: '31-60', principal: '30000' }, { classification: '61-90', principal: '22000' }, { classification: 'Over 90', principal: '60000' }],
      par1: '60.2', par30: '55.72', par90: '29.85',
    }]);
    assert.deepEqual(d.byBranch, [{ officeId: branch, principalOutstanding: '201000' }]);
    assert.deepEqual(d.agingSummary.filter((b: { loans: number }) => b.loans > 0).map((b: { band: string }) => b.band), ['On Schedule', '1', '6', '10', '12+']);
    assert.deepEqual(d.collectionReport, [{ day: '2025-02-01', loansDue: 5, amountDue: '26040', amountCollected: '2480', collectionRate: '9.52' }]);
  });

  test('PAR as CSV (exportCSV=true): the header row and exact figures (as JSON numbers write them)', async () => {
    const res = await run('Portfolio at Risk', '&exportCSV=true');
    assert.equal(res.status, 200, res.text);
    assert.match(String(res.headers['content-type']), /text\/csv/);
    assert.equal(res.text, [
      'Currency,Loans,Principal Outstanding,Loans in Arrears,Principal in Arrears 1-30,Principal in Arrears 31-60,Principal in Arrears 61-90,Principal in Arrears Over 90,PAR1 %,PAR30 %,PAR90 %',
      'NGN,5,201000,4,9000,30000,22000,60000,60.2,55.72,29.85', '',
    ].join('\r\n'));
  });

  test('Aging Detail: each loan in arrears with its days and overdue amounts; Aging Summary in weeks', async () => {
    const detail = rows(await run('Aging Detail'));
    const byLoan = Object.fromEntries(detail.map((r) => [r['Account Number'], [r['Days in Arrears'], r['Principal Overdue'], r['Interest Overdue'], r['Weeks In Arrears Band'], r['Delinquency Range']]]));
    assert.deepEqual(byLoan, {
      // Every instalment due before 7 May and unpaid: L2 four (1 Feb - 1 May), L3 two, L4 three, L5 one.
      [accountNo.L2!]: [95, 20000, 4800, '12+', 'Over 90'],
      [accountNo.L3!]: [36, 6000, 1440, '6', '31-60'],
      [accountNo.L4!]: [67, 6000, 1440, '10', '61-90'],
      [accountNo.L5!]: [6, 1000, 240, '1', '1-30'],
    });
    assert.ok(detail.every((r) => r['Client Name'] && r.currency === 'NGN'));

    const summary = rows(await run('Aging Summary (Arrears in Weeks)'));
    assert.equal(summary.length, 14, 'On Schedule, 1 to 12, 12+');
    const band = (b: string) => summary.find((r) => r['Weeks In Arrears (Up To)'] === b)!;
    assert.deepEqual([band('On Schedule')['No Of Loans'], band('On Schedule')['Original Principal'], band('On Schedule')['Principal Paid']], [1, 120000, 40000]);
    assert.deepEqual([band('1')['No Of Loans'], band('6')['No Of Loans'], band('10')['No Of Loans'], band('12+')['No Of Loans'], band('2')['No Of Loans']], [1, 1, 1, 1, 0]);
    assert.deepEqual([band('12+')['Principal Overdue'], band('12+')['Interest Overdue']], [20000, 4800]);
    // As of 1 March instead: L2 28 days (week 4), L4 on schedule (its February instalment paid), L3 not yet late.
    const earlier = rows(await run('Aging Summary (Arrears in Weeks)', '&R_endDate=2025-03-01'));
    assert.deepEqual(earlier.filter((r) => Number(r['No Of Loans']) > 0).map((r) => [r['Weeks In Arrears (Up To)'], r['No Of Loans']]), [['On Schedule', 4], ['4', 1]]);
  });

  test('Active Loans - Details and Active Loans by Loan Officer', async () => {
    const details = rows(await run('Active Loans - Details'));
    assert.deepEqual(details.map((r) => [r['Loan Account No.'], r['Principal Outstanding'], r['Principal Repaid']]).sort(), [
      [accountNo.L1, 80000, 40000], [accountNo.L2, 60000, 0], [accountNo.L3, 30000, 6000], [accountNo.L4, 22000, 2000], [accountNo.L5, 9000, 3000],
    ].sort());
    const officers = rows(await run('Active Loans by Loan Officer'));
    assert.deepEqual(officers.map((r) => [r['Loan Officer'], r['Active Loans'], r['Principal Disbursed'], r['Principal Outstanding'], r['Principal Overdue'], r['Loans in Arrears']]), [
      [null, 5, 252000, 201000, 33000, 4],
    ]);
  });

  test('Disbursal Report and Expected Payments By Date - Basic over a period', async () => {
    const disbursed = rows(await run('Disbursal Report', '&R_startDate=2025-01-01&R_endDate=2025-01-31'));
    assert.deepEqual(disbursed.map((r) => r['Principal Disbursed']).sort((a, b) => Number(a) - Number(b)), [12000, 24000, 36000, 60000, 120000]);
    assert.ok(disbursed.every((r) => r['Disbursed Date'] === '2025-01-01'));
    assert.deepEqual(rows(await run('Disbursal Report', '&R_startDate=2025-02-01&R_endDate=2025-02-28')), []);

    // Instalment 5 (1 June) of every loan, all of it owed; Total Overdue as of the business date (7 May).
    const expected = rows(await run('Expected Payments By Date - Basic', '&R_startDate=2025-06-01&R_endDate=2025-06-30'));
    const byLoan = Object.fromEntries(expected.map((r) => [r['Loan Account Number'], [r.Installment, r['Principal Due'], r['Interest Due'], r['Total Due'], r['Total Overdue']]]));
    assert.deepEqual(byLoan, {
      [accountNo.L1!]: [5, 10000, 2400, 12400, 0],
      [accountNo.L2!]: [5, 5000, 1200, 6200, 24800],
      [accountNo.L3!]: [5, 3000, 720, 3720, 7440],
      [accountNo.L4!]: [5, 2000, 480, 2480, 7440],
      [accountNo.L5!]: [5, 1000, 240, 1240, 1240],
    });
    // 1 May: only L1 paid its fourth instalment; the other four still owe it.
    const may = rows(await run('Expected Payments By Date - Basic', '&R_startDate=2025-05-01&R_endDate=2025-05-01'));
    assert.deepEqual(may.map((r) => r['Total Due']).sort((a, b) => Number(a) - Number(b)), [1240, 2480, 3720, 6200]);
  });

  test('Collection Report: due against collected by officer and day', async () => {
    const res = rows(await run('Collection Report', '&R_startDate=2025-02-01&R_endDate=2025-05-07'));
    // Every 1st: 12,400 + 6,200 + 3,720 + 2,480 + 1,240 = 26,040 due on five loans.
    assert.deepEqual(res.map((r) => [r.Date, r['Loans Due'], r['Amount Due'], r['Amount Collected'], r['Collection Rate %']]), [
      ['2025-02-01', 5, 26040, 2480, 9.52],
      ['2025-03-01', 5, 26040, 7440, 28.57],
      ['2025-04-01', 5, 26040, 3720, 14.29],
      ['2025-05-01', 5, 26040, 49600, 190.48],
    ]);
    assert.ok(res.every((r) => r['Loan Officer'] === '-'));
  });

  test('Client Listing: the clients of the office subtree', async () => {
    const clients = rows(await run('Client Listing'));
    assert.deepEqual(clients.map((r) => [r.name, r.Status, r.Activation]).sort(), [
      ['Ada Obi', 'Active', '2024-06-01'], ['Bola Obi', 'Active', '2024-06-01'], ['Chidi Obi', 'Active', '2024-06-01'], ['Dayo Obi', 'Active', '2024-06-01'], ['Efe Obi', 'Active', '2024-06-01'],
    ]);
  });

  test('GET /reports lists the portfolio reports with their parameters; /reports/{id}', async () => {
    const list = await t.get('/reports');
    assert.equal(list.status, 200, list.text);
    const par = list.body.find((r: { reportName: string }) => r.reportName === 'Portfolio at Risk');
    assert.deepEqual(par.reportParameters.map((p: { parameterName: string }) => p.parameterName), ['OfficeIdSelectOne', 'loanOfficerIdSelectAll', 'currencyIdSelectAll', 'endDateSelect']);
    assert.ok(list.body.some((r: { reportName: string }) => r.reportName === 'Trial Balance'), 'the ledger\'s reports stay listed');
    const names = list.body.map((r: { reportName: string }) => r.reportName);
    for (const name of ['Portfolio at Risk by Branch', 'Aging Detail', 'Aging Summary (Arrears in Weeks)', 'Active Loans - Details', 'Disbursal Report', 'Expected Payments By Date - Basic', 'Collection Report', 'Written-Off Loans', 'Client Listing', 'Active Loans by Loan Officer']) {
      assert.ok(names.includes(name), name);
    }
    const one = await t.get(`/reports/${par.id}`);
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.reportName, 'Portfolio at Risk');
    assertError(await t.get('/reports/999999'), 404, 'error.msg.report.id.invalid');
    // The select parameters' choices the report form loads.
    assert.ok(rows(await t.get('/runreports/currencyIdSelectAll')).some((r) => r.code === 'NGN'));
    const officers = await t.get(`/runreports/loanOfficerIdSelectAll?R_officeId=${branch}`);
    assert.equal(officers.status, 200, officers.text);
    assert.deepEqual(officers.body.columnHeaders.map((c: { columnName: string }) => c.columnName), ['id', 'Name']);
  });

  test('Loan Transaction Receipt: L4\'s first instalment, 2,000.00 principal + 480.00 interest, 22,000.00 outstanding after; PDF', async () => {
    const res = await t.get(`/runreports/Loan%20Transaction%20Receipt?R_transactionId=${repayment.L4}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(rows(res).map((r) => [r['Transaction Date'], r['Loan Account Number'], r['Transaction Type'], r.Amount, r.Principal, r.Interest, r['Principal outstanding after']]), [
      ['2025-02-01', accountNo.L4, 'Repayment', '2480.00', '2000.00', '480.00', '22000.00'],
    ]);
    const pdf = await t.get(`/runreports/Loan%20Transaction%20Receipt?R_transactionId=${repayment.L4}&output-type=PDF`);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const stranger = await service.tenant();
    assertError(await stranger.get(`/runreports/Loan%20Transaction%20Receipt?R_transactionId=${repayment.L4}`), 404, 'error.msg.report.loantransaction.not.found');
  });

  test('Loan Account Schedule: L3\'s twelve instalments of 3,720.00, two paid, the principal balance falling by 3,000.00', async () => {
    const res = await t.get(`/runreports/Loan%20Account%20Schedule?R_selectLoan=${loans.L3}`);
    assert.equal(res.status, 200, res.text);
    const schedule = rows(res);
    assert.equal(schedule.length, 12);
    assert.deepEqual(schedule.slice(0, 3).map((r) => [r.Installment, r['Due Date'], r['Principal Due'], r['Interest Due'], r['Total Due'], r['Total Paid'], r['Total Outstanding'], r['Principal Balance']]), [
      [1, '2025-02-01', 3000, 720, 3720, 3720, 0, 33000],
      [2, '2025-03-01', 3000, 720, 3720, 3720, 0, 30000],
      [3, '2025-04-01', 3000, 720, 3720, 0, 3720, 27000],
    ]);
    assert.equal(schedule[11]!['Principal Balance'], 0);
    const stranger = await service.tenant();
    assertError(await stranger.get(`/runreports/Loan%20Account%20Schedule?R_selectLoan=${loans.L3}`), 404, 'error.msg.report.loan.not.found');
  });

  test('bad parameters: 400 with a code, nothing run; another office subtree or tenant: 404; no READ_REPORT: 403', async () => {
    assertError(await run('Disbursal Report'), 400, 'validation.msg.report.startDate.cannot.be.blank');
    assertError(await run('Disbursal Report', '&R_startDate=2025-02-01&R_endDate=2025-01-01'), 400, 'validation.msg.report.endDate.is.before.startDate');
    assertError(await run('Collection Report', '&R_startDate=2024-01-01&R_endDate=2025-01-01'), 400, 'validation.msg.report.endDate.range.exceeds.limit');
    assertError(await run('Aging Detail', '&R_endDate=2025-02-30'), 400, 'validation.msg.validation.errors.exist');

    const other = await t.branch();
    const outsider = await t.userWithRoles([320007], other);
    assert.equal((await outsider.get(`/runreports/Portfolio%20at%20Risk?R_officeId=${branch}`)).status, 404);
    const stranger = await service.tenant();
    assert.equal((await stranger.get(`/runreports/Portfolio%20at%20Risk?R_officeId=${branch}`)).status, 404);
    assert.deepEqual(rows(await stranger.get('/runreports/Portfolio%20at%20Risk?R_officeId=1')), [], 'another tenant sees none of these loans');
  });

  test('Written-Off Loans: a write-off leaves the active book and PAR', async () => {
    const res = await t.post(`/loans/${loans.L2}/transactions?command=writeoff`, { transactionDate: '2025-05-07', note: 'absconded', ...DATE });
    assert.equal(res.status, 200, res.text);
    const written = rows(await run('Written-Off Loans', '&R_startDate=2025-05-01&R_endDate=2025-05-31'));
    assert.equal(written.length, 1);
    assert.deepEqual([written[0]!['Loan Account No.'], written[0]!['Written Off date'], written[0]!['Written-Off Principal'], written[0]!['Reason For Write-Off']], [accountNo.L2, '2025-05-07', 60000, 'absconded']);
    const [par] = rows(await run('Portfolio at Risk'));
    // 201,000 - 60,000 = 141,000; over 90 days: nothing; over 30: 30,000 + 22,000 = 52,000 (36.88 %).
    assert.deepEqual([par!.Loans, par!['Principal Outstanding'], par!['Principal in Arrears Over 90'], par!['PAR30 %'], par!['PAR90 %']], [4, 141000, 0, 36.88, 0]);
  });
});
