import type { Database } from '../platform/database.js';
import { GroupingCommands } from './commands/grouping.command.js';
import { Membership } from './commands/membership.command.js';
import type { GroupsDependencies } from './ports.js';
import { GroupingQueries } from './queries/grouping.query.js';

/** The groups module's facade: centers, groups and their members. */
export interface GroupsServices {
  groupings: GroupingCommands;
  membership: Membership;
  queries: GroupingQueries;
}

export function createGroupsServices(db: Database, deps: GroupsDependencies): GroupsServices {
  const membership = new Membership(db, deps);
  return {
    groupings: new GroupingCommands(db, deps, membership),
    membership,
    queries: new GroupingQueries(db, deps),
  };
}
