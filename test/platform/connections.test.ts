import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { application, approvedLoan, DATE, savingsAccount } from '../loan/support.js';
import { TestService, type TenantSession } from '../support/service.js';

/** Relay-style cursor pages (connections) beside the offset lists, read over HTTPS through the router. */

const PAGE_INFO = 'pageInfo { hasNextPage endCursor hasPreviousPage startCursor } totalCount';

interface Page<N> {
  edges: { cursor: string; node: N }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null; hasPreviousPage: boolean; startCursor: string | null };
  totalCount: number;
}

/** Reads every page of a connection of `size` rows, returning the pages as the client saw them. */
async function allPages<N>(t: TenantSession, field: string, query: (after: string | null) => string, limit = 10): Promise<Page<N>[]> {
  const pages: Page<N>[] = [];
  let after: string | null = null;
  for (let i = 0; i < limit; i++) {
    const res: { body: { data?: Record<string, Page<N>>; errors?: unknown[] }; text: string } = await t.graphql(query(after));
    assert.equal(res.body.errors, undefined, res.text);
    const page = res.body.data![field]!;
    pages.push(page);
    if (!page.pageInfo.hasNextPage) return pages;
    after = page.pageInfo.endCursor;
  }
  throw new Error(`${field}: still more pages after ${limit}`);
}

const arg = (after: string | null) => (after === null ? '' : `, after: ${JSON.stringify(after)}`);
const code = (res: { body: { errors?: { extensions?: { code?: string } }[] } }) => res.body.errors?.[0]?.extensions?.code;

describe('cursor connections page without gaps or duplicates, within the tenant', () => {
  let service: TestService;
  let t: TenantSession;
  let other: TenantSession;
  let branch: number;
  let account: number;
  const accounts: number[] = [];
  const loans: number[] = [];
  let disbursed: number;
  const clientIds: number[] = [];
  const otherClientIds: number[] = [];

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    other = await service.tenant();
    await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-01', ...DATE });
    branch = await t.branch();
    for (let i = 0; i < 25; i++) {
      const res = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Page', lastname: `Client${i}`, active: true, activationDate: '2024-06-01', ...DATE });
      assert.equal(res.status, 200, res.text);
      clientIds.push(res.body.clientId as number);
    }
    account = await savingsAccount(t, clientIds[0]!);
    accounts.push(account);
    // Deposits of 1, 2, ... 25: newest first the account lists 25, 24, ... 1.
    for (let n = 1; n <= 25; n++) {
      const res = await t.post(`/savingsaccounts/${account}/transactions?command=deposit`, { transactionDate: '2025-01-01', transactionAmount: String(n), paymentTypeId: 2, ...DATE });
      assert.equal(res.status, 200, res.text);
    }
    // Four more accounts (five in all) and two loan applications.
    for (const clientId of clientIds.slice(1, 5)) accounts.push(await savingsAccount(t, clientId));
    for (const clientId of clientIds.slice(0, 2)) {
      const res = await t.post('/loans', application(clientId, 1, 1000));
      assert.equal(res.status, 200, res.text);
      loans.push(res.body.loanId as number);
    }
    // A third loan, disbursed on 1 January and repaid 100 then 200 on 1 February: three transactions.
    disbursed = await approvedLoan(t, clientIds[2]!, 1000, 1, await t.userWithRoles([320007], branch));
    loans.push(disbursed);
    assert.equal((await t.post(`/loans/${disbursed}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE })).status, 200);
    await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-02-01', ...DATE });
    for (const amount of ['100', '200']) {
      const res = await t.post(`/loans/${disbursed}/transactions?command=repayment`, { transactionDate: '2025-02-01', transactionAmount: amount, paymentTypeId: 2, ...DATE });
      assert.equal(res.status, 200, res.text);
    }
    // Another tenant with clients of its own (and, in a fresh database, ids that overlap ours).
    await other.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-01', ...DATE });
    const otherBranch = await other.branch();
    for (let i = 0; i < 3; i++) {
      const res = await other.post('/clients', { officeId: otherBranch, legalFormId: 1, firstname: 'Other', lastname: `Tenant${i}`, active: true, activationDate: '2024-06-01', ...DATE });
      assert.equal(res.status, 200, res.text);
      otherClientIds.push(res.body.clientId as number);
    }
    const otherAccount = await savingsAccount(other, otherClientIds[0]!);
    assert.equal((await other.post(`/savingsaccounts/${otherAccount}/transactions?command=deposit`, { transactionDate: '2025-01-01', transactionAmount: '999', paymentTypeId: 2, ...DATE })).status, 200);
  });
  after(async () => service.stop());

  test('25 clients in pages of 10: 10, 10, 5, by id, no duplicates, no gaps', async () => {
    const pages = await allPages<{ id: number; displayName: string }>(t, 'clientsConnection', (after) => `{ clientsConnection(first: 10, officeId: ${branch}${arg(after)}) { edges { cursor node { id displayName } } ${PAGE_INFO} } }`);
    assert.deepEqual(pages.map((p) => p.edges.length), [10, 10, 5]);
    assert.deepEqual(pages.map((p) => p.totalCount), [25, 25, 25]);
    assert.deepEqual(pages.map((p) => p.pageInfo.hasNextPage), [true, true, false]);
    assert.deepEqual(pages.map((p) => p.pageInfo.hasPreviousPage), [false, true, true]);
    const ids = pages.flatMap((p) => p.edges.map((e) => e.node.id));
    assert.deepEqual(ids, clientIds);
    assert.equal(pages[0]!.edges[0]!.node.displayName, 'Page Client0');
    // The status as an enum beside Fineract's object.
    const status = await t.graphql(`{ clientsConnection(first: 1, officeId: ${branch}) { edges { node { status { id } statusEnum } } } }`);
    assert.deepEqual(status.body.data.clientsConnection.edges[0].node, { status: { id: 300 }, statusEnum: 'ACTIVE' }, status.text);
    // The page's cursors are its first and last edges' cursors.
    for (const p of pages) {
      assert.equal(p.pageInfo.startCursor, p.edges[0]!.cursor);
      assert.equal(p.pageInfo.endCursor, p.edges.at(-1)!.cursor);
    }
    // Without first: 20, the default page.
    const res = await t.graphql(`{ clientsConnection(officeId: ${branch}) { edges { node { id } } ${PAGE_INFO} } }`);
    assert.equal(res.body.data.clientsConnection.edges.length, 20, res.text);
    assert.equal(res.body.data.clientsConnection.pageInfo.hasNextPage, true);
  });

  test("a savings account's 25 transactions newest first: 25..16, 15..6, 5..1", async () => {
    const pages = await allPages<{ id: number; amount: string }>(
      t, 'savingsTransactionsConnection',
      (after) => `{ savingsTransactionsConnection(savingsAccountId: ${account}, first: 10${arg(after)}) { edges { cursor node { id amount } } ${PAGE_INFO} } }`,
    );
    assert.deepEqual(pages.map((p) => p.totalCount), [25, 25, 25]);
    assert.deepEqual(pages.map((p) => p.pageInfo.hasNextPage), [true, true, false]);
    const amounts = pages.map((p) => p.edges.map((e) => Number(e.node.amount)));
    assert.deepEqual(amounts, [[25, 24, 23, 22, 21, 20, 19, 18, 17, 16], [15, 14, 13, 12, 11, 10, 9, 8, 7, 6], [5, 4, 3, 2, 1]]);
    const ids = pages.flatMap((p) => p.edges.map((e) => e.node.id));
    assert.equal(new Set(ids).size, 25);
  });

  test("the journal of the account: its 25 deposits are 50 lines, paged newest first, debits and credits each 325", async () => {
    const pages = await allPages<{ id: number; amount: string; entryType: { value: string } }>(
      t, 'journalEntriesConnection',
      (after) => `{ journalEntriesConnection(first: 10, entityType: "SAVINGS", entityId: ${account}${arg(after)}) { edges { cursor node { id amount entryType { value } } } ${PAGE_INFO} } }`,
    );
    assert.deepEqual(pages.map((p) => p.edges.length), [10, 10, 10, 10, 10]);
    assert.deepEqual(pages.map((p) => p.totalCount), [50, 50, 50, 50, 50]);
    assert.deepEqual(pages.map((p) => p.pageInfo.hasNextPage), [true, true, true, true, false]);
    const lines = pages.flatMap((p) => p.edges.map((e) => e.node));
    const ids = lines.map((l) => l.id);
    assert.equal(new Set(ids).size, 50);
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest (highest id) first');
    // 1 + 2 + ... + 25 = 325 on each side; the other tenant's 999 is not among them.
    const side = (value: string) => lines.filter((l) => l.entryType.value === value).reduce((sum, l) => sum + Number(l.amount), 0);
    assert.equal(side('DEBIT'), 325);
    assert.equal(side('CREDIT'), 325);
    // The offset list agrees on the total.
    const offset = await t.graphql(`{ journalEntries(limit: 1, entityType: "SAVINGS", entityId: ${account}) { totalFilteredRecords } }`);
    assert.equal(offset.body.data.journalEntries.totalFilteredRecords, 50, offset.text);
  });

  test('five savings accounts in pages of 2, and three loans in pages of 2, by id', async () => {
    const pages = await allPages<{ id: number }>(t, 'savingsAccountsConnection', (after) => `{ savingsAccountsConnection(first: 2${arg(after)}) { edges { cursor node { id } } ${PAGE_INFO} } }`);
    assert.deepEqual(pages.map((p) => p.edges.length), [2, 2, 1]);
    assert.deepEqual(pages.map((p) => p.totalCount), [5, 5, 5]);
    assert.deepEqual(pages.flatMap((p) => p.edges.map((e) => e.node.id)), accounts);
    const loanPages = await allPages<{ id: number }>(t, 'loansConnection', (after) => `{ loansConnection(first: 2${arg(after)}) { edges { cursor node { id } } ${PAGE_INFO} } }`);
    assert.deepEqual(loanPages.map((p) => p.pageInfo.hasNextPage), [true, false]);
    assert.deepEqual(loanPages.flatMap((p) => p.edges.map((e) => e.node.id)), loans);
    assert.equal(loanPages[0]!.totalCount, 3);
  });

  test("a loan's transactions oldest first in pages of 2: disbursement 1000 and repayment 100, then repayment 200", async () => {
    const pages = await allPages<{ amount: string; type: { value: string } }>(
      t, 'loanTransactionsConnection',
      (after) => `{ loanTransactionsConnection(loanId: ${disbursed}, first: 2${arg(after)}) { edges { cursor node { amount type { value } } } ${PAGE_INFO} } }`,
    );
    assert.deepEqual(pages.map((p) => p.edges.map((e) => [e.node.type.value, Number(e.node.amount)])), [[['Disbursement', 1000], ['Repayment', 100]], [['Repayment', 200]]]);
    assert.deepEqual(pages.map((p) => p.totalCount), [3, 3]);
    // Another tenant asking for this loan: not found.
    const theirs = await other.graphql(`{ loanTransactionsConnection(loanId: ${disbursed}) { totalCount } }`);
    assert.equal(theirs.body.data?.loanTransactionsConnection ?? null, null, theirs.text);
  });

  test('the audit trail in pages of 7 is the offset list, newest first, entry for entry', async () => {
    const offset = await t.graphql(`{ audits(limit: 200) { totalFilteredRecords pageItems { id } } }`);
    assert.equal(offset.body.errors, undefined, offset.text);
    const expected = offset.body.data.audits.pageItems.map((e: { id: number }) => e.id);
    assert.ok(expected.length > 60 && expected.length < 200, `${expected.length} entries`);
    const pages = await allPages<{ id: number }>(t, 'auditsConnection', (after) => `{ auditsConnection(first: 7${arg(after)}) { edges { cursor node { id } } ${PAGE_INFO} } }`, 40);
    assert.deepEqual(pages.flatMap((p) => p.edges.map((e) => e.node.id)), expected);
    assert.equal(pages[0]!.totalCount, offset.body.data.audits.totalFilteredRecords);
    assert.equal(pages.length, Math.ceil(expected.length / 7));
  });

  test('first above 200 or below 1, and a malformed or foreign cursor, are refused with a code', async () => {
    const tooMany = await t.graphql(`{ clientsConnection(first: 201) { totalCount } }`);
    assert.equal(code(tooMany), 'validation.msg.invalid.first', tooMany.text);
    assert.match(tooMany.body.errors![0].message, /from 1 to 200/);
    const none = await t.graphql(`{ journalEntriesConnection(first: 0) { totalCount } }`);
    assert.equal(code(none), 'validation.msg.invalid.first', none.text);
    assert.equal((await t.graphql(`{ clientsConnection(first: 200) { totalCount } }`)).body.errors, undefined);

    for (const after of ['not a cursor!', 'Zm9v', Buffer.from('clients:1:2').toString('base64url'), Buffer.from('clients:-1').toString('base64url'), 'x'.repeat(500)]) {
      const res = await t.graphql(`{ clientsConnection(after: ${JSON.stringify(after)}) { totalCount } }`);
      assert.equal(code(res), 'validation.msg.invalid.cursor', `${after}: ${res.text}`);
    }
    // A cursor of one list is not a cursor of another.
    const clients = await t.graphql(`{ clientsConnection(first: 1) { pageInfo { endCursor } } }`);
    const foreign = await t.graphql(`{ savingsTransactionsConnection(savingsAccountId: ${account}, after: ${JSON.stringify(clients.body.data.clientsConnection.pageInfo.endCursor)}) { totalCount } }`);
    assert.equal(code(foreign), 'validation.msg.invalid.cursor', foreign.text);
  });

  test("another tenant's rows never appear, and its account is not found", async () => {
    const mine = await allPages<{ id: number; displayName: string }>(other, 'clientsConnection', (after) => `{ clientsConnection(first: 2${arg(after)}) { edges { cursor node { id displayName } } ${PAGE_INFO} } }`);
    const names = mine.flatMap((p) => p.edges.map((e) => e.node.displayName));
    assert.deepEqual(names, ['Other Tenant0', 'Other Tenant1', 'Other Tenant2']);
    assert.equal(mine[0]!.totalCount, 3);
    const journal = await other.graphql(`{ journalEntriesConnection(first: 200) { edges { node { amount } } totalCount } }`);
    assert.deepEqual(journal.body.data.journalEntriesConnection.edges.map((e: { node: { amount: string } }) => Number(e.node.amount)), [999, 999], journal.text);
    // Our account's id, read from the other tenant: not found, or (should the ids coincide) its own account; never our deposits.
    const theirs = await other.graphql(`{ savingsTransactionsConnection(savingsAccountId: ${account}) { totalCount edges { node { amount } } } }`);
    const amounts = (theirs.body.data?.savingsTransactionsConnection?.edges ?? []).map((e: { node: { amount: string } }) => Number(e.node.amount));
    assert.ok(amounts.every((a: number) => a === 999), theirs.text);
    if (amounts.length === 0) assert.equal(code(theirs), 'error.msg.saving.account.id.invalid', theirs.text);
  });
});
