import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../../kernel/enum-option.type.js';
import { LocalDateScalar } from '../../kernel/scalars.js';

@ObjectType('GroupingTimeline', { description: 'When a center or group was submitted, activated and closed.' })
export class GroupingTimelineType {
  @Field(() => LocalDateScalar, { description: 'The day it was submitted.' }) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { description: 'The day it was activated, or null while pending.', nullable: true }) activatedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'The day it was closed, or null.', nullable: true }) closedOnDate!: string | null;
}

@ObjectType('GroupClientMember', { description: 'A client that belongs to a group.' })
export class ClientMemberType {
  @Field(() => Int, { description: 'The client\'s id.' }) id!: number;
  @Field({ description: 'The client\'s account number.' }) accountNo!: string;
  @Field({ description: 'The client\'s display name.' }) displayName!: string;
  @Field(() => Int, { description: 'The client\'s office (the group\'s office).' }) officeId!: number;
  @Field(() => String, { description: 'The office\'s name.', nullable: true }) officeName!: string | null;
  @Field(() => Int, { description: 'The client\'s own staff member, or null.', nullable: true }) staffId!: number | null;
  @Field({ description: 'True when the client is active (status 300).' }) active!: boolean;
  @Field(() => LocalDateScalar, { description: 'The day the client was activated, or null.', nullable: true }) activationDate!: string | null;
}

@ObjectType('Grouping', { description: 'A center (groupLevel "1") or a group (groupLevel "2"): Fineract\'s GroupGeneralData and CenterData.' })
export class GroupingType {
  @Field(() => Int, { description: 'Identifier, unique within the tenant across centers and groups.' }) id!: number;
  @Field({ description: 'Account number (the id, zero-padded).' }) accountNo!: string;
  @Field({ description: 'Name, unique within the tenant.' }) name!: string;
  @Field(() => String, { description: 'External id, unique when given.', nullable: true }) externalId!: string | null;
  @Field(() => EnumOption, { description: 'Status: 100 pending, 300 active, 600 closed.' }) status!: EnumOption;
  @Field({ description: 'True when active.' }) active!: boolean;
  @Field(() => LocalDateScalar, { description: 'The day it was activated, or null while pending.', nullable: true }) activationDate!: string | null;
  @Field(() => Int, { description: 'The office it is booked at.' }) officeId!: number;
  @Field(() => String, { description: 'The office\'s name.', nullable: true }) officeName!: string | null;
  @Field(() => Int, { description: 'Its loan officer, or null.', nullable: true }) staffId!: number | null;
  @Field(() => String, { description: 'Its loan officer\'s name, or null.', nullable: true }) staffName!: string | null;
  @Field(() => Int, { description: 'Groups: the center it belongs to, or null.', nullable: true }) centerId!: number | null;
  @Field(() => String, { description: 'Groups: the center\'s name, or null.', nullable: true }) centerName!: string | null;
  @Field({ description: '"1" a center, "2" a group.' }) groupLevel!: string;
  @Field(() => GroupingTimelineType, { description: 'Its submission, activation and closure dates.' }) timeline!: GroupingTimelineType;
  @Field(() => [ClientMemberType], { description: 'Groups: its clients, when asked for (associations clientMembers); null otherwise.', nullable: true }) clientMembers!: ClientMemberType[] | null;
  @Field(() => [ClientMemberType], { description: 'Groups: its active clients, when asked for (associations activeClientMembers); null otherwise.', nullable: true }) activeClientMembers!: ClientMemberType[] | null;
  @Field(() => [GroupingType], { description: 'Centers: its groups, when asked for (associations groupMembers); null otherwise.', nullable: true }) groupMembers!: GroupingType[] | null;
}

@ObjectType('GroupingPage', { description: 'A page of centers or groups, with the count of all that match.' })
export class GroupingPageType {
  @Field(() => Int, { description: 'How many match the filter in all, when asked for (paged: true); null otherwise.', nullable: true }) totalFilteredRecords!: number | null;
  @Field(() => [GroupingType], { description: 'This page, by id.' }) pageItems!: GroupingType[];
}

@ObjectType('GroupingOption', { description: 'An office, center or group to choose from.' })
export class GroupingOptionType {
  @Field(() => Int, { description: 'Its id.' }) id!: number;
  @Field({ description: 'Its name.' }) name!: string;
}

@ObjectType('GroupingStaffOption', { description: 'A staff member who may be a center\'s or group\'s loan officer.' })
export class GroupingStaffOptionType {
  @Field(() => Int, { description: 'The staff member\'s id.' }) id!: number;
  @Field({ description: 'The staff member\'s name.' }) displayName!: string;
}

@ObjectType('GroupingTemplate', { description: 'The options of a new center or group (GET /groups/template, /centers/template).' })
export class GroupingTemplateType {
  @Field(() => Int, { description: 'The office the options are for.' }) officeId!: number;
  @Field(() => [GroupingOptionType], { description: 'Offices the caller sees.' }) officeOptions!: GroupingOptionType[];
  @Field(() => [GroupingStaffOptionType], { description: 'Active staff of the office.' }) staffOptions!: GroupingStaffOptionType[];
  @Field(() => [GroupingOptionType], { description: 'Groups: active centers of the office.' }) centerOptions!: GroupingOptionType[];
}

@InputType({ description: 'A center or group (Fineract\'s POST /groups, /centers body); on update any subset of name, externalId, staffId and the dates.' })
export class GroupingInput {
  @Field(() => Int, { description: 'The office it is booked at; its members must be of the same office.', nullable: true }) officeId?: number | null;
  @Field(() => String, { description: 'Name, unique within the tenant (at most 100 characters).', nullable: true }) name?: string | null;
  @Field(() => String, { description: 'External id, unique when given.', nullable: true }) externalId?: string | null;
  @Field(() => Int, { description: 'Its loan officer: an active staff member of the office or an office above it.', nullable: true }) staffId?: number | null;
  @Field(() => Int, { description: 'Groups: the center it belongs to (same office).', nullable: true }) centerId?: number | null;
  @Field(() => [Int], { description: 'Groups: the clients it starts with (same office; at most 100).', nullable: true }) clientMembers?: number[] | null;
  @Field(() => [Int], { description: 'Centers: the groups it starts with (same office, in no center; at most 100).', nullable: true }) groupMembers?: number[] | null;
  @Field(() => Boolean, { description: 'True to activate it at once (activationDate then required).', nullable: true }) active?: boolean | null;
  @Field(() => LocalDateScalar, { description: 'The day it was activated: not in the future, not before the office opened.', nullable: true }) activationDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'The day it was submitted (default: the business date).', nullable: true }) submittedOnDate?: string | null;
}

@InputType({ description: 'Activating a pending center or group.' })
export class GroupingActivateInput {
  @Field(() => LocalDateScalar, { description: 'The day it is activated.', nullable: true }) activationDate?: string | null;
}

@InputType({ description: 'Closing a center or group.' })
export class GroupingCloseInput {
  @Field(() => LocalDateScalar, { description: 'The day it closes: not before its activation, not in the future.', nullable: true }) closureDate?: string | null;
  @Field(() => Int, { description: 'A value of the GroupClosureReason code.', nullable: true }) closureReasonId?: number | null;
}

@InputType({ description: 'Assigning or unassigning a loan officer.' })
export class GroupingStaffInput {
  @Field(() => Int, { description: 'The staff member.', nullable: true }) staffId?: number | null;
  @Field(() => Boolean, { description: 'Fineract\'s flag to also move the members\' loans; accepted, not applied.', nullable: true }) inheritStaffForClientAccounts?: boolean | null;
}

@InputType({ description: 'Clients joining or leaving a group.' })
export class ClientMembersInput {
  @Field(() => [Int], { description: 'Client ids (at most 100).', nullable: true }) clientMembers?: number[] | null;
}

@InputType({ description: 'Groups joining or leaving a center.' })
export class GroupMembersInput {
  @Field(() => [Int], { description: 'Group ids (at most 100).', nullable: true }) groupMembers?: number[] | null;
}

@ObjectType('GroupingChanges', { description: 'What a center or group command changed.' })
export class GroupingChangesType {
  @Field(() => Int, { description: 'The center\'s or group\'s id.' }) id!: number;
  @Field(() => Int, { description: 'Its office.' }) officeId!: number;
  @Field(() => GraphQLJSONObject, { description: 'The fields that changed, with their new values.' }) changes!: Record<string, unknown>;
}
