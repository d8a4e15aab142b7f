import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  adjustDueDate, adjustDueDates, HOLIDAY_TO_NEXT_REPAYMENT_DATE, HOLIDAY_TO_SPECIFIC_DATE, RESCHEDULE_NEXT_REPAYMENT_MEETING_DAY, RESCHEDULE_NEXT_WORKING_DAY,
  RESCHEDULE_PREVIOUS_WORKING_DAY, RESCHEDULE_SAME_DAY, workingWeekdays, type Calendar,
} from '../../subgraphs/cob/domain/calendar.js';

// 2025-03-01 is a Saturday, 2025-03-02 a Sunday, 2025-03-03 a Monday; 2025-02-28 a Friday.
const weekdays = workingWeekdays('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR')!;
const calendar = (repaymentRescheduleType: number, holidays: Calendar['holidays'] = []): Calendar => ({ workingDays: weekdays, repaymentRescheduleType, holidays });

describe('cob calendar: working days and holidays move due dates', () => {
  test('an RRULE names the working days; anything else is refused', () => {
    assert.deepEqual([...weekdays].sort(), [1, 2, 3, 4, 5]);
    assert.deepEqual([...workingWeekdays('BYDAY=SU,SA;FREQ=WEEKLY')!].sort(), [0, 6]);
    for (const bad of ['', 'FREQ=DAILY;BYDAY=MO', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'FREQ=WEEKLY;BYDAY=XX', 'FREQ=WEEKLY', 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', 'FREQ=WEEKLY;FREQ=WEEKLY;BYDAY=MO']) {
      assert.equal(workingWeekdays(bad), null, bad);
    }
  });

  test('a Saturday instalment by each repayment reschedule type', () => {
    assert.equal(adjustDueDate(calendar(RESCHEDULE_SAME_DAY), '2025-03-01', '2025-04-01'), '2025-03-01');
    assert.equal(adjustDueDate(calendar(RESCHEDULE_NEXT_WORKING_DAY), '2025-03-01', '2025-04-01'), '2025-03-03');
    assert.equal(adjustDueDate(calendar(RESCHEDULE_NEXT_REPAYMENT_MEETING_DAY), '2025-03-01', '2025-04-01'), '2025-04-01');
    assert.equal(adjustDueDate(calendar(RESCHEDULE_PREVIOUS_WORKING_DAY), '2025-03-01', '2025-04-01'), '2025-02-28');
    // A working day stays.
    assert.equal(adjustDueDate(calendar(RESCHEDULE_NEXT_WORKING_DAY), '2025-03-04', null), '2025-03-04');
  });

  test('a holiday moves a due date to its named date, or to the next repayment date', () => {
    const specific = { fromDate: '2025-04-01', toDate: '2025-04-02', reschedulingType: HOLIDAY_TO_SPECIFIC_DATE, repaymentsRescheduledTo: '2025-04-04' };
    assert.equal(adjustDueDate(calendar(RESCHEDULE_NEXT_WORKING_DAY, [specific]), '2025-04-01', '2025-05-01'), '2025-04-04');
    const next = { fromDate: '2025-04-01', toDate: '2025-04-02', reschedulingType: HOLIDAY_TO_NEXT_REPAYMENT_DATE, repaymentsRescheduledTo: null };
    assert.equal(adjustDueDate(calendar(RESCHEDULE_NEXT_WORKING_DAY, [next]), '2025-04-01', '2025-05-01'), '2025-05-01');
    // The last instalment has no next one: the first day after the holiday (a Thursday).
    assert.equal(adjustDueDate(calendar(RESCHEDULE_NEXT_WORKING_DAY, [next]), '2025-04-01', null), '2025-04-03');
    // Ending on a Friday: the day after is a Saturday, so on to Monday.
    const easter = { fromDate: '2025-04-18', toDate: '2025-04-18', reschedulingType: HOLIDAY_TO_NEXT_REPAYMENT_DATE, repaymentsRescheduledTo: null };
    assert.equal(adjustDueDate(calendar(RESCHEDULE_NEXT_WORKING_DAY, [easter]), '2025-04-18', null), '2025-04-21');
  });

  test('the next working day may be a holiday: the date keeps moving', () => {
    const monday = { fromDate: '2025-03-03', toDate: '2025-03-03', reschedulingType: HOLIDAY_TO_NEXT_REPAYMENT_DATE, repaymentsRescheduledTo: null };
    assert.equal(adjustDueDate(calendar(RESCHEDULE_NEXT_WORKING_DAY, [monday]), '2025-03-01', null), '2025-03-04');
  });

  test('a schedule: each instalment looks at the next one\'s unmoved date', () => {
    const next = { fromDate: '2025-02-01', toDate: '2025-02-01', reschedulingType: HOLIDAY_TO_NEXT_REPAYMENT_DATE, repaymentsRescheduledTo: null };
    // 2025-02-01 is a Saturday in a holiday (next repayment date: 2025-03-01, itself a Saturday, so Monday 3 March).
    assert.deepEqual(adjustDueDates(calendar(RESCHEDULE_NEXT_WORKING_DAY, [next]), ['2025-02-01', '2025-03-01', '2025-04-01']), ['2025-03-03', '2025-03-03', '2025-04-01']);
  });
});
