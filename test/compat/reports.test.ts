import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, approvedLoan, DATE, savingsAccount, setBusinessDate } from '../loan/support.js';
import { clientBody, DATE_FORMAT, fineractDate, FineractClient } from './fineract-client.js';

/** The Reports menu of the Mifos X web app, as it calls /reports and /runreports, and CSV and HTML exports. */
describe('Fineract compat: reports list, parameter reports, CSV and HTML', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
    const accounts = new Map(((await api.get('/glaccounts')).body as { glCode: string; id: number }[]).map((a) => [a.glCode, a.id]));
    const posted = await api.post('/journalentries', {
      officeId: '1', transactionDate: '03 March 2026', currencyCode: 'NGN', ...DATE_FORMAT, comments: 'opening, "cash"',
      debits: [{ glAccountId: String(accounts.get('11101')), amount: '1500' }], credits: [{ glAccountId: String(accounts.get('31101')), amount: '1500' }],
    });
    assert.equal(posted.status, 200, posted.text);
  });
  after(async () => service.stop());

  test('GET /reports lists Trial Balance Table as a Table report in category Accounting, with its parameters', async () => {
    const res = await api.get('/reports');
    assert.equal(res.status, 200, res.text);
    const tb = res.body.find((r: { reportName: string }) => r.reportName === 'Trial Balance Table');
    assert.equal(tb.reportType, 'Table');
    assert.equal(tb.reportCategory, 'Accounting');
    assert.deepEqual(tb.reportParameters.map((p: { parameterName: string }) => p.parameterName).sort(), ['OfficeIdSelectOne', 'endDateSelect', 'startDateSelect']);
  });

  test("GET /runreports/FullParameterList?R_reportListing='Trial Balance Table'&parameterType=true and OfficeIdSelectOne answer Fineract's rows", async () => {
    const params = await api.get(`/runreports/FullParameterList?R_reportListing=${encodeURIComponent("'Trial Balance Table'")}&parameterType=true`);
    assert.equal(params.status, 200, params.text);
    assert.deepEqual(params.body.columnHeaders.slice(0, 3).map((c: { columnName: string }) => c.columnName), ['parameter_name', 'parameter_variable', 'parameter_label']);
    assert.deepEqual(params.body.data.map((r: { row: unknown[] }) => r.row.slice(0, 4)), [
      ['startDateSelect', 'startDate', 'startDate', 'date'], ['endDateSelect', 'endDate', 'endDate', 'date'], ['OfficeIdSelectOne', 'officeId', 'Office', 'select'],
    ]);
    const offices = await api.get('/runreports/OfficeIdSelectOne?parameterType=true');
    assert.equal(offices.status, 200, offices.text);
    assert.deepEqual(offices.body.columnHeaders.map((c: { columnName: string }) => c.columnName), ['id', 'tc']);
    assert.deepEqual(offices.body.data[0].row, [1, 'Head Office']);
  });

  test('exportCSV=true answers text/csv with the header row and a file name, for every report', async () => {
    const csv = await api.get('/runreports/Trial%20Balance%20Table?R_officeId=1&R_startDate=2026-01-01&R_endDate=2026-12-31&exportCSV=true');
    assert.equal(csv.status, 200, csv.text);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(String(csv.headers['content-disposition']), /attachment; filename="TrialBalanceTable\.csv"/);
    const lines = csv.text.trim().split('\r\n');
    assert.equal(lines[0], 'glcode,name,debit,credit');
    assert.ok(lines.includes('11101,Cash in hand/till,1500.000000,0.000000'), csv.text);
    for (const name of ['Balance%20Sheet', 'Income%20Statement', 'FullParameterList', 'OfficeIdSelectOne']) {
      const other = await api.get(`/runreports/${name}?R_officeId=1&exportCSV=true&R_reportListing=${encodeURIComponent("'Trial Balance'")}`);
      assert.equal(other.status, 200, other.text);
      assert.match(String(other.headers['content-type']), /^text\/csv/, name);
      assert.ok(other.text.split('\r\n')[0]!.length > 0);
    }
  });

  test('output-type=HTML gives a simple table; genericResultSet=false an array of objects', async () => {
    const html = await api.get('/runreports/Trial%20Balance?R_officeId=1&output-type=HTML');
    assert.equal(html.status, 200, html.text);
    assert.match(String(html.headers['content-type']), /^text\/html/);
    assert.match(html.text, /<table><tr><th>glcode<\/th><th>name<\/th><th>debit<\/th><th>credit<\/th><\/tr>/);
    assert.match(html.text, /<td>Cash in hand\/till<\/td>/);
    const objects = await api.get('/runreports/Trial%20Balance?R_officeId=1&genericResultSet=false');
    assert.ok(objects.body.some((r: { glcode: string; debit: number }) => r.glcode === '11101' && r.debit === 1500));
  });

  test('malformed R_ dates are 400, nothing is run', async () => {
    for (const bad of ['R_startDate=2026-13-45', 'R_endDate=yesterday', 'R_startDate=31%2F02%2F2026&dateFormat=dd%2FMM%2Fyyyy']) {
      assertError(await api.get(`/runreports/Trial%20Balance?R_officeId=1&${bad}`), 400, 'validation.msg.invalid.dateFormat.format');
    }
    assert.equal((await api.get('/runreports/Trial%20Balance?R_officeId=1&R_startDate=01%2F03%2F2026&dateFormat=dd%2FMM%2Fyyyy&locale=en')).status, 200);
  });

  test("the dashboard's reports, with R_officeId and genericResultSet=false: ClientTrendsByDay, LoanTrendsByDay, Demand Vs Collection, Disbursal Vs Awaitingdisbursal", async () => {
    const branch = await t.branch();
    const yesterday = fineractDate(new Date(Date.now() - 86_400_000));
    assert.equal((await api.post('/clients', clientBody(branch, { activationDate: yesterday, submittedOnDate: yesterday }))).status, 200);
    const clients = await api.get(`/runreports/ClientTrendsByDay?R_officeId=1&genericResultSet=false`);
    assert.equal(clients.status, 200, clients.text);
    assert.equal(clients.body.length, 1, clients.text);
    assert.equal(clients.body[0].count, 1);
    assert.equal(clients.body[0].days.length, 3);

    // Loans on a pinned business date: one approved and waiting, one disbursed a week before.
    const lender = await service.tenant();
    const lenderApi = new FineractClient(service, lender.tenant);
    const office = await lender.branch();
    await setBusinessDate(lender, '2025-01-12');
    const borrower = await activeClient(lender, office);
    await savingsAccount(lender, borrower);
    const manager = await lender.userWithRoles([320007]);
    await approvedLoan(lender, borrower, 100000, 1, manager);
    const disbursed = await approvedLoan(lender, borrower, 50000, 1, manager);
    const disbursal = await lender.post(`/loans/${disbursed}?command=disburse`, { actualDisbursementDate: '2025-01-05', ...DATE });
    assert.equal(disbursal.status, 200, disbursal.text);
    const trends = await lenderApi.get(`/runreports/LoanTrendsByDay?R_officeId=${office}&genericResultSet=false`);
    assert.equal(trends.status, 200, trends.text);
    assert.deepEqual(trends.body, [{ lcount: 1, days: [2025, 1, 5] }]);
    const awaiting = await lenderApi.get(`/runreports/Disbursal%20Vs%20Awaitingdisbursal?R_officeId=1&genericResultSet=false`);
    assert.equal(awaiting.status, 200, awaiting.text);
    assert.deepEqual(awaiting.body, [{ amountToBeDisburse: 100000, disbursedAmount: 50000 }]);
    const demand = await lenderApi.get(`/runreports/Demand%20Vs%20Collection?R_officeId=1&genericResultSet=false`);
    assert.deepEqual(demand.body, [{ AmountDue: 0, AmountPaid: 0 }]);
    assertError(await api.get("/runreports/LoanTrendsByDay?R_officeId=9999&genericResultSet=false"), 404, "error.msg.office.id.invalid");
  });

  test('an NGN tenant with one USD deposit: every accounting report is per currency, GL 11201 never NGN 39,000 + USD 100 = 39,100', async () => {
    const t2 = await service.tenant();
    const api2 = new FineractClient(service, t2.tenant);
    await setBusinessDate(t2, '2025-01-12');
    const office = await t2.branch();
    const client = await activeClient(t2, office);
    const naira = await savingsAccount(t2, client);
    const usdProduct = await t2.post('/savingsproducts', { name: 'Dollar Savings', shortName: 'USD1', currencyCode: 'USD', digitsAfterDecimal: 2, accountType: 'SAVINGS' });
    assert.equal(usdProduct.status, 200, usdProduct.text);
    const usdAccount = await t2.post('/savingsaccounts', { clientId: client, productId: usdProduct.body.resourceId, submittedOnDate: '2025-01-01', ...DATE });
    assert.equal(usdAccount.status, 200, usdAccount.text);
    const dollars = usdAccount.body.savingsId as number;
    assert.equal((await t2.post(`/savingsaccounts/${dollars}?command=activate`, {})).status, 200);
    // By bank transfer: each deposit debits the settlement bank (11201) and credits savings control (21101).
    for (const [account, amount] of [[naira, 39000], [dollars, 100]] as const) {
      const res = await t2.post(`/savingsaccounts/${account}/transactions?command=deposit`, { transactionDate: '2025-01-12', transactionAmount: amount, paymentTypeId: 2, ...DATE });
      assert.equal(res.status, 200, res.text);
    }
    const range = 'R_officeId=1&R_startDate=2025-01-01&R_endDate=2025-12-31';

    // Without a currency the ledger's two cannot be answered as one: 400, for every report and in CSV.
    for (const report of ['Trial%20Balance', 'Trial%20Balance%20Table', 'Balance%20Sheet', 'Income%20Statement']) {
      assertError(await api2.get(`/runreports/${report}?${range}`), 400, 'error.msg.report.currency.required');
    }
    assertError(await api2.get(`/runreports/Trial%20Balance?${range}&exportCSV=true`), 400, 'error.msg.report.currency.required');

    const row = (body: { data: { row: unknown[] }[] }, glCode: string) => body.data.find((r) => r.row[0] === glCode)?.row;
    const ngn = await api2.get(`/runreports/Trial%20Balance?${range}&R_currencyCode=NGN`);
    assert.equal(ngn.status, 200, ngn.text);
    assert.deepEqual(row(ngn.body, '11201')?.slice(2), [39000, 0]);
    assert.deepEqual(row(ngn.body, '21101')?.slice(2), [0, 39000]);
    const usd = await api2.get(`/runreports/Trial%20Balance?${range}&R_currencyCode=USD`);
    assert.equal(usd.status, 200, usd.text);
    assert.deepEqual(row(usd.body, '11201')?.slice(2), [100, 0]);
    assert.deepEqual(row(usd.body, '21101')?.slice(2), [0, 100]);
    const sheet = await api2.get(`/runreports/Balance%20Sheet?${range}&R_currencyCode=USD`);
    assert.equal(sheet.status, 200, sheet.text);
    assert.equal(row(sheet.body, '11201')?.at(-1), 100);

    // GraphQL: the same rule for the reports; a GL account's balance is one currency's (the base, NGN, by default), and `balances` lists each.
    const tb = await t2.graphql('query { trialBalance(officeId: 1) { totalDebit } }');
    assert.deepEqual(tb.body.errors?.map((e: { extensions: { code: string } }) => e.extensions.code), ['error.msg.report.currency.required']);
    const gl = await t2.graphql(`query { glAccounts { glCode organizationRunningBalance usd: organizationRunningBalance(currencyCode: "USD") balances { currencyCode amount } } }`);
    assert.equal(gl.status, 200, gl.text);
    const settlement = gl.body.data.glAccounts.find((a: { glCode: string }) => a.glCode === '11201');
    assert.deepEqual(settlement, { glCode: '11201', organizationRunningBalance: '39000', usd: '100', balances: [{ currencyCode: 'NGN', amount: '39000' }, { currencyCode: 'USD', amount: '100' }] });
    // A line's running balance counts its own currency's lines: the USD deposit's is 100, not 39,100.
    const settlementId = ((await api2.get('/glaccounts')).body as { glCode: string; id: number }[]).find((a) => a.glCode === '11201')!.id;
    const lines = await api2.get(`/journalentries?glAccountId=${settlementId}&runningBalance=true`);
    assert.equal(lines.status, 200, lines.text);
    const running = lines.body.pageItems.map((l: { currency: { code: string }; organizationRunningBalance: number }) => [l.currency.code, l.organizationRunningBalance]).sort();
    assert.deepEqual(running, [['NGN', 39000], ['USD', 100]]);
    const fetched = await api2.get('/glaccounts?fetchRunningBalance=true');
    assert.equal(fetched.body.find((a: { glCode: string }) => a.glCode === '11201').organizationRunningBalance, 39000);

    // A branch whose ledger holds one currency answers without one, as before.
    const single = await t2.branch();
    const neighbour = await activeClient(t2, single);
    const local = await savingsAccount(t2, neighbour);
    assert.equal((await t2.post(`/savingsaccounts/${local}/transactions?command=deposit`, { transactionDate: '2025-01-12', transactionAmount: 50, paymentTypeId: 2, ...DATE })).status, 200);
    const branchTb = await api2.get(`/runreports/Trial%20Balance?R_officeId=${single}&R_startDate=2025-01-01&R_endDate=2025-12-31`);
    assert.equal(branchTb.status, 200, branchTb.text);
    assert.deepEqual(row(branchTb.body, '11201')?.slice(2), [50, 0]);
  });
});
