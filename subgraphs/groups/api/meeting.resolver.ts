import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { errors } from '../../kernel/errors.js';
import type { RequestContext } from '../../platform/request-context.js';
import { LEVEL, type Level } from '../domain/grouping.js';
import type { GroupsServices } from '../groups.services.js';
import { GroupingType } from './group.types.js';
import { MeetingChangesType, MeetingInput, MeetingType } from './meeting.types.js';

/** Fineract's entity types in the path: centers and groups (clients' and loans' calendars are not offered). */
function levelOf(kind: string): Level {
  if (kind === 'center') return LEVEL.center;
  if (kind === 'group') return LEVEL.group;
  throw errors.validation([{ code: 'validation.msg.calendar.entityType.is.not.one.of.expected.enumerations', message: 'Meetings belong to a center or a group.', parameterName: 'kind', value: kind.slice(0, 20) }]);
}
const KIND = { description: '"center" or "group".' };
const OWNER = { description: 'The center\'s or group\'s id.' };

/** Collection meetings (Fineract's /centers/{id}/calendars and /groups/{id}/calendars). */
@Resolver(() => GroupingType)
export class MeetingResolver {
  constructor(private readonly services: GroupsServices) {}

  @Query(() => [MeetingType], { description: 'A center\'s or group\'s meeting (a group in a center: its center\'s); empty when none.' })
  async meetings(@Arg('kind', KIND) kind: string, @Arg('id', () => Int, OWNER) id: number, @Ctx() ctx: RequestContext): Promise<MeetingType[]> {
    return this.services.meetingQueries.list(ctx.identity, levelOf(kind), id);
  }

  @Query(() => MeetingType, { description: 'One meeting of a center or group.' })
  async meeting(
    @Arg('kind', KIND) kind: string,
    @Arg('id', () => Int, OWNER) id: number,
    @Arg('calendarId', () => Int, { description: 'The calendar\'s id.' }) calendarId: number,
    @Ctx() ctx: RequestContext,
  ): Promise<MeetingType> {
    return this.services.meetingQueries.get(ctx.identity, levelOf(kind), id, calendarId);
  }

  @Mutation(() => MeetingChangesType, { description: 'Sets up a center\'s or group\'s collection meeting (POST .../calendars); a group in a center has none of its own.' })
  async createMeeting(@Arg('kind', KIND) kind: string, @Arg('id', () => Int, OWNER) id: number, @Arg('input', () => MeetingInput, { description: 'The meeting.' }) input: MeetingInput, @Ctx() ctx: RequestContext): Promise<MeetingChangesType> {
    const created = await this.services.meetings.create(ctx.identity, levelOf(kind), id, input);
    return { ...created, changes: {} };
  }

  @Mutation(() => MeetingChangesType, { description: 'Changes a meeting (PUT .../calendars/{calendarId}).' })
  async updateMeeting(
    @Arg('kind', KIND) kind: string,
    @Arg('id', () => Int, OWNER) id: number,
    @Arg('calendarId', () => Int, { description: 'The calendar\'s id.' }) calendarId: number,
    @Arg('input', () => MeetingInput, { description: 'The fields to change.' }) input: MeetingInput,
    @Ctx() ctx: RequestContext,
  ): Promise<MeetingChangesType> {
    return this.services.meetings.update(ctx.identity, levelOf(kind), id, calendarId, input);
  }

  @FieldResolver(() => [MeetingType], { description: 'Its collection meeting (a group in a center: its center\'s); empty when none.' })
  async calendars(@Root() grouping: GroupingType, @Ctx() ctx: RequestContext): Promise<MeetingType[]> {
    return this.services.meetingQueries.list(ctx.identity, grouping.groupLevel === '1' ? LEVEL.center : LEVEL.group, grouping.id);
  }
}
