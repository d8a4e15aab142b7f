import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { nextValue } from '../../kernel/sequence.js';
import { CALENDAR_CODES } from '../codes.js';
import { LEVEL, type Level } from '../domain/grouping.js';
import { FREQUENCY, weekDayOf } from '../domain/recurrence.js';
import type { GroupsDependencies } from '../ports.js';
import * as calendars from '../store/calendar.store.js';
import type { GroupingRow } from '../store/grouping.store.js';
import { visibleGrouping } from './grouping-checks.js';

/** POST and PUT /centers/{id}/calendars, /groups/{id}/calendars: Fineract's calendar fields (any subset on update). */
export interface MeetingInput {
  title?: string | null;
  description?: string | null;
  location?: string | null;
  /** 1 collection: the only kind a center or group meeting is. */
  typeId?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  repeating?: boolean | null;
  /** 1 daily, 2 weekly, 3 monthly, 4 yearly. */
  frequency?: number | null;
  interval?: number | null;
  /** Weekly meetings: 1 Monday ... 7 Sunday (default: the start date's weekday). */
  repeatsOnDay?: number | null;
}

export const calendarNotFound = (id: number) => errors.notFound(CALENDAR_CODES.notFound, `Calendar with identifier ${id} does not exist`, id);

/** A center's or group's collection meeting: set up once, then changed. The only writer of groups.calendar. */
export class MeetingCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: GroupsDependencies,
  ) {}

  async create(identity: Identity, level: Level, groupingId: number, input: MeetingInput): Promise<{ id: number; groupingId: number }> {
    const actor = requireStaff(identity, 'CREATE_CALENDAR');
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, level, groupingId, input));
  }

  async createCore(tx: Tx, actor: Actor, level: Level, groupingId: number, input: MeetingInput): Promise<{ id: number; groupingId: number }> {
    const v = new Validator('calendar');
    v.required('title', input.title);
    v.required('startDate', input.startDate);
    v.required('typeId', input.typeId);
    v.required('repeating', input.repeating);
    v.throwIfAny();
    const { row } = await visibleGrouping(tx, this.deps, actor, level, groupingId, true);
    // A group in a center meets with its center (Fineract: the group's loans follow the center's calendar).
    if (row.parentId !== null) {
      throw errors.domainRule(CALENDAR_CODES.groupFollowsCenter, `Group with identifier ${groupingId} is in center ${row.parentId} and follows its meeting.`, [groupingId, row.parentId]);
    }
    if (await calendars.calendarOf(tx, groupingId)) {
      throw errors.domainRule(CALENDAR_CODES.alreadyAttached, `${level === LEVEL.center ? 'Center' : 'Group'} with identifier ${groupingId} already has a collection meeting.`, [groupingId]);
    }
    const id = await nextValue(tx, 'calendar');
    const values = this.checked(row, { id, groupingId, title: '', description: null, location: null, startDate: '', endDate: null, typeId: 1, repeating: false, frequency: null, interval: null, repeatsOnDay: null }, input);
    await calendars.insertCalendar(tx, values, actor.userId);
    return { id, groupingId };
  }

  async update(identity: Identity, level: Level, groupingId: number, calendarId: number, input: MeetingInput): Promise<{ id: number; groupingId: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_CALENDAR');
    return this.db.tx(actor.tenantId, async (tx) => {
      const { row } = await visibleGrouping(tx, this.deps, actor, level, groupingId, true);
      const current = await calendars.findCalendar(tx, calendarId, true);
      if (!current || current.groupingId !== groupingId) throw calendarNotFound(calendarId);
      const next = this.checked(row, current, input);
      const changes: Record<string, unknown> = {};
      for (const key of ['title', 'description', 'location', 'startDate', 'endDate', 'repeating', 'frequency', 'interval', 'repeatsOnDay'] as const) {
        if (next[key] !== current[key]) changes[key] = next[key];
      }
      if (Object.keys(changes).length > 0) await calendars.updateCalendar(tx, next, actor.userId);
      return { id: calendarId, groupingId, changes };
    });
  }

  /** The meeting with `input` applied, every field checked at once. */
  private checked(grouping: GroupingRow, current: calendars.CalendarRow, input: MeetingInput): calendars.CalendarRow {
    const next: calendars.CalendarRow = {
      ...current,
      title: input.title?.trim() ?? current.title,
      description: input.description === undefined ? current.description : input.description,
      location: input.location === undefined ? current.location : input.location,
      startDate: input.startDate ?? current.startDate,
      endDate: input.endDate === undefined ? current.endDate : input.endDate,
      repeating: input.repeating ?? current.repeating,
      frequency: input.frequency === undefined ? current.frequency : input.frequency,
      interval: input.interval === undefined ? current.interval : input.interval,
      repeatsOnDay: input.repeatsOnDay === undefined ? current.repeatsOnDay : input.repeatsOnDay,
    };
    const v = new Validator('calendar');
    v.check(next.title !== '', 'title', 'cannot.be.blank', 'The parameter `title` is mandatory.');
    v.maxLength('title', next.title, 70);
    v.maxLength('description', next.description, 100);
    v.maxLength('location', next.location, 100);
    if (input.typeId != null) v.check(input.typeId === 1, 'typeId', 'is.not.one.of.expected.enumerations', 'The parameter `typeId` must be 1 (collection).', input.typeId);
    if (next.endDate !== null) v.check(next.endDate >= next.startDate, 'endDate', 'is.less.than.date', 'The end date cannot be before the start date.', next.endDate);
    if (grouping.activatedOn !== null) v.check(next.startDate >= grouping.activatedOn, 'startDate', 'before.activation.date', 'A meeting cannot start before its center or group was activated.', next.startDate);
    if (next.repeating) {
      v.check(next.frequency !== null && Number.isInteger(next.frequency) && next.frequency >= 1 && next.frequency <= 4, 'frequency', 'is.not.one.of.expected.enumerations', 'The parameter `frequency` must be 1 (daily), 2 (weekly), 3 (monthly) or 4 (yearly).', next.frequency);
      next.interval ??= 1;
      v.check(Number.isInteger(next.interval) && next.interval >= 1 && next.interval <= 52, 'interval', 'is.not.within.expected.range', 'The parameter `interval` must be between 1 and 52.', next.interval);
      if (next.frequency === FREQUENCY.weekly) {
        next.repeatsOnDay ??= weekDayOf(next.startDate);
        v.check(Number.isInteger(next.repeatsOnDay) && next.repeatsOnDay >= 1 && next.repeatsOnDay <= 7, 'repeatsOnDay', 'is.not.within.expected.range', 'The parameter `repeatsOnDay` must be between 1 (Monday) and 7 (Sunday).', next.repeatsOnDay);
      } else {
        next.repeatsOnDay = null;
      }
    } else {
      Object.assign(next, { frequency: null, interval: null, repeatsOnDay: null });
    }
    v.throwIfAny();
    return next;
  }
}
