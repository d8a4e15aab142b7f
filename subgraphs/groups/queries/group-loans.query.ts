import type { GroupMeetings, MeetingSchedule } from '../../loan/contract.js';
import type { Tx } from '../../kernel/tx.js';
import { errors } from '../../kernel/errors.js';
import type { StaffIdentity } from '../../kernel/identity.js';
import { CALENDAR_CODES, GROUPS_CODES } from '../codes.js';
import { visibleGrouping } from '../commands/grouping-checks.js';
import { calendarNotFound } from '../commands/meeting.command.js';
import { LEVEL, STATUS } from '../domain/grouping.js';
import type { GroupsDependencies } from '../ports.js';
import * as groupings from '../store/grouping.store.js';
import type { MeetingQueries } from './meeting.query.js';

/** What the loan module asks of groups for JLG loans (registered with it: loan cannot depend on groups). */
export class GroupLoanMeetings implements GroupMeetings {
  constructor(
    private readonly deps: GroupsDependencies,
    private readonly meetings: MeetingQueries,
  ) {}

  async memberGroup(tx: Tx, staff: StaffIdentity, groupId: number, clientId: number): Promise<{ officeId: number; calendarId: number | null }> {
    const { row } = await visibleGrouping(tx, this.deps, staff, LEVEL.group, groupId);
    if (row.status !== STATUS.active) throw errors.domainRule(GROUPS_CODES.notActive, `Group with identifier ${groupId} is not active.`, [groupId], 'groupId');
    if (!(await groupings.memberIds(tx, groupId)).includes(clientId)) {
      throw errors.domainRule(GROUPS_CODES.clientNotMember, `Client with identifier ${clientId} is not a member of group ${groupId}.`, [clientId, groupId], 'clientId');
    }
    return { officeId: row.officeId, calendarId: (await this.meetings.meetingOf(tx, row))?.calendar.id ?? null };
  }

  async meetingDates(tx: Tx, groupId: number, calendarId: number, from: string, count: number): Promise<MeetingSchedule> {
    const group = await groupings.findGrouping(tx, LEVEL.group, groupId);
    const found = group && (await this.meetings.meetingOf(tx, group));
    if (!found || found.calendar.id !== calendarId) throw calendarNotFound(calendarId);
    const { owner, calendar } = found;
    if (!calendar.repeating || calendar.frequency === null) {
      throw errors.domainRule(CALENDAR_CODES.notRepeating, `Calendar with identifier ${calendarId} does not repeat.`, [calendarId], 'calendarId');
    }
    return { calendarId, frequency: calendar.frequency, interval: calendar.interval ?? 1, dates: await this.meetings.datesOf(tx, owner, calendar, from, count) };
  }
}
