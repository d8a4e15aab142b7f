import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import { errors } from '../../kernel/errors.js';
import { LocalDateScalar } from '../../kernel/scalars.js';
import { LEVEL, type Level } from '../domain/grouping.js';
import type { GroupsServices } from '../groups.services.js';
import type { CollectionSheet } from '../queries/collection-sheet.query.js';
import { GroupingChangesType } from './group.types.js';
import { CollectionSheetType, SaveCollectionSheetInputType } from './collection-sheet.types.js';

/** Attendance is not recorded: every member is shown present, as Fineract's sheet defaults. */
const PRESENT = { id: 1, code: 'attendanceType.present', value: 'Present' };
/** Only active loans and savings accounts are on a sheet. */
const ACTIVE = 300;

/** Fineract's field names and enums around the module's sheet. */
function view(sheet: CollectionSheet): CollectionSheetType {
  return {
    ...sheet,
    groups: sheet.groups.map((g) => ({
      ...g,
      clients: g.clients.map((c) => ({
        clientId: c.clientId, clientName: c.clientName, attendanceType: PRESENT,
        loans: c.loans.map((l) => ({
          loanId: l.loanId, accountId: l.accountNo, accountStatusId: ACTIVE, productId: l.productId, currency: { code: l.currencyCode },
          principalDue: l.principalDue, interestDue: l.interestDue, feeDue: l.feeDue, penaltyDue: l.penaltyDue, chargesDue: l.chargesDue, totalDue: l.totalDue,
        })),
        savings: c.savings.map((s) => ({
          savingsId: s.id, accountId: s.accountNo, accountStatusId: ACTIVE, productId: s.productId, productName: s.productName, currency: { code: s.currencyCode },
          dueAmount: s.dueAmount, depositAccountType: 'Saving Deposit',
        })),
      })),
    })),
  };
}

/** Exactly one of centerId and groupId names the sheet's grouping. */
function groupingOf(centerId: number | null | undefined, groupId: number | null | undefined): { level: Level; id: number } {
  if ((centerId == null) === (groupId == null)) {
    throw errors.validation([{ code: 'validation.msg.collectionsheet.centerId.or.groupId.required', message: 'Name exactly one of centerId and groupId.', parameterName: 'centerId' }]);
  }
  return centerId != null ? { level: LEVEL.center, id: centerId } : { level: LEVEL.group, id: groupId! };
}

const CENTER = { description: 'The center whose sheet it is (or groupId).', nullable: true };
const GROUP = { description: 'The group whose sheet it is (or centerId).', nullable: true };

/** Collection sheets of centers and groups (?command=generateCollectionSheet and saveCollectionSheet). */
@Resolver()
export class CollectionSheetResolver {
  constructor(private readonly services: GroupsServices) {}

  @Query(() => CollectionSheetType, { description: 'What each member of a center or group owes at a meeting: loans due up to the date, unpaid, and savings deposits due, with totals.' })
  async collectionSheet(
    @Arg('calendarId', () => Int, { description: 'The meeting the center or group follows.' }) calendarId: number,
    @Arg('transactionDate', () => LocalDateScalar, { description: 'One of the meeting\'s dates.' }) transactionDate: string,
    @Ctx() ctx: RequestContext,
    @Arg('centerId', () => Int, CENTER) centerId?: number | null,
    @Arg('groupId', () => Int, GROUP) groupId?: number | null,
  ): Promise<CollectionSheetType> {
    const { level, id } = groupingOf(centerId, groupId);
    return view(await this.services.collectionSheets.generate(ctx.identity, level, id, { calendarId, transactionDate }));
  }

  @Mutation(() => GroupingChangesType, { description: 'Posts a sheet\'s repayments and deposits in one transaction: all of them or, when a line fails, none.' })
  async saveCollectionSheet(
    @Arg('input', () => SaveCollectionSheetInputType, { description: 'The lines and their date.' }) input: SaveCollectionSheetInputType,
    @Ctx() ctx: RequestContext,
    @Arg('centerId', () => Int, CENTER) centerId?: number | null,
    @Arg('groupId', () => Int, GROUP) groupId?: number | null,
  ): Promise<GroupingChangesType> {
    const { level, id } = groupingOf(centerId, groupId);
    return this.services.collectionSheetSaves.save(ctx.identity, level, id, input);
  }
}
