import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { FineractClient } from './fineract-client.js';

/** The Mifos X console's chart-of-accounts screens: the bodies its create and edit forms send, and what its view reads. */
describe('Fineract compat: GL account tags (codes AssetAccountTags... by account type)', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
  });
  after(async () => service.stop());

  /** Adds a value to one of the tag lists, as an institution does under System > Codes. */
  async function addTag(codeName: string, name: string): Promise<number> {
    const codes = (await api.get('/codes')).body as { id: number; name: string }[];
    const code = codes.find((c) => c.name === codeName);
    assert.ok(code, `a fresh tenant has the code ${codeName}`);
    const created = await api.post(`/codes/${code.id}/codevalues`, { name, isActive: true });
    assert.equal(created.status, 200, created.text);
    return created.body.subResourceId;
  }

  test("the console's create form (tagId '' for none), a tag of the account's type, and the view's tagId object", async () => {
    const empty = await api.get('/glaccounts/template');
    assert.deepEqual(empty.body.allowedAssetsTagOptions, []);
    const cash = await addTag('AssetAccountTags', 'Cash in vault');
    await addTag('IncomeAccountTags', 'Fee income');
    const template = await api.get('/glaccounts/template');
    assert.deepEqual(template.body.allowedAssetsTagOptions.map((o: { id: number; name: string }) => ({ id: o.id, name: o.name })), [{ id: cash, name: 'Cash in vault' }]);
    assert.deepEqual(template.body.allowedIncomeTagOptions.map((o: { name: string }) => o.name), ['Fee income']);
    assert.deepEqual(template.body.allowedLiabilitiesTagOptions, []);

    // What create-gl-account.component sends when no tag is chosen.
    const plain = await api.post('/glaccounts', { name: 'Petty cash', usage: 1, glCode: '19901', tagId: '', manualEntriesAllowed: true, description: '', type: 1 });
    assert.equal(plain.status, 200, plain.text);
    const plainView = await api.get(`/glaccounts/${plain.body.resourceId}`);
    assert.deepEqual(plainView.body.tagId, { id: 0 }, 'no tag reads as {id: 0}, as Fineract answers');

    const tagged = await api.post('/glaccounts', { name: 'Vault cash', usage: 1, glCode: '19902', tagId: cash, manualEntriesAllowed: true, description: 'Main vault', type: 1 });
    assert.equal(tagged.status, 200, tagged.text);
    assert.deepEqual((await api.get(`/glaccounts/${tagged.body.resourceId}`)).body.tagId, { id: cash, name: 'Cash in vault' });
    const listed = ((await api.get('/glaccounts?type=1')).body as { id: number; tagId: { id: number } }[]).find((a) => a.id === tagged.body.resourceId);
    assert.equal(listed?.tagId.id, cash);

    // An asset tag on an income account, or a value of another code: refused, nothing written.
    assertError(await api.post('/glaccounts', { name: 'Odd income', usage: 1, glCode: '49901', tagId: cash, manualEntriesAllowed: true, type: 4 }), 400, 'validation.msg.glaccount.tagId.invalid');
    const gender = ((await api.get('/codes')).body as { id: number; name: string }[]).find((c) => c.name === 'Gender')!;
    const male = ((await api.get(`/codes/${gender.id}/codevalues`)).body as { id: number }[])[0]!.id;
    assertError(await api.post('/glaccounts', { name: 'Odd asset', usage: 1, glCode: '19903', tagId: male, manualEntriesAllowed: true, type: 1 }), 400, 'validation.msg.glaccount.tagId.invalid');
    assert.equal(((await api.get('/glaccounts')).body as { glCode: string }[]).filter((a) => ['49901', '19903'].includes(a.glCode)).length, 0);

    // The edit form sends the tag back; clearing it ('' from the form) removes it.
    const edit = await api.put(`/glaccounts/${plain.body.resourceId}`, { name: 'Petty cash', glCode: '19901', tagId: cash, manualEntriesAllowed: true, usage: 1, type: 1, description: '' });
    assert.equal(edit.status, 200, edit.text);
    assert.equal(edit.body.changes.tagId, cash);
    const cleared = await api.put(`/glaccounts/${plain.body.resourceId}`, { tagId: '' });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual((await api.get(`/glaccounts/${plain.body.resourceId}`)).body.tagId, { id: 0 });
  });
});
