import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

/** Fields a command cannot run without, per the module's validator, and the REST resource that names them. */
const REQUIRED = [
  { input: 'CreateSavingsAccountInput', path: '/savingsaccounts', resource: 'savingsaccount', fields: ['clientId', 'productId', 'submittedOnDate'] },
  { input: 'AccountTransferInput', path: '/accounttransfers', resource: 'accounttransfer', fields: ['fromAccountId', 'toAccountId', 'transferAmount', 'transferDate'] },
  { input: 'CreateGLAccountInput', path: '/glaccounts', resource: 'glaccount', fields: ['name', 'glCode', 'type', 'usage', 'manualEntriesAllowed'] },
  { input: 'CreateOfficeInput', path: '/offices', resource: 'office', fields: ['name', 'parentId'] },
  { input: 'BusinessDateInput', path: '/businessdate', resource: 'businessdate', fields: ['type', 'date'] },
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
    for (const { input, fields } of REQUIRED) {
      const nonNull = types.find((type) => type.name === input)!.inputFields!.filter((f) => f.type.kind === 'NON_NULL').map((f) => f.name);
      assert.deepEqual(nonNull, fields, input);
    }
  });

  test('GraphQL refuses an input without them before any module runs', async () => {
    const res = await t.graphql(`mutation { createOffice(input: { openingDate: "2025-01-01" }) { id } }`);
    assert.equal(res.body.data, undefined, res.text);
    assert.match(String(res.body.errors?.[0]?.message), /name.*required|required.*name/is, res.text);
    const offices = await t.get('/offices');
    assert.equal(offices.body.length, 1, 'nothing was written');
  });

  test("REST answers Fineract's envelope with every missing field under the route's resource, and writes nothing", async () => {
    for (const { path, resource, fields } of REQUIRED) {
      const before = await t.get(path);
      const res = await t.post(path, {});
      assert.equal(res.status, 400, `${path}: ${res.text}`);
      assert.equal(res.body.httpStatusCode, '400');
      assert.equal(res.body.userMessageGlobalisationCode, 'validation.msg.validation.errors.exist');
      assert.deepEqual(
        (res.body.errors as { userMessageGlobalisationCode: string; parameterName: string }[]).map((e) => [e.userMessageGlobalisationCode, e.parameterName]),
        fields.map((field) => [`validation.msg.${resource}.${field}.cannot.be.blank`, field]),
        path,
      );
      assert.equal(JSON.stringify((await t.get(path)).body), JSON.stringify(before.body), `${path}: nothing written`);
    }
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
