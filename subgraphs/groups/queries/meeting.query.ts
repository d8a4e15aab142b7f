import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { visibleGrouping } from '../commands/grouping-checks.js';
import { calendarNotFound } from '../commands/meeting.command.js';
import { LEVEL, type Level } from '../domain/grouping.js';
import { frequencyOption, meetingDates, rrule, weekDayOf, weekDayOption } from '../domain/recurrence.js';
import type { GroupsDependencies } from '../ports.js';
import * as calendars from '../store/calendar.store.js';
import * as groupings from '../store/grouping.store.js';

type Option = { id: number; code: string; value: string };

/** A meeting as GET .../calendars answers it (Fineract's CalendarData). */
export interface MeetingView {
  id: number;
  /** The center or group whose meeting it is (a group in a center answers its center's). */
  entityId: number;
  entityType: Option;
  title: string;
  description: string | null;
  location: string | null;
  startDate: string;
  endDate: string | null;
  type: Option;
  repeating: boolean;
  recurrence: string | null;
  frequency: Option | null;
  interval: number | null;
  repeatsOnDay: Option | null;
  /** The next ten meetings from the business date, moved by the tenant's working days and the office's holidays. */
  nextTenRecurringDates: string[];
}

const ENTITY_TYPE: Record<Level, Option> = {
  [LEVEL.center]: { id: 4, code: 'calendarEntityType.centers', value: 'CENTERS' },
  [LEVEL.group]: { id: 2, code: 'calendarEntityType.groups', value: 'GROUPS' },
};
const COLLECTION: Option = { id: 1, code: 'calendarType.collection', value: 'COLLECTION' };

/** Reading meetings, and the dates a group meets on (its own meeting, or its center's). */
export class MeetingQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: GroupsDependencies,
  ) {}

  async list(identity: Identity, level: Level, groupingId: number): Promise<MeetingView[]> {
    const staff = requireStaff(identity, 'READ_CALENDAR');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { row } = await visibleGrouping(tx, this.deps, staff, level, groupingId);
      const found = await this.meetingOf(tx, row);
      return found ? [await this.view(tx, found.owner, found.calendar)] : [];
    });
  }

  async get(identity: Identity, level: Level, groupingId: number, calendarId: number): Promise<MeetingView> {
    const staff = requireStaff(identity, 'READ_CALENDAR');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { row } = await visibleGrouping(tx, this.deps, staff, level, groupingId);
      const found = await this.meetingOf(tx, row);
      if (!found || found.calendar.id !== calendarId) throw calendarNotFound(calendarId);
      return this.view(tx, found.owner, found.calendar);
    });
  }

  /** The meeting a center or group follows: its own, or (a group in a center) its center's. */
  async meetingOf(tx: Tx, row: groupings.GroupingRow): Promise<{ owner: groupings.GroupingRow; calendar: calendars.CalendarRow } | null> {
    const owner = row.parentId === null ? row : await groupings.findGrouping(tx, LEVEL.center, row.parentId);
    if (!owner) return null;
    const calendar = await calendars.calendarOf(tx, owner.id);
    return calendar && { owner, calendar };
  }

  /** Meeting dates on or after `from` (at most `count`, none after `until`), moved by working days and holidays. */
  async datesOf(tx: Tx, owner: groupings.GroupingRow, calendar: calendars.CalendarRow, from: string, count: number, until: string | null = null): Promise<string[]> {
    return this.deps.adjustDueDates(tx, owner.officeId, meetingDates(calendar, from, count, until));
  }

  private async view(tx: Tx, owner: groupings.GroupingRow, c: calendars.CalendarRow): Promise<MeetingView> {
    const today = await this.deps.businessDates.today(tx);
    return {
      id: c.id, entityId: owner.id, entityType: ENTITY_TYPE[owner.level as Level], title: c.title, description: c.description, location: c.location,
      startDate: c.startDate, endDate: c.endDate, type: COLLECTION, repeating: c.repeating, recurrence: rrule(c),
      frequency: c.frequency === null ? null : frequencyOption(c.frequency), interval: c.interval,
      repeatsOnDay: c.repeating && c.frequency === 2 ? weekDayOption(c.repeatsOnDay ?? weekDayOf(c.startDate)) : null,
      nextTenRecurringDates: await this.datesOf(tx, owner, c, today, 10),
    };
  }
}
