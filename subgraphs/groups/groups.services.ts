import type { Database } from '../platform/database.js';
import { CollectionSheetCommands } from './commands/collection-sheet.command.js';
import { GroupingCommands } from './commands/grouping.command.js';
import { MeetingCommands } from './commands/meeting.command.js';
import { Membership } from './commands/membership.command.js';
import type { GroupsDependencies } from './ports.js';
import { CollectionSheetQueries } from './queries/collection-sheet.query.js';
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
  /** Collection sheets of a meeting date: generated (what is due) and saved (repayments and deposits). */
  collectionSheets: CollectionSheetQueries;
  collectionSheetSaves: CollectionSheetCommands;
}

export function createGroupsServices(db: Database, deps: GroupsDependencies): GroupsServices {
  const membership = new Membership(db, deps);
  const meetingQueries = new MeetingQueries(db, deps);
  const collectionSheets = new CollectionSheetQueries(db, deps, meetingQueries);
  return {
    groupings: new GroupingCommands(db, deps, membership),
    membership,
    queries: new GroupingQueries(db, deps),
    meetings: new MeetingCommands(db, deps),
    meetingQueries,
    forLoans: new GroupLoanMeetings(deps, meetingQueries),
    collectionSheets,
    collectionSheetSaves: new CollectionSheetCommands(db, deps, collectionSheets),
  };
}
