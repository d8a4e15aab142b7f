import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import { enumOption } from '../../kernel/enum-option.type.js';
import { LocalDateScalar } from '../../kernel/scalars.js';
import { HOLIDAY_RESCHEDULE_TYPES, HOLIDAY_STATUSES, REPAYMENT_RESCHEDULE_TYPES } from '../domain/calendar.js';
import type { HolidayRow, WorkingDaysRow } from '../store/calendar.store.js';
import type { CobServices } from '../cob.services.js';
import {
  CreateHolidayInput, HolidayChangeType, HolidayTemplateType, HolidayType, LoanDueDateMoveType, UpdateHolidayInput, UpdateWorkingDaysInput, WorkingDaysChangeType,
  WorkingDaysTemplateType, WorkingDaysType,
} from './calendar.types.js';

const options = (table: Record<number, { code: string; value: string }>) => Object.entries(table).map(([id, o]) => enumOption(Number(id), o.code, o.value));

const workingDaysType = (w: WorkingDaysRow): WorkingDaysType => {
  const type = REPAYMENT_RESCHEDULE_TYPES[w.repaymentRescheduleType]!;
  return { id: 1, recurrence: w.recurrence, repaymentRescheduleType: enumOption(w.repaymentRescheduleType, type.code, type.value), extendTermForDailyRepayments: w.extendTermForDailyRepayments };
};

export const holidayType = (h: HolidayRow): HolidayType => {
  const status = HOLIDAY_STATUSES[h.statusId]!;
  return {
    id: h.id, name: h.name, fromDate: h.fromDate, toDate: h.toDate, reschedulingType: h.reschedulingType, repaymentsRescheduledTo: h.repaymentsRescheduledTo,
    description: h.description, status: enumOption(h.statusId, status.code, status.value), officeId: h.officeIds[0] ?? null,
    offices: h.officeIds.map((officeId) => ({ officeId })), rescheduledOn: h.rescheduledOn,
  };
};

/** Working days and holidays (Fineract's /workingdays and /holidays). */
@Resolver()
export class CalendarResolver {
  constructor(private readonly services: CobServices) {}

  @Query(() => WorkingDaysType, { description: 'The tenant\'s working days (GET /workingdays).' })
  async workingDays(@Ctx() ctx: RequestContext): Promise<WorkingDaysType> {
    return workingDaysType(await this.services.calendar.workingDays(ctx.identity));
  }

  @Query(() => WorkingDaysTemplateType, { description: 'The choices of PUT /workingdays.' })
  async workingDaysTemplate(@Ctx() ctx: RequestContext): Promise<WorkingDaysTemplateType> {
    await this.services.calendar.workingDays(ctx.identity);
    return { repaymentRescheduleOptions: options(REPAYMENT_RESCHEDULE_TYPES) };
  }

  @Mutation(() => WorkingDaysChangeType, { description: 'Changes the tenant\'s working days (PUT /workingdays); new schedules follow them.' })
  async updateWorkingDays(@Arg('input', { description: 'The fields to change.' }) input: UpdateWorkingDaysInput, @Ctx() ctx: RequestContext): Promise<WorkingDaysChangeType> {
    const { changes } = await this.services.workingDays.run(ctx.identity, input);
    return { resourceId: 1, changes };
  }

  @Query(() => [HolidayType], { description: 'Holidays of an office overlapping the dates given (GET /holidays?officeId=&fromDate=&toDate=).' })
  async holidays(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'The office (required, as Fineract).', nullable: true }) officeId?: number | null,
    @Arg('fromDate', () => LocalDateScalar, { description: 'Holidays ending on or after this day.', nullable: true }) fromDate?: string | null,
    @Arg('toDate', () => LocalDateScalar, { description: 'Holidays starting on or before this day.', nullable: true }) toDate?: string | null,
  ): Promise<HolidayType[]> {
    return (await this.services.calendar.holidays(ctx.identity, { officeId, fromDate, toDate })).map(holidayType);
  }

  @Query(() => HolidayType, { description: 'A holiday by id; another tenant\'s, a deleted one, or one of no office the caller sees is "not found".' })
  async holiday(@Arg('id', () => Int, { description: 'Id of the holiday.' }) id: number, @Ctx() ctx: RequestContext): Promise<HolidayType> {
    return holidayType(await this.services.calendar.holiday(ctx.identity, id));
  }

  @Query(() => HolidayTemplateType, { description: 'The choices of POST /holidays.' })
  async holidayTemplate(@Ctx() ctx: RequestContext): Promise<HolidayTemplateType> {
    await this.services.calendar.holidays(ctx.identity, { officeId: 1 });
    return { rescheduleOptions: options(HOLIDAY_RESCHEDULE_TYPES) };
  }

  @Mutation(() => HolidayChangeType, { description: 'Creates a holiday, pending for activation (POST /holidays).' })
  async createHoliday(@Arg('input', { description: 'The holiday.' }) input: CreateHolidayInput, @Ctx() ctx: RequestContext): Promise<HolidayChangeType> {
    return { resourceId: (await this.services.holidays.create(ctx.identity, input)).id };
  }

  @Mutation(() => HolidayChangeType, { description: 'Changes a holiday (PUT /holidays/{id}): a pending one freely, an active one only its name, description and rescheduling type.' })
  async updateHoliday(@Arg('id', () => Int, { description: 'Id of the holiday.' }) id: number, @Arg('input', { description: 'The fields to change.' }) input: UpdateHolidayInput, @Ctx() ctx: RequestContext): Promise<HolidayChangeType> {
    const { holiday, changes } = await this.services.holidays.update(ctx.identity, id, input);
    return { resourceId: holiday.id, changes };
  }

  @Mutation(() => HolidayChangeType, { description: 'Activates a pending holiday (POST /holidays/{id}?command=activate): new schedules avoid it, and the next close of business moves existing loans\' instalments out of it.' })
  async activateHoliday(@Arg('id', () => Int, { description: 'Id of the holiday.' }) id: number, @Ctx() ctx: RequestContext): Promise<HolidayChangeType> {
    return { resourceId: (await this.services.holidays.activate(ctx.identity, id)).id };
  }

  @Mutation(() => HolidayChangeType, { description: 'Deletes a holiday (DELETE /holidays/{id}); dates it already moved stay moved.' })
  async deleteHoliday(@Arg('id', () => Int, { description: 'Id of the holiday.' }) id: number, @Ctx() ctx: RequestContext): Promise<HolidayChangeType> {
    return { resourceId: await this.services.holidays.delete(ctx.identity, id) };
  }

  @Query(() => [LoanDueDateMoveType], { description: 'The instalments of a loan that holidays moved, oldest first.' })
  async loanDueDateMoves(@Arg('loanId', () => Int, { description: 'Id of the loan.' }) loanId: number, @Ctx() ctx: RequestContext): Promise<LoanDueDateMoveType[]> {
    return this.services.calendar.movesOfLoan(ctx.identity, loanId);
  }
}
