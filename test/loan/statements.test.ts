import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TenantSession, TestService } from '../support/service.js';
import { activeClient, approvedLoan, DATE, savingsAccount, setBusinessDate } from './support.js';

describe('statements per disbursement and repayment', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await setBusinessDate(t, '2025-01-01');
  });
  after(async () => service.stop());

  /**
   * Statements inside the tenant transaction and round trips to PostgreSQL (begin and commit included), on
   * the second of two like calls (the first warms the reference cache and prepares the statements on the
   * connection). The ceilings are today's counts: a change that adds a statement or a round trip to these
   * commands must lower another or say why here.
   */
  test("a disbursement, a repayment (bank, savings) and a repayment's undo stay within today's statements and round trips", async () => {
    const branch = await t.branch();
    const manager = await t.userWithRoles([320007], branch);
    const db = service.platform.db;
    const trips: Record<string, number> = {};
    const statements: Record<string, number> = {};
    const measure = async (name: string, fn: (s: TenantSession) => Promise<{ status: number; text: string }>) => {
      // A credential is cached for seconds from its first use, so on a slow machine a long-used session could
      // re-authenticate inside the measured call and count the login's statements as the command's. A session
      // logged in and used just now is cached for the call.
      const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, auth: null, body: { username: 'admin', password: 'password' } });
      assert.equal(login.status, 200, login.text);
      const fresh = new TenantSession(service, t.tenant, login.body.base64EncodedAuthenticationKey as string);
      assert.equal((await fresh.get('/offices/1')).status, 200);
      const before = { statements: db.statementsOf(t.tenant), trips: db.roundTripsOf(t.tenant) };
      const res = await fn(fresh);
      assert.equal(res.status, 200, res.text);
      trips[name] = db.roundTripsOf(t.tenant) - before.trips;
      statements[name] = db.statementsOf(t.tenant) - before.statements;
    };
    const loans: { loanId: number; account: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const client = await activeClient(t, branch);
      const account = await savingsAccount(t, client);
      loans.push({ loanId: await approvedLoan(t, client, 100000, 1, manager), account });
    }
    const disburse = (loanId: number, s = t) => s.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    const repay = (loanId: number, extra: Record<string, unknown>, s = t) =>
      s.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-01-01', transactionAmount: 1000, ...DATE, ...extra });
    const [first, second] = loans as [{ loanId: number; account: number }, { loanId: number; account: number }];
    assert.equal((await disburse(first.loanId)).status, 200);
    await measure('disburse', (s) => disburse(second.loanId, s));
    assert.equal((await repay(first.loanId, { paymentTypeId: 2 })).status, 200);
    await measure('repayBank', (s) => repay(second.loanId, { paymentTypeId: 2 }, s));
    assert.equal((await repay(first.loanId, { fromSavingsAccountId: first.account })).status, 200);
    await measure('repaySavings', (s) => repay(second.loanId, { fromSavingsAccountId: second.account }, s));
    const last = (await t.get(`/loans/${first.loanId}?associations=transactions`)).body.transactions.at(-1).id as number;
    assert.equal((await t.post(`/loans/${first.loanId}/transactions/${last}?command=undo`, {})).status, 200);
    const lastOfSecond = (await t.get(`/loans/${second.loanId}?associations=transactions`)).body.transactions.at(-1).id as number;
    await measure('undoRepayment', (s) => s.post(`/loans/${second.loanId}/transactions/${lastOfSecond}?command=undo`, {}));
    console.log(`statements: ${JSON.stringify(statements)}; round trips: ${JSON.stringify(trips)}`);
    // Before the loan's SQL moved to its stores these were 19, 10, 16, 19 statements and 18, 10, 15, 18 round trips: the
    // loan row is now read back from its own update, and the transaction row, the instalments paid and the
    // closing check (or the loan's update) share one round trip.
    assert.deepEqual(statements, { disburse: 18, repayBank: 10, repaySavings: 16, undoRepayment: 18 });
    assert.deepEqual(trips, { disburse: 15, repayBank: 8, repaySavings: 13, undoRepayment: 17 });
  });
});
