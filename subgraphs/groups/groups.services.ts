import type { Database } from '../platform/database.js';
import { GroupingCommands } from './commands/grouping.command.js';
import { MeetingCommands } from './commands/meeting.command.js';
import { Membership } from './commands/membership.command.js';
import type { GroupsDependencies } from './ports.js';
import { GroupingQueries } from './queries/grouping.query.js';
import { GroupLoanMeetings } from './queries/group-loans.query.js';
import { MeetingQueries } from './queries/meeting.query.js';

/** The groups module's facade: centers, groups, their members and their meetings. */
export interface GroupsServices {
  groupings: GroupingCommands;
  membership: Membership;
  queries: GroupingQueries;
  meetings: MeetingCommands;
  meetingQueries: MeetingQueries;
  /** What JLG loans ask of their group: membership and meeting dates (registered with the loan module). */
  forLoans: GroupLoanMeetings;
}

export function createGroupsServices(db: Database, deps: GroupsDependencies): GroupsServices {
  const membership = new Membership(db, deps);
  const meetingQueries = new MeetingQueries(db, deps);
  return {
    groupings: new GroupingCommands(db, deps, membership),
    membership,
    queries: new GroupingQueries(db, deps),
    meetings: new MeetingCommands(db, deps),
    meetingQueries,
    forLoans: new GroupLoanMeetings(deps, meetingQueries),
  };
}
