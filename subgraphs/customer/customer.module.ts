import type { GraphQLSchema } from 'graphql';
import { Query, Resolver } from 'type-graphql';
import type { DatabaseModule } from '../kernel/database.js';
import { EnumOption, enumOption } from '../kernel/enum-option.type.js';
import { buildFederatedSchema } from '../kernel/subgraph-server.js';

const OPTIONS = [enumOption(1, 'legalFormType.person', 'Person'), enumOption(2, 'legalFormType.entity', 'Entity')];

@Resolver()
class CustomerReferenceResolver {
  @Query(() => [EnumOption], { description: 'Legal forms of a client: 1 person, 2 entity (corporate).' })
  clientLegalForms(): EnumOption[] {
    return OPTIONS;
  }
}

export const customerDatabase: DatabaseModule = { entities: [], migrations: [] };

export async function buildCustomerSchema(): Promise<GraphQLSchema> {
  return buildFederatedSchema({ resolvers: [CustomerReferenceResolver], container: () => new CustomerReferenceResolver() });
}
