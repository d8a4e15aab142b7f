import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import type { OrganisationServices } from './organisation.services.js';
import type { SettingView } from './settings.service.js';
import {
  BusinessDateChangePayload, BusinessDateInput, BusinessDateType, GlobalConfigurationType, SettingChangePayload, SettingType, UpdateSettingInput,
} from './settings.types.js';

function toSettingType(s: SettingView): SettingType {
  // Whole numbers up to 10^15 are exact in a double; the service refuses anything else.
  return { id: s.id, name: s.name, enabled: s.enabled, value: s.value == null ? null : Number(s.value), stringValue: s.stringValue, description: s.description, trapDoor: false };
}

/** Tenant settings (/configurations) and the business date (/businessdate). */
@Resolver()
export class SettingsResolver {
  constructor(private readonly services: OrganisationServices) {}

  @Query(() => GlobalConfigurationType, { description: 'Every global configuration setting.' })
  async globalConfiguration(@Ctx() ctx: RequestContext): Promise<GlobalConfigurationType> {
    return { globalConfiguration: (await this.services.settings.list(ctx.identity)).map(toSettingType) };
  }

  @Query(() => SettingType, { description: 'One global configuration setting by id.' })
  async configuration(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('name', () => String, { description: 'Name to look up.', nullable: true }) name?: string,
  ): Promise<SettingType> {
    return toSettingType(await this.services.settings.get(ctx.identity, { id, name }));
  }

  @Mutation(() => SettingChangePayload, { description: 'Changes a global configuration setting, by id or by name.' })
  async updateConfiguration(
    @Arg('input', () => UpdateSettingInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateSettingInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The setting\'s id, as returned in its `id` field (or give `name`).', nullable: true }) id?: number,
    @Arg('name', () => String, { description: 'The setting\'s name, such as `maker-checker` (or give `id`).', nullable: true }) name?: string,
  ): Promise<SettingChangePayload> {
    const { setting, changes } = await this.services.settings.update(ctx.identity, { id, name }, {
      enabled: input.enabled,
      value: input.value == null ? input.value : String(input.value),
      stringValue: input.stringValue,
    });
    return { setting: toSettingType(setting), changes };
  }

  @Query(() => [BusinessDateType], { description: 'The tenant\'s business and COB dates.' })
  async businessDates(@Ctx() ctx: RequestContext): Promise<BusinessDateType[]> {
    return this.services.businessDates.list(ctx.identity);
  }

  @Query(() => BusinessDateType, { description: 'The business or COB date by type (BUSINESS_DATE or COB_DATE).' })
  async businessDate(@Arg('type', () => String, { description: 'BUSINESS_DATE or COB_DATE.' }) type: string, @Ctx() ctx: RequestContext): Promise<BusinessDateType> {
    return this.services.businessDates.get(ctx.identity, type);
  }

  @Mutation(() => BusinessDateChangePayload, { description: 'Sets the business or COB date.' })
  async updateBusinessDate(@Arg('input', () => BusinessDateInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: BusinessDateInput, @Ctx() ctx: RequestContext): Promise<BusinessDateChangePayload> {
    const { view, changes } = await this.services.businessDates.set(ctx.identity, input);
    return { ...view, changes };
  }

  @Mutation(() => BusinessDateType, { description: 'Returns the tenant to the calendar date.' })
  async resetBusinessDate(@Ctx() ctx: RequestContext): Promise<BusinessDateType> {
    return this.services.businessDates.reset(ctx.identity);
  }
}
