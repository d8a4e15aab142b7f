import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import type { RequestContext } from '../platform/request-context.js';
import { ApiKeyResolver } from './api-key.resolver.js';
import { AuthResolver } from './auth.resolver.js';
import { HooksMigration } from './migrations/20261122000800_hooks.js';
import { Code, CodeValue } from './code.entity.js';
import { CodeResolver } from './code.resolver.js';
import { CodesMigration } from './migrations/20261122000900_codes.js';
import { ApiKeysMigration } from './migrations/20261125002600_api_keys.js';
import { PasswordRenewalMigration } from './migrations/20261128000100_password_renewal.js';
import { IdempotentEffectMigration } from '../kernel/migrations/20261122001200_idempotent_effect.js';
import { KernelMigration } from '../kernel/migrations/20261122000000_kernel.js';
import { ReferenceVersionMigration } from '../kernel/migrations/20261122001400_reference_version.js';
import { OutboxTenantIndexMigration } from '../kernel/migrations/20261125003100_outbox_tenant_index.js';
import { OutboxCompanionsMigration } from '../kernel/migrations/20261125170000_outbox_companions.js';
import { PersistedQueryMigration } from '../kernel/migrations/20261128150000_persisted_query.js';
import { OrganisationReportViewsMigration } from './migrations/20261128180000_report_views.js';
import { OrganisationMigration } from './migrations/20261122000100_organisation.js';
import { LoginFailuresMigration } from './migrations/20261125000100_login_failures.js';
import { OrganisationSettingsMigration } from './migrations/20261122000110_settings.js';
import { Office } from './office.entity.js';
import { OfficeResolver, toOfficeType } from './office.resolver.js';
import type { OrganisationServices } from './organisation.services.js';
import { PaymentType } from './payment-type.entity.js';
import { RoleResolver } from './role.resolver.js';
import { SettingsResolver } from './settings.resolver.js';
import { Role, RolePermission } from './role.entity.js';
import { Session } from './session.entity.js';
import { Staff } from './staff.entity.js';
import { StaffResolver, toStaffType } from './staff.resolver.js';
import { Tenant } from './tenant.entity.js';
import { AppUser, UserClient, UserRole } from './user.entity.js';
import { UserResolver } from './user.resolver.js';

/** The kernel's tables travel with the organisation module: every deployment runs it. */
export const organisationDatabase: DatabaseModule = {
  entities: [Tenant, Office, Staff, Role, RolePermission, AppUser, UserRole, UserClient, Session, PaymentType, Code, CodeValue],
  migrations: [
    { name: '20261122000000_kernel', class: KernelMigration },
    { name: '20261122000100_organisation', class: OrganisationMigration },
    { name: '20261122000110_settings', class: OrganisationSettingsMigration },
    { name: '20261122000800_hooks', class: HooksMigration },
    { name: '20261122000900_codes', class: CodesMigration },
    { name: '20261122001200_idempotent_effect', class: IdempotentEffectMigration },
    { name: '20261122001400_reference_version', class: ReferenceVersionMigration },
    { name: '20261125000100_login_failures', class: LoginFailuresMigration },
    { name: '20261125002600_api_keys', class: ApiKeysMigration },
    { name: '20261125003100_outbox_tenant_index', class: OutboxTenantIndexMigration },
    { name: '20261125170000_outbox_companions', class: OutboxCompanionsMigration },
    { name: '20261128150000_persisted_query', class: PersistedQueryMigration },
    { name: '20261128180000_report_views', class: OrganisationReportViewsMigration },
    { name: '20261128000100_password_renewal', class: PasswordRenewalMigration },
  ],
};

/** `services` is read lazily, at the first request: printing the schema (npm run compose) needs no database. */
export async function buildOrganisationSchema(services: () => OrganisationServices): Promise<GraphQLSchema> {
  const resolvers = [OfficeResolver, StaffResolver, UserResolver, RoleResolver, AuthResolver, SettingsResolver, CodeResolver, ApiKeyResolver] as const;
  return buildFederatedSchema({
    resolvers: [...resolvers],
    container: (cls) => new (cls as new (s: OrganisationServices) => object)(services()),
    referenceResolvers: {
      Office: {
        __resolveReference: async (ref: { id: number }, ctx: RequestContext) => toOfficeType(await services().offices.get(ctx.identity, ref.id)),
      },
      Staff: {
        __resolveReference: async (ref: { id: number }, ctx: RequestContext) => toStaffType(await services().staff.get(ctx.identity, ref.id)),
      },
    },
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/organisation-from-*.ts).
 * Organisation depends on no module: those that must be consulted (the till on a user's staff link, customer on a code value in use) register their checks with it.
 */
export const dependsOn = [] as const;
