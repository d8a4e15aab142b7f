import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { staffOfficeAllowed } from '../../subgraphs/groups/domain/grouping.js';
import { FREQUENCY, meetingDates, rrule, weekDayOf, type Recurrence } from '../../subgraphs/groups/domain/recurrence.js';

const weekly = (extra: Partial<Recurrence> = {}): Recurrence => ({ startDate: '2025-01-01', endDate: null, repeating: true, frequency: FREQUENCY.weekly, interval: 1, repeatsOnDay: 2, ...extra });

describe('groups: meeting dates', () => {
  test('weekly on Tuesday from a Wednesday start: the first Tuesday after it, then every week', () => {
    // 1 January 2025 is a Wednesday; the first Tuesday on or after it is 7 January.
    assert.equal(weekDayOf('2025-01-01'), 3);
    assert.deepEqual(meetingDates(weekly(), '2025-01-01', 3), ['2025-01-07', '2025-01-14', '2025-01-21']);
    assert.equal(rrule(weekly()), 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU');
  });

  test('from a later date, every other week, up to the end date', () => {
    // Tuesdays 7 Jan, 21 Jan, 4 Feb, 18 Feb, 4 Mar; from 1 Feb, until 1 Mar.
    assert.deepEqual(meetingDates(weekly({ interval: 2, endDate: '2025-03-01' }), '2025-02-01', 10), ['2025-02-04', '2025-02-18']);
  });

  test('monthly on the 31st keeps to each month\'s last day; daily every third day; once', () => {
    const monthly: Recurrence = { startDate: '2025-01-31', endDate: null, repeating: true, frequency: FREQUENCY.monthly, interval: 1, repeatsOnDay: null };
    assert.deepEqual(meetingDates(monthly, '2025-01-01', 4), ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
    const daily: Recurrence = { startDate: '2025-01-30', endDate: null, repeating: true, frequency: FREQUENCY.daily, interval: 3, repeatsOnDay: null };
    assert.deepEqual(meetingDates(daily, '2025-01-30', 3), ['2025-01-30', '2025-02-02', '2025-02-05']);
    const once: Recurrence = { startDate: '2025-01-30', endDate: null, repeating: false, frequency: null, interval: null, repeatsOnDay: null };
    assert.deepEqual(meetingDates(once, '2025-01-01', 10), ['2025-01-30']);
    assert.deepEqual(meetingDates(once, '2025-02-01', 10), []);
    assert.equal(rrule(once), null);
  });

  test('a loan officer sits at the grouping\'s office or above it', () => {
    assert.equal(staffOfficeAllowed(1, '.2.5.'), true);
    assert.equal(staffOfficeAllowed(2, '.2.5.'), true);
    assert.equal(staffOfficeAllowed(5, '.2.5.'), true);
    assert.equal(staffOfficeAllowed(3, '.2.5.'), false);
  });
});
