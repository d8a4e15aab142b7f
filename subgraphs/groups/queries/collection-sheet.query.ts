import BigNumber from 'bignumber.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors } from '../../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../../kernel/identity.js';
import { COLLECTION_SHEET_CODES } from '../codes.js';
import { visibleGrouping } from '../commands/grouping-checks.js';
import { calendarNotFound } from '../commands/meeting.command.js';
import { LEVEL, STATUS, type Level } from '../domain/grouping.js';
import { addDays } from '../domain/recurrence.js';
import type { GroupsDependencies, SheetLoan, SheetSavings } from '../ports.js';
import * as groupings from '../store/grouping.store.js';
import type { MeetingQueries } from './meeting.query.js';

/** What every line of a sheet sums to: the loans' dues by portion, and the savings' due deposits. */
export interface SheetTotals {
  principalDue: string;
  interestDue: string;
  feeDue: string;
  penaltyDue: string;
  chargesDue: string;
  totalDue: string;
  savingsDue: string;
}

export interface SheetClient {
  clientId: number;
  clientName: string;
  /** `chargesDue`: fees and penalties, as Fineract's LoanDueData sums them. */
  loans: (SheetLoan & { chargesDue: string })[];
  /** `dueAmount`: the mandatory or recommended deposit; savings accounts have none, so 0. */
  savings: (SheetSavings & { dueAmount: string })[];
}

export interface SheetGroup {
  groupId: number;
  groupName: string;
  staffId: number | null;
  staffName: string | null;
  levelId: number;
  levelName: string;
  clients: SheetClient[];
  totals: SheetTotals;
}

/** Fineract's JLGCollectionSheetData, with totals per group and for the sheet. */
export interface CollectionSheet {
  dueDate: string;
  calendarId: number;
  groups: SheetGroup[];
  totals: SheetTotals;
  /** How the money may be paid: a cash type moves the loan officer's till. */
  paymentTypeOptions: { id: number; name: string; isCashPayment: boolean }[];
}

/** The sheet's groups, members, their loans and savings: what generate answers and save checks lines against. */
export interface SheetScope {
  row: groupings.GroupingRow;
  groups: groupings.GroupingRow[];
  members: Map<number, number[]>;
  loans: SheetLoan[];
  savings: SheetSavings[];
}

function totalsOf(loans: readonly SheetLoan[], savingsDue: BigNumber): SheetTotals {
  const sum = (pick: (l: SheetLoan) => string) => loans.reduce((s, l) => s.plus(pick(l)), new BigNumber(0));
  const fee = sum((l) => l.feeDue);
  const penalty = sum((l) => l.penaltyDue);
  return {
    principalDue: sum((l) => l.principalDue).toFixed(), interestDue: sum((l) => l.interestDue).toFixed(), feeDue: fee.toFixed(), penaltyDue: penalty.toFixed(),
    chargesDue: fee.plus(penalty).toFixed(), totalDue: sum((l) => l.totalDue).toFixed(), savingsDue: savingsDue.toFixed(),
  };
}

/** A center's or group's collection sheet for one meeting date: per group and member, what is due that day. */
export class CollectionSheetQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: GroupsDependencies,
    private readonly meetings: MeetingQueries,
  ) {}

  async generate(identity: Identity, level: Level, id: number, input: { calendarId: number; transactionDate: string }): Promise<CollectionSheet> {
    const staff = requireStaff(identity, 'READ_COLLECTIONSHEET');
    return this.db.tx(staff.tenantId, async (tx) => {
      const scope = await this.scope(tx, staff, level, id, input.transactionDate);
      await this.checkMeeting(tx, scope.row, input.calendarId, input.transactionDate);
      const clients = await this.deps.clientsByIds(tx, [...new Set([...scope.members.values()].flat())]);
      const names = new Map(clients.map((c) => [c.id, c.displayName]));
      const staffNames = await this.deps.staffNames(staff.tenantId, scope.groups.flatMap((g) => (g.staffId === null ? [] : [g.staffId])));
      const groups = scope.groups.map((g): SheetGroup => {
        const loans = scope.loans.filter((l) => l.groupId === g.id);
        const memberIds = scope.members.get(g.id) ?? [];
        return {
          groupId: g.id, groupName: g.name, staffId: g.staffId, staffName: g.staffId === null ? null : (staffNames.get(g.staffId) ?? null), levelId: LEVEL.group, levelName: 'Group',
          clients: memberIds.map((clientId) => ({
            clientId, clientName: names.get(clientId) ?? '',
            loans: loans.filter((l) => l.clientId === clientId).map((l) => ({ ...l, chargesDue: new BigNumber(l.feeDue).plus(l.penaltyDue).toFixed() })),
            savings: scope.savings.filter((s) => s.clientId === clientId).map((s) => ({ ...s, dueAmount: '0' })),
          })),
          totals: totalsOf(loans, new BigNumber(0)),
        };
      });
      return { dueDate: input.transactionDate, calendarId: input.calendarId, groups, totals: totalsOf(scope.loans, new BigNumber(0)), paymentTypeOptions: await this.deps.paymentTypes(tx) };
    });
  }

  /**
   * Inside the caller's transaction: the grouping (404 outside the caller's offices), its active groups (a
   * center's, or the group itself), their members, their JLG loans due up to `on` and the members' savings.
   */
  async scope(tx: Tx, staff: StaffIdentity, level: Level, id: number, on: string, lock = false): Promise<SheetScope> {
    const { row } = await visibleGrouping(tx, this.deps, staff, level, id, lock);
    const groups = level === LEVEL.group ? [row] : await groupings.findGroupings(tx, LEVEL.group, await groupings.childIds(tx, id));
    const active = groups.filter((g) => g.status === STATUS.active);
    const members = new Map<number, number[]>();
    for (const g of active) members.set(g.id, await groupings.memberIds(tx, g.id));
    const clientIds = [...new Set([...members.values()].flat())];
    const [loans, savings] = [await this.deps.loansDue(tx, active.map((g) => g.id), on), await this.deps.savingsOf(tx, clientIds)];
    return { row, groups: active, members, loans, savings };
  }

  /** The calendar must be the meeting the grouping follows, and the date one of its meeting dates. */
  private async checkMeeting(tx: Tx, row: groupings.GroupingRow, calendarId: number, on: string): Promise<void> {
    const found = await this.meetings.meetingOf(tx, row);
    if (!found || found.calendar.id !== calendarId) throw calendarNotFound(calendarId);
    // From five weeks before: a meeting moved forward by a holiday is found on the day it moved to.
    const dates = await this.meetings.datesOf(tx, found.owner, found.calendar, addDays(on, -35), 40);
    if (!dates.includes(on)) throw errors.domainRule(COLLECTION_SHEET_CODES.notMeetingDate, `The date ${on} is not a meeting date of calendar ${calendarId}.`, [on], 'transactionDate');
  }
}
