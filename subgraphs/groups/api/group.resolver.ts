import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import { LEVEL } from '../domain/grouping.js';
import type { GroupsServices } from '../groups.services.js';
import {
  ClientMembersInput, GroupingActivateInput, GroupingChangesType, GroupingCloseInput, GroupingInput, GroupingPageType, GroupingStaffInput, GroupingTemplateType, GroupingType,
} from './group.types.js';

const ID = { description: 'The group\'s id.' };

/** Groups (Fineract's /groups): clients lending together, in an office and perhaps a center. */
@Resolver()
export class GroupResolver {
  constructor(private readonly services: GroupsServices) {}

  @Query(() => GroupingPageType, { description: 'Groups the caller sees, by id (GET /groups).' })
  async groups(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Only groups of this office.', nullable: true }) officeId?: number | null,
    @Arg('staffId', () => Int, { description: 'Only groups of this loan officer.', nullable: true }) staffId?: number | null,
    @Arg('name', () => String, { description: 'Only groups whose name contains this (case-insensitive).', nullable: true }) name?: string | null,
    @Arg('externalId', () => String, { description: 'Only the group with this external id.', nullable: true }) externalId?: string | null,
    @Arg('centerId', () => Int, { description: 'Only groups of this center.', nullable: true }) centerId?: number | null,
    @Arg('offset', () => Int, { description: 'Rows to skip (default 0).', nullable: true }) offset?: number | null,
    @Arg('limit', () => Int, { description: 'Rows to answer (default 200, at most 1000).', nullable: true }) limit?: number | null,
    @Arg('paged', () => Boolean, { description: 'True to count all that match (totalFilteredRecords).', nullable: true }) paged?: boolean | null,
  ): Promise<GroupingPageType> {
    const page = await this.services.queries.list(ctx.identity, LEVEL.group, { officeId, staffId, name, externalId, centerId, offset, limit, paged });
    return { totalFilteredRecords: page.total, pageItems: page.items };
  }

  @Query(() => GroupingType, { description: 'A group by id; another office\'s (outside the caller\'s) or tenant\'s group is "not found".' })
  async group(
    @Arg('id', () => Int, ID) id: number,
    @Ctx() ctx: RequestContext,
    @Arg('associations', () => [String], { description: 'clientMembers, activeClientMembers or all.', nullable: true }) associations?: string[] | null,
  ): Promise<GroupingType> {
    return this.services.queries.get(ctx.identity, LEVEL.group, id, (associations ?? []).slice(0, 10));
  }

  @Query(() => GroupingTemplateType, { description: 'The options of a new group (GET /groups/template).' })
  async groupTemplate(@Ctx() ctx: RequestContext, @Arg('officeId', () => Int, { description: 'The office (default: the caller\'s).', nullable: true }) officeId?: number | null): Promise<GroupingTemplateType> {
    return this.services.queries.template(ctx.identity, LEVEL.group, officeId ?? null);
  }

  @Mutation(() => GroupingChangesType, { description: 'Creates a group (POST /groups), pending or active, with its first members.' })
  async createGroup(@Arg('input', () => GroupingInput, { description: 'The group.' }) input: GroupingInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.create(ctx.identity, LEVEL.group, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Changes a group\'s name, external id, loan officer or dates (PUT /groups/{id}).' })
  async updateGroup(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingInput, { description: 'The fields to change.' }) input: GroupingInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.update(ctx.identity, LEVEL.group, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Deletes a pending group (DELETE /groups/{id}).' })
  async deleteGroup(@Arg('id', () => Int, ID) id: number, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.delete(ctx.identity, LEVEL.group, id);
  }

  @Mutation(() => GroupingChangesType, { description: 'Activates a pending group (?command=activate).' })
  async activateGroup(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingActivateInput, { description: 'The activation date.' }) input: GroupingActivateInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.activate(ctx.identity, LEVEL.group, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Closes an active group whose clients are no longer active (?command=close).' })
  async closeGroup(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingCloseInput, { description: 'The closure date and reason.' }) input: GroupingCloseInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.close(ctx.identity, LEVEL.group, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Assigns the group\'s loan officer (?command=assignStaff).' })
  async assignGroupStaff(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingStaffInput, { description: 'The staff member.' }) input: GroupingStaffInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.assignStaff(ctx.identity, LEVEL.group, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Removes the group\'s loan officer (?command=unassignStaff).' })
  async unassignGroupStaff(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingStaffInput, { description: 'The staff member.' }) input: GroupingStaffInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.unassignStaff(ctx.identity, LEVEL.group, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Clients of the group\'s office join it (?command=associateClients).' })
  async associateGroupClients(@Arg('id', () => Int, ID) id: number, @Arg('input', () => ClientMembersInput, { description: 'The clients.' }) input: ClientMembersInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.membership.associateClients(ctx.identity, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Members leave the group (?command=disassociateClients).' })
  async disassociateGroupClients(@Arg('id', () => Int, ID) id: number, @Arg('input', () => ClientMembersInput, { description: 'The clients.' }) input: ClientMembersInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.membership.disassociateClients(ctx.identity, id, input);
  }
}
