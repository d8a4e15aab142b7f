import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { SelfMigration } from './migrations/20261125000100_self.js';
import { LoanOfferApplicationMigration } from './migrations/20261128000300_loan_offer_application.js';
import { CustomerActionsMigration } from './migrations/20261128000400_customer_actions.js';
import { DeviceRegistrationMigration } from './migrations/20261128190000_device_registration.js';
import { RegistrationRequestMigration } from './migrations/20261128200100_registration_request.js';
import { CustomerAppsClientResolver, CustomerAppsMeResolver, CustomerAppsMutationResolver, CustomerAppsSavingsResolver } from './customer-apps.resolver.js';
import { MeResolver, MySavingsAccountResolver, SelfResolver } from './self.resolver.js';
import { SavingsApplicationMeResolver, SavingsApplicationMutationResolver } from './savings-application.resolver.js';
import { TwoStepRegistrationResolver } from './two-step-registration.resolver.js';
import type { SelfServices } from './self.services.js';

/** Tables are written with SQL (self.store.ts); no ORM entities. */
export const selfDatabase: DatabaseModule = {
  entities: [],
  migrations: [
    { name: '20261125000100_self', class: SelfMigration },
    { name: '20261128000300_loan_offer_application', class: LoanOfferApplicationMigration },
    { name: '20261128000400_customer_actions', class: CustomerActionsMigration },
    { name: '20261128190000_device_registration', class: DeviceRegistrationMigration },
    { name: '20261128200100_registration_request', class: RegistrationRequestMigration },
  ],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildSelfSchema(services: () => SelfServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [SelfResolver, MeResolver, MySavingsAccountResolver, CustomerAppsMeResolver, CustomerAppsMutationResolver, CustomerAppsClientResolver, CustomerAppsSavingsResolver,
      SavingsApplicationMeResolver, SavingsApplicationMutationResolver, TwoStepRegistrationResolver],
    container: (cls) => new (cls as new (s: SelfServices) => object)(services()),
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/self-from-*.ts).
 * Self-service is the top of the graph: the customer's own clients, accounts, loans and inter-bank transfers.
 */
export const dependsOn = ['organisation', 'customer', 'account', 'loan', 'payments'] as const;
