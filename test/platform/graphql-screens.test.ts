import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approvedLoan, DATE, savingsAccount } from '../loan/support.js';
import { TestService, type TenantSession } from '../support/service.js';

/** The first screens a frontend team builds, as whole GraphQL documents through the router. */
const CLIENTS_SCREEN = (clients: number, officeId: number) => `query ClientsScreen {
  clients(limit: ${clients}, officeId: ${officeId}, orderBy: "id") {
    totalFilteredRecords
    pageItems {
      id displayName accountNo
      savingsAccounts { id accountNo accountBalance availableBalance transactions(limit: 5) { id date amount transactionType { value } } }
    }
  }
}`;
const LOAN_SCREEN = (loanId: number) => `query LoanScreen {
  loan(id: ${loanId}) {
    id accountNo principal
    repaymentSchedule { totalOutstanding periods { period dueDate principalDue interestDue totalDueForPeriod totalOutstandingForPeriod complete } }
    transactions(limit: 20) { id date amount principalPortion interestPortion outstandingLoanBalance }
  }
}`;
const BRANCH_SCREEN = (officeId: number) => `query BranchScreen {
  savingsAccounts(officeId: ${officeId}, limit: 50) { totalFilteredRecords pageItems { id accountNo clientName accountBalance availableBalance status { value } } }
}`;

describe('GraphQL limits admit real screens, and nested lists are paged and batched', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let loanId: number;
  const accounts: number[] = [];

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-01', ...DATE });
    branch = await t.branch();
    // 20 clients, each with an account of 7 transactions (the screen shows the newest 5).
    for (let i = 0; i < 20; i++) {
      const client = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Screen', lastname: `Client${i}`, active: true, activationDate: '2024-06-01', ...DATE });
      assert.equal(client.status, 200, client.text);
      const account = await savingsAccount(t, client.body.clientId);
      accounts.push(account);
      for (let n = 1; n <= 7; n++) {
        const res = await t.post(`/savingsaccounts/${account}/transactions?command=deposit`, { transactionDate: '2025-01-01', transactionAmount: String(n), paymentTypeId: 2, ...DATE });
        assert.equal(res.status, 200, res.text);
      }
    }
    const borrower = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Loan', lastname: 'Screen', active: true, activationDate: '2024-06-01', ...DATE });
    await savingsAccount(t, borrower.body.clientId);
    loanId = await approvedLoan(t, borrower.body.clientId, 120000, 1, await t.userWithRoles([320007], branch));
    assert.equal((await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE })).status, 200);
  });
  after(async () => service.stop());

  test('the three screens are admitted and answer what they ask for', async () => {
    const clients = await t.graphql(CLIENTS_SCREEN(20, branch));
    assert.equal(clients.status, 200, clients.text);
    assert.equal(clients.body.errors, undefined, clients.text);
    const items = clients.body.data.clients.pageItems as { savingsAccounts: { transactions: { amount: string }[] }[] }[];
    assert.equal(items.length, 20);
    for (const item of items) {
      assert.equal(item.savingsAccounts.length, 1);
      // Newest first: the 7th, 6th, ... 3rd deposit.
      assert.deepEqual(item.savingsAccounts[0]!.transactions.map((tx) => tx.amount), ['7', '6', '5', '4', '3']);
    }

    const loan = await t.graphql(LOAN_SCREEN(loanId));
    assert.equal(loan.body.errors, undefined, loan.text);
    assert.equal(loan.body.data.loan.repaymentSchedule.periods.length, 13, 'the disbursement period and 12 repayments');
    assert.ok(loan.body.data.loan.transactions.length >= 1);

    const branchAccounts = await t.graphql(BRANCH_SCREEN(branch));
    assert.equal(branchAccounts.body.errors, undefined, branchAccounts.text);
    assert.equal(branchAccounts.body.data.savingsAccounts.pageItems.length, 21);
  });

  test('the first screen with 50 clients is admitted: the cost counts the objects it builds, not its scalar fields', async () => {
    const res = await t.graphql(CLIENTS_SCREEN(50, branch));
    assert.equal(res.body.errors, undefined, res.text.slice(0, 300));
    assert.equal(res.body.data.clients.pageItems.length, 21);
  });

  test('ten times the first screen is refused, saying its cost and the budget', async () => {
    const res = await t.graphql(CLIENTS_SCREEN(200, branch));
    const error = res.body.errors?.[0];
    assert.equal(error?.extensions?.code, 'error.msg.graphql.cost.limit.exceeded', res.text);
    assert.match(error.message, /costs \d+, above the budget of 25000/);
    assert.equal(res.body.data ?? null, null);
  });

  test('nested lists take limit and offset, default to 20 and stop at 200', async () => {
    const account = accounts[0]!;
    const page = await t.graphql(`{ savingsAccount(id: ${account}) { all: transactions { amount } two: transactions(limit: 2, offset: 1) { amount } } }`);
    assert.equal(page.body.errors, undefined, page.text);
    assert.deepEqual(page.body.data.savingsAccount.two.map((x: { amount: string }) => x.amount), ['6', '5']);
    assert.equal(page.body.data.savingsAccount.all.length, 7);
    const periods = await t.graphql(`{ loan(id: ${loanId}) { repaymentSchedule { periods(limit: 3, offset: 2) { period } } } }`);
    assert.deepEqual(periods.body.data.loan.repaymentSchedule.periods.map((p: { period: number | null }) => p.period), [2, 3, 4]);
    const tooMany = await t.graphql(`{ savingsAccount(id: ${account}) { transactions(limit: 201) { id } } }`);
    assert.equal(tooMany.body.errors?.[0]?.extensions?.code, 'error.msg.graphql.page.size.exceeded', tooMany.text);
    const negative = await t.graphql(`{ savingsAccount(id: ${account}) { transactions(offset: -1) { id } } }`);
    assert.equal(negative.body.errors?.[0]?.extensions?.errors?.[0]?.code, 'validation.msg.page.offset.must.be.zero.or.greater', negative.text);
  });

  test('the first screen costs the same statements for 5 clients as for 50 (each nested level is one batch)', async () => {
    const db = service.platform.db;
    const statements = async (clients: number) => {
      await t.graphql(CLIENTS_SCREEN(clients, branch)); // warms caches and prepared statements
      const before = db.statementsOf(t.tenant);
      const res = await t.graphql(CLIENTS_SCREEN(clients, branch));
      assert.equal(res.body.errors, undefined, res.text);
      return db.statementsOf(t.tenant) - before;
    };
    const few = await statements(5);
    const many = await statements(50);
    assert.equal(many, few, `5 clients: ${few} statements, 50 clients: ${many}`);
  });
});
