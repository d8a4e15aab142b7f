import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import { LEVEL } from '../domain/grouping.js';
import type { GroupsServices } from '../groups.services.js';
import {
  GroupMembersInput, GroupingActivateInput, GroupingChangesType, GroupingCloseInput, GroupingInput, GroupingPageType, GroupingStaffInput, GroupingTemplateType, GroupingType,
} from './group.types.js';

const ID = { description: 'The center\'s id.' };

/** Centers (Fineract's /centers): the groups a loan officer meets together. */
@Resolver()
export class CenterResolver {
  constructor(private readonly services: GroupsServices) {}

  @Query(() => GroupingPageType, { description: 'Centers the caller sees, by id (GET /centers).' })
  async centers(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Only centers of this office.', nullable: true }) officeId?: number | null,
    @Arg('staffId', () => Int, { description: 'Only centers of this loan officer.', nullable: true }) staffId?: number | null,
    @Arg('name', () => String, { description: 'Only centers whose name contains this (case-insensitive).', nullable: true }) name?: string | null,
    @Arg('externalId', () => String, { description: 'Only the center with this external id.', nullable: true }) externalId?: string | null,
    @Arg('offset', () => Int, { description: 'Rows to skip (default 0).', nullable: true }) offset?: number | null,
    @Arg('limit', () => Int, { description: 'Rows to answer (default 200, at most 1000).', nullable: true }) limit?: number | null,
    @Arg('paged', () => Boolean, { description: 'True to count all that match (totalFilteredRecords).', nullable: true }) paged?: boolean | null,
  ): Promise<GroupingPageType> {
    const page = await this.services.queries.list(ctx.identity, LEVEL.center, { officeId, staffId, name, externalId, offset, limit, paged });
    return { totalFilteredRecords: page.total, pageItems: page.items };
  }

  @Query(() => GroupingType, { description: 'A center by id; another office\'s (outside the caller\'s) or tenant\'s center is "not found".' })
  async center(
    @Arg('id', () => Int, ID) id: number,
    @Ctx() ctx: RequestContext,
    @Arg('associations', () => [String], { description: 'groupMembers or all.', nullable: true }) associations?: string[] | null,
  ): Promise<GroupingType> {
    return this.services.queries.get(ctx.identity, LEVEL.center, id, (associations ?? []).slice(0, 10));
  }

  @Query(() => GroupingTemplateType, { description: 'The options of a new center (GET /centers/template).' })
  async centerTemplate(@Ctx() ctx: RequestContext, @Arg('officeId', () => Int, { description: 'The office (default: the caller\'s).', nullable: true }) officeId?: number | null): Promise<GroupingTemplateType> {
    return this.services.queries.template(ctx.identity, LEVEL.center, officeId ?? null);
  }

  @Mutation(() => GroupingChangesType, { description: 'Creates a center (POST /centers), pending or active, with its first groups.' })
  async createCenter(@Arg('input', () => GroupingInput, { description: 'The center.' }) input: GroupingInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.create(ctx.identity, LEVEL.center, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Changes a center\'s name, external id, loan officer or dates (PUT /centers/{id}).' })
  async updateCenter(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingInput, { description: 'The fields to change.' }) input: GroupingInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.update(ctx.identity, LEVEL.center, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Deletes a pending center (DELETE /centers/{id}); its groups leave it.' })
  async deleteCenter(@Arg('id', () => Int, ID) id: number, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.delete(ctx.identity, LEVEL.center, id);
  }

  @Mutation(() => GroupingChangesType, { description: 'Activates a pending center (?command=activate).' })
  async activateCenter(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingActivateInput, { description: 'The activation date.' }) input: GroupingActivateInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.activate(ctx.identity, LEVEL.center, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Closes an active center whose groups are closed (?command=close).' })
  async closeCenter(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingCloseInput, { description: 'The closure date and reason.' }) input: GroupingCloseInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.close(ctx.identity, LEVEL.center, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Assigns the center\'s loan officer (?command=assignStaff).' })
  async assignCenterStaff(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingStaffInput, { description: 'The staff member.' }) input: GroupingStaffInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.assignStaff(ctx.identity, LEVEL.center, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Removes the center\'s loan officer (?command=unassignStaff).' })
  async unassignCenterStaff(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupingStaffInput, { description: 'The staff member.' }) input: GroupingStaffInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.groupings.unassignStaff(ctx.identity, LEVEL.center, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Groups of the center\'s office, in no center, join it (?command=associateGroups).' })
  async associateCenterGroups(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupMembersInput, { description: 'The groups.' }) input: GroupMembersInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.membership.associateGroups(ctx.identity, id, input);
  }

  @Mutation(() => GroupingChangesType, { description: 'Groups leave the center (?command=disassociateGroups).' })
  async disassociateCenterGroups(@Arg('id', () => Int, ID) id: number, @Arg('input', () => GroupMembersInput, { description: 'The groups.' }) input: GroupMembersInput, @Ctx() ctx: RequestContext): Promise<GroupingChangesType> {
    return this.services.membership.disassociateGroups(ctx.identity, id, input);
  }
}
