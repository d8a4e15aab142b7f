import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { CenterResolver } from './api/center.resolver.js';
import { CollectionSheetResolver } from './api/collection-sheet.resolver.js';
import { GroupResolver } from './api/group.resolver.js';
import { MeetingResolver } from './api/meeting.resolver.js';
import type { GroupsServices } from './groups.services.js';
import { GroupsMigration } from './migrations/20261128000400_groups.js';
import { MeetingsMigration } from './migrations/20261128000500_meetings.js';

/** The modules whose services the groups module's ports are wired to (subgraphs/composition/). */
export const dependsOn = ['organisation', 'customer', 'cob', 'loan', 'account'] as const;

/** Tables are written with SQL (store/); no ORM entities. */
export const groupsDatabase: DatabaseModule = {
  entities: [],
  migrations: [
    { name: '20261128000400_groups', class: GroupsMigration },
    { name: '20261128000500_meetings', class: MeetingsMigration },
  ],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildGroupsSchema(services: () => GroupsServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [GroupResolver, CenterResolver, MeetingResolver, CollectionSheetResolver],
    container: (cls) => new (cls as new (s: GroupsServices) => object)(services()),
  });
}
