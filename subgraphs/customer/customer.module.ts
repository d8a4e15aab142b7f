import type { GraphQLSchema } from 'graphql';
import { Query, Resolver } from 'type-graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { EnumOption, enumOption } from '../kernel/enum-option.type.js';
import type { RequestContext } from '../platform/request-context.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { Client, ClientOfficial } from './client.entity.js';
import { ClientEventsSubscriptionResolver } from './client-events.subscription.js';
import { ClientCodeValueFieldResolver, ClientKycFieldResolver, ClientResolver, LEGAL_FORMS, toClientType } from './client.resolver.js';
import type { CustomerServices } from './customer.services.js';
import { BUSINESS_LINES, CONSTITUTIONS } from './kyc.js';
import { CustomerMigration } from './migrations/20261122000200_customer.js';
import { AccountHolderMigration } from './migrations/20261122001500_account_holder.js';
import { ClientLifecycleMigration } from './migrations/20261122000910_client_lifecycle.js';
import { ClientWithdrawn800Migration } from './migrations/20261128000200_client_withdrawn_800.js';
import { CustomerReportViewsMigration } from './migrations/20261128180000_report_views.js';

@Resolver()
class CustomerReferenceResolver {
  @Query(() => [EnumOption], { description: 'Legal forms of a client: 1 person, 2 entity (corporate).' })
  clientLegalForms(): EnumOption[] {
    return LEGAL_FORMS;
  }

  @Query(() => [EnumOption], { description: 'Constitutions of an entity client (clientNonPersonDetails.constitutionId).' })
  clientConstitutions(): EnumOption[] {
    return Object.entries(CONSTITUTIONS).map(([id, name]) => enumOption(Number(id), `constitution.${id}`, name));
  }

  @Query(() => [EnumOption], { description: 'Main business lines of an entity client (clientNonPersonDetails.mainBusinessLineId).' })
  clientBusinessLines(): EnumOption[] {
    return Object.entries(BUSINESS_LINES).map(([id, line]) => enumOption(Number(id), `mainBusinessLine.${id}`, line.name));
  }
}

export const customerDatabase: DatabaseModule = {
  entities: [Client, ClientOfficial],
  migrations: [
    { name: '20261122000200_customer', class: CustomerMigration },
    { name: '20261122000910_client_lifecycle', class: ClientLifecycleMigration },
    { name: '20261122001500_account_holder', class: AccountHolderMigration },
    { name: '20261128000200_client_withdrawn_800', class: ClientWithdrawn800Migration },
    { name: '20261128180000_report_views', class: CustomerReportViewsMigration },
  ],
};

/** `services` is read lazily, at the first request: printing the schema (npm run compose) needs no database. */
export async function buildCustomerSchema(services: () => CustomerServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [ClientResolver, ClientKycFieldResolver, ClientCodeValueFieldResolver, CustomerReferenceResolver, ClientEventsSubscriptionResolver],
    container: (cls) => (cls === CustomerReferenceResolver ? new CustomerReferenceResolver() : cls === ClientEventsSubscriptionResolver ? new ClientEventsSubscriptionResolver() : new (cls as new (s: CustomerServices) => object)(services())),
    referenceResolvers: {
      Client: {
        __resolveReference: async (ref: { id: number }, ctx: RequestContext) => toClientType(await services().clients.get(ctx.identity, ref.id)),
      },
    },
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/customer-from-*.ts).
 * Offices, staff and code values. Accounts and loans register their open-products counts with customer (closing a client), so customer calls neither.
 */
export const dependsOn = ['organisation'] as const;
