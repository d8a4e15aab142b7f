import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';

const DATES = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
const TUESDAY = 2;

/** Centers' and groups' collection meetings (Fineract's /calendars) over HTTPS on PostgreSQL. */
describe('meetings', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let center: number;
  let inCenter: number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    // Saturday 1 March 2025: the next meetings are counted from it.
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-03-01', ...DATES })).status, 200);
    branch = await t.branch();
    center = (await t.post('/centers', { officeId: branch, name: 'Tuesday Center', active: true, activationDate: '2025-01-07', ...DATES })).body.resourceId;
    inCenter = (await t.post('/groups', { officeId: branch, name: 'Tuesday A', centerId: center, active: true, activationDate: '2025-01-07', ...DATES })).body.resourceId;
    // Tuesday 11 March is a holiday; its repayments go to Wednesday 12 March.
    const holiday = await t.post('/holidays', { name: 'Branch day', fromDate: '2025-03-11', toDate: '2025-03-11', repaymentsRescheduledTo: '2025-03-12', offices: [{ officeId: branch }], ...DATES });
    assert.equal(holiday.status, 200, holiday.text);
    assert.equal((await t.post(`/holidays/${holiday.body.resourceId}?command=activate`)).status, 200);
  });
  after(async () => service.stop());

  test('a weekly Tuesday meeting: its rule and next ten dates, the holiday moved; the center\'s groups follow it', async () => {
    const created = await t.post(`/centers/${center}/calendars`, {
      title: 'Weekly collection', typeId: 1, startDate: '2025-01-07', repeating: true, frequency: 2, interval: 1, repeatsOnDay: TUESDAY, location: 'Market hall', ...DATES,
    });
    assert.equal(created.status, 200, created.text);
    const calendarId = created.body.resourceId as number;
    const list = await t.get(`/centers/${center}/calendars`);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.length, 1);
    const meeting = list.body[0];
    assert.equal(meeting.id, calendarId);
    assert.equal(meeting.entityId, center);
    assert.deepEqual(meeting.entityType, { id: 4, code: 'calendarEntityType.centers', value: 'CENTERS' });
    assert.deepEqual(meeting.type, { id: 1, code: 'calendarType.collection', value: 'COLLECTION' });
    assert.equal(meeting.recurrence, 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU');
    assert.deepEqual(meeting.frequency, { id: 2, code: 'calendarFrequencyType.weekly', value: 'Weekly' });
    assert.deepEqual(meeting.repeatsOnDay, { id: 2, code: 'calendarWeekDaysType.tu', value: 'TU' });
    assert.deepEqual(meeting.startDate, [2025, 1, 7]);
    // Tuesdays from 1 March 2025; 11 March is the holiday, its meeting is on the 12th.
    assert.deepEqual(meeting.nextTenRecurringDates, [
      [2025, 3, 4], [2025, 3, 12], [2025, 3, 18], [2025, 3, 25], [2025, 4, 1], [2025, 4, 8], [2025, 4, 15], [2025, 4, 22], [2025, 4, 29], [2025, 5, 6],
    ]);
    assert.deepEqual((await t.get(`/centers/${center}/calendars/${calendarId}`)).body.id, calendarId);

    // A group in the center meets with it, and has no meeting of its own.
    const followed = await t.get(`/groups/${inCenter}/calendars`);
    assert.equal(followed.status, 200, followed.text);
    assert.equal(followed.body[0].id, calendarId);
    assert.equal(followed.body[0].entityId, center);
    assertError(await t.post(`/groups/${inCenter}/calendars`, { title: 'Own', typeId: 1, startDate: '2025-01-07', repeating: true, frequency: 2, ...DATES }), 403, 'error.msg.calendar.group.in.center');
    assertError(await t.post(`/centers/${center}/calendars`, { title: 'Second', typeId: 1, startDate: '2025-01-07', repeating: false, ...DATES }), 403, 'error.msg.calendar.duplicate.collection.calendar');

    // Every other Thursday from 6 March instead: 6 and 20 March, 3 April...
    const moved = await t.put(`/centers/${center}/calendars/${calendarId}`, { repeatsOnDay: 4, interval: 2, startDate: '2025-03-01', ...DATES });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(moved.body.changes, { startDate: '2025-03-01', interval: 2, repeatsOnDay: 4, locale: 'en', dateFormat: 'yyyy-MM-dd' });
    const after = (await t.get(`/centers/${center}/calendars`)).body[0];
    assert.equal(after.recurrence, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH');
    assert.deepEqual(after.nextTenRecurringDates.slice(0, 3), [[2025, 3, 6], [2025, 3, 20], [2025, 4, 3]]);
  });

  test('GraphQL: a center with its groups and its meeting in one query', async () => {
    const res = await t.graphql(`query ($id: Int!) { center(id: $id, associations: ["groupMembers"]) { name groupLevel groupMembers { name calendars { entityId } } calendars { title recurrence } } }`, { id: center });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.errors, undefined, res.text);
    const got = res.body.data.center;
    assert.equal(got.name, 'Tuesday Center');
    assert.equal(got.groupLevel, '1');
    assert.deepEqual(got.groupMembers, [{ name: 'Tuesday A', calendars: [{ entityId: center }] }]);
    assert.equal(got.calendars[0].title, 'Weekly collection');
  });

  test('a group outside a center has its own meeting, and cannot join a center with it', async () => {
    const alone = (await t.post('/groups', { officeId: branch, name: 'Alone', active: true, activationDate: '2025-01-07', ...DATES })).body.resourceId;
    const monthly = await t.post(`/groups/${alone}/calendars`, { title: 'Monthly', typeId: 1, startDate: '2025-01-31', repeating: true, frequency: 3, interval: 1, ...DATES });
    assert.equal(monthly.status, 200, monthly.text);
    const meeting = (await t.get(`/groups/${alone}/calendars`)).body[0];
    assert.deepEqual(meeting.entityType, { id: 2, code: 'calendarEntityType.groups', value: 'GROUPS' });
    assert.equal(meeting.recurrence, 'FREQ=MONTHLY;INTERVAL=1');
    // The 31st, kept to each month's last day.
    assert.deepEqual(meeting.nextTenRecurringDates.slice(0, 3), [[2025, 3, 31], [2025, 4, 30], [2025, 5, 31]]);
    assertError(await t.post(`/centers/${center}?command=associateGroups`, { groupMembers: [alone] }), 403, 'error.msg.center.associating.group.not.allowed.with.meeting.attached.to.group');
  });

  test('bad meetings are refused with Fineract\'s codes; another tenant\'s are not found', async () => {
    const other = (await t.post('/centers', { officeId: branch, name: 'Other Center', active: true, activationDate: '2025-01-07', ...DATES })).body.resourceId;
    const bad = await t.post(`/centers/${other}/calendars`, { typeId: 1, repeating: true, frequency: 9, startDate: '2025-01-07', ...DATES });
    assertError(bad, 400, 'validation.msg.calendar.title.cannot.be.blank');
    const early = await t.post(`/centers/${other}/calendars`, { title: 'Early', typeId: 1, repeating: true, frequency: 9, startDate: '2024-12-31', ...DATES });
    assertError(early, 400, 'validation.msg.calendar.frequency.is.not.one.of.expected.enumerations');
    assertError(early, 400, 'validation.msg.calendar.startDate.before.activation.date');
    const stranger = await service.tenant();
    assertError(await stranger.get(`/centers/${center}/calendars`), 404, 'error.msg.center.id.invalid');
    assertError(await stranger.post(`/centers/${other}/calendars`, { title: 'Mine', typeId: 1, startDate: '2025-01-07', repeating: false, ...DATES }), 404, 'error.msg.center.id.invalid');
    assert.deepEqual((await t.get(`/centers/${other}/calendars`)).body, []);
  });
});
