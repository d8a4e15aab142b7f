import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { DATE, setBusinessDate } from '../loan/support.js';
import { customer, type Customer } from '../self/support.js';

/** The text of every page of a PDF, each page's items joined by spaces. */
async function pdfText(bytes: Buffer): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  // pdfjs keeps its (in-process) worker alive until the document is destroyed: the test file would never end.
  await task.destroy();
  return pages;
}

/**
 * One account, four movements: +5,000.00 on 10 January, +2,000.00 on 5 February, -1,500.00 on 20 February,
 * +1,000.00 on 2 March. February's statement: opening 5,000.00 (January's deposit), 7,000.00 after the
 * deposit, 5,500.00 after the withdrawal; debits 1,500.00, credits 2,000.00, closing 5,000 + 2,000 - 1,500 = 5,500.00.
 */
describe('reports: savings statements (Client Saving Transactions, self-service statement, PDF)', () => {
  let service: TestService;
  let t: TenantSession;
  let owner: Customer;
  const txn: Record<string, number> = {};
  const statement = (query: string, session = t) => session.get(`/runreports/Client%20Saving%20Transactions?R_savingsAccountId=${owner.savingsId}${query}`);
  const rows = (res: { body: { columnHeaders: { columnName: string }[]; data: { row: unknown[] }[] } }) =>
    res.body.data.map((d) => Object.fromEntries(res.body.columnHeaders.map((c, i) => [c.columnName, d.row[i]])));

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await setBusinessDate(t, '2025-01-01');
    owner = await customer(t, { firstname: 'Amaka', lastname: 'Okafor' });
    const move = async (date: string, command: 'deposit' | 'withdrawal', amount: number) => {
      await setBusinessDate(t, date);
      const res = await t.post(`/savingsaccounts/${owner.savingsId}/transactions?command=${command}`, { transactionDate: date, transactionAmount: amount, paymentTypeId: 2, ...DATE });
      assert.equal(res.status, 200, res.text);
      txn[date] = res.body.resourceId as number;
    };
    await move('2025-01-10', 'deposit', 5000);
    await move('2025-02-05', 'deposit', 2000);
    await move('2025-02-20', 'withdrawal', 1500);
    await move('2025-03-02', 'deposit', 1000);
  });
  after(async () => service.stop());

  test('February: opening balance, each line with its running balance, totals and closing balance', async () => {
    const res = await statement('&R_startDate=2025-02-01&R_endDate=2025-02-28');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(rows(res).map((r) => [r['Transaction Date'], r['Transaction Type'], r.Debit ?? null, r.Credit ?? null, r.Balance]), [
      ['2025-02-01', 'Opening Balance', null, null, '5000.00'],
      ['2025-02-05', 'Deposit', null, '2000.00', '7000.00'],
      ['2025-02-20', 'Withdrawal', '1500.00', null, '5500.00'],
      ['2025-02-28', 'Closing Balance', '1500.00', '2000.00', '5500.00'],
    ]);
    // The whole life of the account closes at its balance.
    const all = rows(await statement('&R_startDate=2025-01-01&R_endDate=2025-03-31'));
    assert.equal(all.at(-1)!.Balance, '6500.00');
    assert.equal((await t.get(`/savingsaccounts/${owner.savingsId}`)).body.summary.accountBalance, 6500);

    const csv = await statement('&R_startDate=2025-02-01&R_endDate=2025-02-28&exportCSV=true');
    assert.match(String(csv.headers['content-type']), /text\/csv/);
    assert.equal(csv.text.split('\r\n')[0], 'Transaction Date,Transaction Id,Transaction Type,Description,Debit,Credit,Balance');
    assert.match(csv.text, /\r\n2025-02-28,,Closing Balance,Totals,1500\.00,2000\.00,5500\.00\r\n$/);
  });

  test('as PDF: institution, customer name and CIF, account, product, period and the lines, read back with pdfjs', async () => {
    const res = await statement('&R_startDate=2025-02-01&R_endDate=2025-02-28&output-type=PDF');
    assert.equal(res.status, 200, res.text.slice(0, 200));
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const client = (await t.get(`/clients/${owner.clientId}`)).body;
    const account = (await t.get(`/savingsaccounts/${owner.savingsId}`)).body;
    const [page, ...more] = await pdfText(res.bytes);
    assert.equal(more.length, 0, 'one page');
    assert.match(client.cif, /^CIF\d{8}$/);
    for (const expected of [client.displayName, client.cif, account.accountNo, account.savingsProductName, '01/02/2025 to 28/02/2025', 'Opening balance', '5000.00', '7000.00', '1500.00', '5500.00', 'Closing balance']) {
      assert.ok(page!.includes(String(expected)), `${expected} in: ${page}`);
    }
  });

  test('the customer gets their own statement (pdf, csv, json); another\'s is 404', async () => {
    const own = await owner.session.get(`/self/savingsaccounts/${owner.savingsId}/statement?fromDate=2025-02-01&toDate=2025-02-28&format=pdf`);
    assert.equal(own.status, 200, own.text.slice(0, 200));
    assert.ok((await pdfText(own.bytes))[0]!.includes('5500.00'));
    const csv = await owner.session.get(`/self/savingsaccounts/${owner.savingsId}/statement?fromDate=2025-02-01&toDate=2025-02-28&format=csv`);
    assert.match(csv.text, /Closing Balance,Totals,1500\.00,2000\.00,5500\.00/);
    const json = await owner.session.get(`/self/savingsaccounts/${owner.savingsId}/statement?fromDate=2025-02-01&toDate=2025-02-28`);
    assert.deepEqual([json.body.openingBalance, json.body.closingBalance, json.body.lines.length], [5000, 5500, 2]);

    const stranger = await customer(t);
    assertError(await stranger.session.get(`/self/savingsaccounts/${owner.savingsId}/statement?fromDate=2025-02-01&toDate=2025-02-28`), 404, 'error.msg.report.savingsaccount.not.found');
    assertError(await owner.session.get(`/self/savingsaccounts/${owner.savingsId}/statement?fromDate=2025-02-01&toDate=2025-02-28&format=xml`), 400, 'validation.msg.statement.format.is.not.one.of.expected.enumerations');
  });

  test('Savings Transaction Receipt: the withdrawal of 20 February and the balance after it (5,500.00), as a row and as PDF', async () => {
    const res = await t.get(`/runreports/Savings%20Transaction%20Receipt?R_transactionId=${txn['2025-02-20']}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(rows(res).map((r) => [r['Transaction Date'], r['Transaction Type'], r.Amount, r.Balance]), [['2025-02-20', 'Withdrawal', '1500.00', '5500.00']]);
    const pdf = await t.get(`/runreports/Savings%20Transaction%20Receipt?R_transactionId=${txn['2025-02-20']}&output-type=PDF`);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const [page] = await pdfText(pdf.bytes);
    for (const expected of ['Transaction receipt', '20/02/2025', 'Withdrawal', '1500.00', '5500.00', (await t.get(`/clients/${owner.clientId}`)).body.displayName]) {
      assert.ok(page!.includes(expected), `${expected} in: ${page}`);
    }
    const other = await service.tenant();
    assertError(await other.get(`/runreports/Savings%20Transaction%20Receipt?R_transactionId=${txn['2025-02-20']}`), 404, 'error.msg.report.savingstransaction.not.found');
  });

  test('the period is bounded: more than 366 days, reversed or missing dates are 400; staff of another branch: 404', async () => {
    assertError(await statement('&R_startDate=2024-01-01&R_endDate=2025-03-31'), 400, 'validation.msg.report.endDate.range.exceeds.limit');
    assertError(await statement('&R_startDate=2025-03-01&R_endDate=2025-02-01'), 400, 'validation.msg.report.endDate.is.before.startDate');
    assertError(await statement(''), 400, 'validation.msg.report.startDate.cannot.be.blank');
    const branch = await t.branch();
    const elsewhere = await t.userWithRoles([320007], branch);
    // The registered customer banks at the head office: a branch's staff do not see the account.
    assertError(await statement('&R_startDate=2025-02-01&R_endDate=2025-02-28', elsewhere), 404, 'error.msg.report.savingsaccount.not.found');
    const other = await service.tenant();
    assertError(await statement('&R_startDate=2025-02-01&R_endDate=2025-02-28', other), 404, 'error.msg.report.savingsaccount.not.found');
  });
});
