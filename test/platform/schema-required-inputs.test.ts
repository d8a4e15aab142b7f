import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Fields a command cannot run without, per the module's validator, and the REST route whose body is that
 * input, with the resource that names them (`validation.msg.<resource>.<field>.cannot.be.blank`). `rest`:
 * the missing-field errors REST answers when it differs from the non-null fields (a field a GraphQL client may
 * give as an enum instead stays nullable, yet REST callers, who have no enum, are still told it is missing).
 * `list`: a GET that shows nothing was written. `anonymous`: a route for callers without credentials (staff
 * sessions may not call /self). No `path`: the SDL only (those self-service routes take a customer session).
 */
const REQUIRED: { input: string; path?: string; resource?: string; fields: string[]; rest?: string[]; list?: string; anonymous?: boolean }[] = [
  { input: 'CreateSavingsAccountInput', path: '/savingsaccounts', resource: 'savingsaccount', fields: ['clientId', 'productId', 'submittedOnDate'], list: '/savingsaccounts' },
  { input: 'AccountTransferInput', path: '/accounttransfers', resource: 'accounttransfer', fields: ['fromAccountId', 'toAccountId', 'transferAmount', 'transferDate'], list: '/accounttransfers' },
  { input: 'CreateGLAccountInput', path: '/glaccounts', resource: 'glaccount', fields: ['name', 'glCode', 'type', 'usage', 'manualEntriesAllowed'], list: '/glaccounts' },
  { input: 'CreateOfficeInput', path: '/offices', resource: 'office', fields: ['name', 'parentId'], list: '/offices' },
  { input: 'BusinessDateInput', path: '/businessdate', resource: 'businessdate', fields: ['type', 'date'], list: '/businessdate' },
  { input: 'CreateSavingsProductInput', path: '/savingsproducts', resource: 'savingsproduct', fields: ['name', 'shortName', 'currencyCode', 'digitsAfterDecimal'], list: '/savingsproducts' },
  { input: 'SavingsTransactionInput', path: '/savingsaccounts/1/transactions?command=deposit', resource: 'savingsaccount.transaction', fields: ['transactionDate', 'transactionAmount', 'paymentTypeId'] },
  { input: 'SavingsTransactionInput', path: '/savingsaccounts/1/transactions?command=withdrawal', resource: 'savingsaccount.transaction', fields: ['transactionDate', 'transactionAmount', 'paymentTypeId'] },
  { input: 'CreateSavingsReferenceInput', path: '/savingsaccounts/1/references', resource: 'savingsaccount.reference', fields: ['refereeName', 'refereePhone', 'relationship'] },
  { input: 'CreateJournalEntryInput', path: '/journalentries', resource: 'journalentry', fields: ['officeId', 'transactionDate', 'currencyCode', 'credits', 'debits'], list: '/journalentries' },
  { input: 'JournalLineInput', fields: ['glAccountId', 'amount'] },
  { input: 'CreateGLClosureInput', path: '/glclosures', resource: 'glclosure', fields: ['officeId', 'closingDate'], list: '/glclosures' },
  { input: 'LoanApplicationInput', path: '/loans', resource: 'loan', fields: ['clientId', 'productId', 'principal', 'expectedDisbursementDate'], list: '/loans' },
  { input: 'LoanScheduleInput', path: '/loans?command=calculateLoanSchedule', resource: 'loan', fields: ['productId', 'principal', 'expectedDisbursementDate'] },
  {
    input: 'CreateLoanProductInput', path: '/loanproducts', resource: 'loanproduct', list: '/loanproducts',
    fields: ['name', 'shortName', 'currencyCode', 'principal', 'numberOfRepayments', 'repaymentEvery', 'interestRatePerPeriod', 'interestRateFrequencyType', 'interestCalculationPeriodType', 'transactionProcessingStrategyCode'],
    rest: [
      'name', 'shortName', 'currencyCode', 'principal', 'numberOfRepayments', 'repaymentEvery', 'repaymentFrequencyType', 'interestRatePerPeriod', 'interestRateFrequencyType',
      'amortizationType', 'interestType', 'interestCalculationPeriodType', 'transactionProcessingStrategyCode',
    ],
  },
  { input: 'CreateApprovalPolicyInput', path: '/approval-policies', resource: 'approvalpolicy', fields: ['name', 'tiers'], list: '/approval-policies' },
  { input: 'CreateDelinquencyRangeInput', path: '/delinquency/ranges', resource: 'delinquencyRange', fields: ['classification', 'minimumAgeDays'], list: '/delinquency/ranges' },
  { input: 'CreateDelinquencyBucketInput', path: '/delinquency/buckets', resource: 'delinquencyBucket', fields: ['name', 'ranges'], list: '/delinquency/buckets' },
  { input: 'LoanRepaymentInput', path: '/loans/1/transactions?command=repayment', resource: 'loan.transaction', fields: ['transactionAmount'] },
  { input: 'CreateClientInput', path: '/clients', resource: 'client', fields: ['officeId', 'legalFormId'], list: '/clients' },
  { input: 'ClientStaffInput', path: '/clients/1?command=assignStaff', resource: 'client', fields: ['staffId'] },
  { input: 'CloseClientInput', path: '/clients/1?command=close', resource: 'client', fields: ['closureDate', 'closureReasonId'] },
  { input: 'RejectClientInput', path: '/clients/1?command=reject', resource: 'client', fields: ['rejectionDate', 'rejectionReasonId'] },
  { input: 'WithdrawClientInput', path: '/clients/1?command=withdraw', resource: 'client', fields: ['withdrawalDate', 'withdrawalReasonId'] },
  { input: 'ReactivateClientInput', path: '/clients/1?command=reactivate', resource: 'client', fields: ['reactivationDate'] },
  { input: 'ReopenClientInput', path: '/clients/1?command=undoRejection', resource: 'client', fields: ['reopenedDate'] },
  { input: 'ClientOfficialInput', path: '/clients/1/officials', resource: 'clientofficial', fields: ['officialType', 'name'] },
  { input: 'CreateStaffInput', path: '/staff', resource: 'staff', fields: ['officeId', 'firstname', 'lastname'], list: '/staff' },
  { input: 'CreateUserInput', path: '/users', resource: 'user', fields: ['username', 'firstname', 'lastname', 'officeId', 'roles', 'password'], list: '/users' },
  { input: 'ApiKeyInput', path: '/users/1/apikeys', resource: 'apikey', fields: ['name'], list: '/users/1/apikeys' },
  { input: 'CreateCodeInput', path: '/codes', resource: 'code', fields: ['name'], list: '/codes' },
  { input: 'CreateCodeValueInput', path: '/codes/1/codevalues', resource: 'code.value', fields: ['name'], list: '/codes/1/codevalues' },
  { input: 'CreateHookInput', path: '/hooks', resource: 'hook', fields: ['name'], list: '/hooks' },
  { input: 'CreateTellerInput', path: '/tellers', resource: 'teller', fields: ['officeId', 'name', 'startDate', 'status'], list: '/tellers' },
  { input: 'CreateCashierInput', path: '/tellers/1/cashiers', resource: 'cashier', fields: ['staffId', 'startDate', 'endDate', 'isFullDay'] },
  { input: 'CashTransactionInput', path: '/tellers/1/cashiers/1/allocate', resource: 'cashiertxn', fields: ['txnAmount', 'txnDate', 'currencyCode'] },
  { input: 'CashTransactionInput', path: '/tellers/1/cashiers/1/settle', resource: 'cashiertxn', fields: ['txnAmount', 'txnDate', 'currencyCode'] },
  { input: 'SettleCashierInput', path: '/cashiers/1/settle', resource: 'cashier', fields: ['endDate'] },
  { input: 'LoanOfferInput', path: '/clients/1/loanoffers', resource: 'loanoffer', fields: ['productId', 'maxPrincipal', 'expiresOn'] },
  { input: 'SelfRegistrationInput', fields: ['firstname', 'lastname', 'email', 'mobileNo', 'bvn', 'password'] },
  // REST's POST /self/registration takes either flow's body: without `bvn`, it is Fineract's two-step request (issue 42).
  {
    input: 'SelfRegistrationAnyInput', path: '/self/registration', anonymous: true, resource: 'self.registration', fields: [],
    rest: ['username', 'firstName', 'lastName', 'accountNumber', 'email', 'mobileNumber', 'password', 'authenticationMode'],
  },
  { input: 'SelfLoanApplicationInput', fields: ['clientId', 'productId', 'principal'] },
  { input: 'BeneficiaryInput', fields: ['name', 'officeName', 'accountNumber', 'accountType'] },
];

/** Update inputs split from their create input: every field optional, so a change names only what changes. */
const ALL_OPTIONAL = [
  'UpdateSavingsProductInput', 'UpdateSavingsReferenceInput', 'UpdateGLClosureInput', 'UpdateLoanApplicationInput', 'UpdateLoanProductInput', 'UpdateStaffInput',
  'UpdateUserInput', 'UpdateCodeInput', 'UpdateCodeValueInput', 'UpdateHookInput', 'UpdateTellerInput', 'UpdateCashierInput', 'UpdateApprovalPolicyInput',
  'UpdateDelinquencyRangeInput', 'UpdateDelinquencyBucketInput',
];

describe('required input fields are non-null in the schema, and REST still names each missing one', () => {
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('the SDL marks exactly the required fields non-null', async () => {
    const res = await t.graphql(`{ __schema { types { name inputFields { name type { kind } } } } }`);
    assert.equal(res.body.errors, undefined, res.text);
    const types = res.body.data.__schema.types as { name: string; inputFields: { name: string; type: { kind: string } }[] | null }[];
    const nonNull = (input: string) => types.find((type) => type.name === input)!.inputFields!.filter((f) => f.type.kind === 'NON_NULL').map((f) => f.name);
    for (const { input, fields } of REQUIRED) assert.deepEqual(nonNull(input), fields, input);
    for (const input of ALL_OPTIONAL) assert.deepEqual(nonNull(input), [], input);
  });

  test('an update names only what changes: a staff member renamed without the fields a new one needs', async () => {
    const created = await t.graphql(`mutation { createStaff(input: { officeId: 1, firstname: "Ngozi", lastname: "Eze" }) { id } }`);
    assert.equal(created.body.errors, undefined, created.text);
    const renamed = await t.graphql(`mutation ($id: Int!) { updateStaff(id: $id, input: { lastname: "Okafor" }) { staff { firstname lastname } } }`, { id: created.body.data.createStaff.id });
    assert.equal(renamed.body.errors, undefined, renamed.text);
    assert.deepEqual(renamed.body.data.updateStaff.staff, { firstname: 'Ngozi', lastname: 'Okafor' });
  });

  test('GraphQL refuses an input without them before any module runs', async () => {
    const res = await t.graphql(`mutation { createOffice(input: { openingDate: "2025-01-01" }) { id } }`);
    assert.equal(res.body.data, undefined, res.text);
    assert.match(String(res.body.errors?.[0]?.message), /name.*required|required.*name/is, res.text);
    const offices = await t.get('/offices');
    assert.equal(offices.body.length, 1, 'nothing was written');
  });

  test("REST answers Fineract's envelope with every missing field under the route's resource, and writes nothing", async () => {
    for (const { path, resource, fields, rest, list, anonymous } of REQUIRED) {
      if (!path) continue;
      const before = list ? await t.get(list) : undefined;
      const res = await t.post(path, {}, anonymous ? { auth: null } : {});
      assert.equal(res.status, 400, `${path}: ${res.text}`);
      assert.equal(res.body.httpStatusCode, '400');
      assert.equal(res.body.userMessageGlobalisationCode, 'validation.msg.validation.errors.exist');
      assert.deepEqual(
        (res.body.errors as { userMessageGlobalisationCode: string; parameterName: string }[]).map((e) => [e.userMessageGlobalisationCode, e.parameterName]),
        (rest ?? fields).map((field) => [`validation.msg.${resource}.${field}.cannot.be.blank`, field]),
        path,
      );
      if (list) assert.equal(JSON.stringify((await t.get(list)).body), JSON.stringify(before!.body), `${path}: nothing written`);
    }
  });

  test('a loan product body with the non-null fields still hears of the frequency, amortization and interest type it lacks', async () => {
    const body = {
      name: 'No terms', shortName: 'NT', currencyCode: 'NGN', principal: 1000, numberOfRepayments: 6, repaymentEvery: 1, interestRatePerPeriod: 2,
      interestRateFrequencyType: 2, interestCalculationPeriodType: 1, transactionProcessingStrategyCode: 'mifos-standard-strategy', locale: 'en',
    };
    const res = await t.post('/loanproducts', body);
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(
      (res.body.errors as { userMessageGlobalisationCode: string }[]).map((e) => e.userMessageGlobalisationCode),
      ['repaymentFrequencyType', 'amortizationType', 'interestType'].map((field) => `validation.msg.loanproduct.${field}.cannot.be.blank`),
    );
  });

  test('a journal line without its account or amount is named by its place in the list', async () => {
    const res = await t.post('/journalentries', {
      officeId: 1, transactionDate: '2025-01-01', currencyCode: 'NGN', credits: [{ amount: 10 }], debits: [{ glAccountId: 1 }], dateFormat: 'yyyy-MM-dd', locale: 'en',
    });
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(
      (res.body.errors as { userMessageGlobalisationCode: string }[]).map((e) => e.userMessageGlobalisationCode),
      ['validation.msg.journalentry.credits[0].glAccountId.cannot.be.blank', 'validation.msg.journalentry.debits[0].amount.cannot.be.blank'],
    );
  });

  test('a field sent as null is missing too, beside the ones not sent', async () => {
    const res = await t.post('/offices', { name: null, openingDate: '01 January 2025', dateFormat: 'dd MMMM yyyy', locale: 'en' });
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(
      (res.body.errors as { userMessageGlobalisationCode: string }[]).map((e) => e.userMessageGlobalisationCode),
      ['validation.msg.office.name.cannot.be.blank', 'validation.msg.office.parentId.cannot.be.blank'],
    );
  });
});
