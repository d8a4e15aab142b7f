import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { loader } from '../platform/loaders.js';
import type { RequestContext } from '../platform/request-context.js';
import type { Office } from './office.entity.js';
import type { OrganisationServices } from './organisation.services.js';
import { StaffChangePayload, CreateStaffInput, UpdateStaffInput, StaffType } from './organisation.types.js';
import type { Staff } from './staff.entity.js';

export function toStaffType(staff: Staff): StaffType {
  return {
    id: staff.id,
    officeId: staff.officeId,
    firstname: staff.firstname,
    lastname: staff.lastname,
    displayName: staff.displayName,
    isLoanOfficer: staff.isLoanOfficer,
    isActive: staff.isActive,
    mobileNo: staff.mobileNo,
    externalId: staff.externalId,
    joiningDate: staff.joiningDate,
  };
}

@Resolver(() => StaffType)
export class StaffResolver {
  constructor(private readonly services: OrganisationServices) {}

  @Query(() => [StaffType], { description: 'Staff members of the caller\'s offices.' })
  async staff(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('status', () => String, { nullable: true, description: 'active (default), inactive or all' }) status?: string,
    @Arg('loanOfficersOnly', () => Boolean, { description: 'Only staff who may be loan officers.', nullable: true }) loanOfficersOnly?: boolean,
  ): Promise<StaffType[]> {
    const normalized = status === 'inactive' || status === 'all' ? status : 'active';
    return (await this.services.staff.list(ctx.identity, { officeId, status: normalized, loanOfficersOnly })).map(toStaffType);
  }

  @Query(() => StaffType, { description: 'A staff member by id.' })
  async staffMember(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<StaffType> {
    return toStaffType(await this.services.staff.get(ctx.identity, id));
  }

  @Mutation(() => StaffType, { description: 'Creates a staff member.' })
  async createStaff(@Arg('input', () => CreateStaffInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateStaffInput, @Ctx() ctx: RequestContext): Promise<StaffType> {
    return toStaffType(await this.services.staff.create(ctx.identity, input));
  }

  @Mutation(() => StaffChangePayload, { description: 'Changes a staff member.' })
  async updateStaff(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateStaffInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateStaffInput, @Ctx() ctx: RequestContext): Promise<StaffChangePayload> {
    const { staff, changes } = await this.services.staff.update(ctx.identity, id, input);
    return { staff: toStaffType(staff), changes };
  }

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  async officeName(@Root() staff: StaffType, @Ctx() ctx: RequestContext): Promise<string | null> {
    const byId = loader<number, Office>(ctx, 'office', (ids) => this.services.offices.byIds(ctx.identity.tenantId, ids));
    return (await byId.load(staff.officeId))?.name ?? null;
  }
}
