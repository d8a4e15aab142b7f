import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../../kernel/enum-option.type.js';
import { LocalDateScalar } from '../../kernel/scalars.js';

@ObjectType('Meeting', { description: 'A center\'s or group\'s collection meeting (Fineract\'s calendar of type 1); a group in a center answers its center\'s.' })
export class MeetingType {
  @Field(() => Int, { description: 'The calendar\'s id.' }) id!: number;
  @Field(() => Int, { description: 'The center or group whose meeting it is.' }) entityId!: number;
  @Field(() => EnumOption, { description: '4 centers, 2 groups.' }) entityType!: EnumOption;
  @Field({ description: 'Title.' }) title!: string;
  @Field(() => String, { description: 'Description, or null.', nullable: true }) description!: string | null;
  @Field(() => String, { description: 'Where it meets, or null.', nullable: true }) location!: string | null;
  @Field(() => LocalDateScalar, { description: 'The first day it may meet.' }) startDate!: string;
  @Field(() => LocalDateScalar, { description: 'The last day it may meet, or null.', nullable: true }) endDate!: string | null;
  @Field(() => EnumOption, { description: '1 collection.' }) type!: EnumOption;
  @Field({ description: 'True when it repeats.' }) repeating!: boolean;
  @Field(() => String, { description: 'The RRULE, e.g. FREQ=WEEKLY;INTERVAL=1;BYDAY=TU; null when it does not repeat.', nullable: true }) recurrence!: string | null;
  @Field(() => EnumOption, { description: '1 daily, 2 weekly, 3 monthly, 4 yearly; null when it does not repeat.', nullable: true }) frequency!: EnumOption | null;
  @Field(() => Int, { description: 'Every how many days, weeks, months or years.', nullable: true }) interval!: number | null;
  @Field(() => EnumOption, { description: 'Weekly meetings: the day, 1 Monday ... 7 Sunday.', nullable: true }) repeatsOnDay!: EnumOption | null;
  @Field(() => [LocalDateScalar], { description: 'The next ten meetings from the business date, moved by the working days and the office\'s holidays.' }) nextTenRecurringDates!: string[];
}

@InputType({ description: 'A collection meeting (Fineract\'s POST .../calendars body); on update any subset.' })
export class MeetingInput {
  @Field(() => String, { description: 'Title (at most 70 characters).', nullable: true }) title?: string | null;
  @Field(() => String, { description: 'Description (at most 100 characters).', nullable: true }) description?: string | null;
  @Field(() => String, { description: 'Where it meets (at most 100 characters).', nullable: true }) location?: string | null;
  @Field(() => Int, { description: '1 collection (the only type offered).', nullable: true }) typeId?: number | null;
  @Field(() => LocalDateScalar, { description: 'The first day it may meet: not before the center or group was activated.', nullable: true }) startDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'The last day it may meet.', nullable: true }) endDate?: string | null;
  @Field(() => Boolean, { description: 'True when it repeats.', nullable: true }) repeating?: boolean | null;
  @Field(() => Int, { description: '1 daily, 2 weekly, 3 monthly, 4 yearly.', nullable: true }) frequency?: number | null;
  @Field(() => Int, { description: 'Every how many (1-52; default 1).', nullable: true }) interval?: number | null;
  @Field(() => Int, { description: 'Weekly: 1 Monday ... 7 Sunday (default: the start date\'s weekday).', nullable: true }) repeatsOnDay?: number | null;
}

@ObjectType('MeetingChanges', { description: 'What a meeting command changed.' })
export class MeetingChangesType {
  @Field(() => Int, { description: 'The calendar\'s id.' }) id!: number;
  @Field(() => Int, { description: 'The center or group.' }) groupingId!: number;
  @Field(() => GraphQLJSONObject, { description: 'The fields that changed, with their new values.' }) changes!: Record<string, unknown>;
}
