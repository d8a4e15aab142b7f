import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import { connection, keysetPage, type Connection } from '../../kernel/connection.js';
import type { AuditServices } from '../audit.services.js';
import type { AuditView } from '../queries/audits.query.js';
import { AuditConnectionType, AuditEntryType, AuditPageType, AuditSearchTemplateType, AuditVerificationType } from './audit.types.js';

function entry(view: AuditView): AuditEntryType {
  return {
    id: view.id,
    actionName: view.actionName,
    entityName: view.entityName,
    operation: view.operation,
    resourceId: view.resourceId,
    subresourceId: view.subresourceId,
    officeId: view.officeId,
    officeName: view.officeName,
    makerId: view.makerId,
    maker: view.maker,
    makerKeyIssuerId: view.makerDelegatedBy,
    madeOnDate: new Date(view.madeAt).toISOString(),
    checkerId: view.checkerId,
    checker: view.checker,
    checkedOnDate: view.checkedAt === null ? null : new Date(view.checkedAt).toISOString(),
    processingResultId: view.processingResult,
    processingResult: view.processingResultName,
    errorCode: view.errorCode,
    commandAsJson: view.commandJson,
  };
}

/** The audit trail for READ_AUDIT holders, within their office subtree (GET /audits...). */
@Resolver()
export class AuditResolver {
  constructor(private readonly services: AuditServices) {}

  @Query(() => AuditPageType, { description: 'Audit entries, newest first, filtered as Fineract\'s GET /audits.' })
  async audits(
    @Ctx() ctx: RequestContext,
    @Arg('actionName', () => String, { nullable: true, description: 'Only this action (CREATE, DEPOSIT...).' }) actionName?: string | null,
    @Arg('entityName', () => String, { nullable: true, description: 'Only this entity (CLIENT, SAVINGSACCOUNT...).' }) entityName?: string | null,
    @Arg('resourceId', () => Int, { nullable: true, description: 'Only entries about this record.' }) resourceId?: number | null,
    @Arg('makerId', () => Int, { nullable: true, description: 'Only this maker\'s entries.' }) makerId?: number | null,
    @Arg('checkerId', () => Int, { nullable: true, description: 'Only entries this checker checked.' }) checkerId?: number | null,
    @Arg('officeId', () => Int, { nullable: true, description: 'Only entries made at this office.' }) officeId?: number | null,
    @Arg('processingResult', () => Int, { nullable: true, description: '1 processed, 2 awaiting approval, 3 rejected, 5 error.' }) processingResult?: number | null,
    @Arg('makerDateTimeFrom', () => String, { nullable: true, description: 'Made at or after (yyyy-MM-dd HH:mm:ss, UTC).' }) makerDateTimeFrom?: string | null,
    @Arg('makerDateTimeTo', () => String, { nullable: true, description: 'Made at or before (yyyy-MM-dd HH:mm:ss, UTC; a date alone means its end).' }) makerDateTimeTo?: string | null,
    @Arg('offset', () => Int, { nullable: true, description: 'Entries to skip (default 0).' }) offset?: number | null,
    @Arg('limit', () => Int, { nullable: true, description: 'Page size, 1 to 200 (default 200).' }) limit?: number | null,
  ): Promise<AuditPageType> {
    const page = await this.services.queries.list(ctx.identity, { actionName, entityName, resourceId, makerId, checkerId, officeId, processingResult, makerDateTimeFrom, makerDateTimeTo, offset, limit });
    return { totalFilteredRecords: page.total, pageItems: page.items.map(entry) };
  }

  @Query(() => AuditConnectionType, { description: 'Audit entries, newest first, as a cursor page (Relay connection): the same filters and walls as audits.' })
  async auditsConnection(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) first?: number | null,
    @Arg('after', () => String, { description: 'Resume after this cursor (an endCursor or edge cursor this list returned); from the newest when omitted.', nullable: true }) after?: string | null,
    @Arg('actionName', () => String, { nullable: true, description: 'Only this action (CREATE, DEPOSIT...).' }) actionName?: string | null,
    @Arg('entityName', () => String, { nullable: true, description: 'Only this entity (CLIENT, SAVINGSACCOUNT...).' }) entityName?: string | null,
    @Arg('resourceId', () => Int, { nullable: true, description: 'Only entries about this record.' }) resourceId?: number | null,
    @Arg('makerId', () => Int, { nullable: true, description: 'Only this maker\'s entries.' }) makerId?: number | null,
    @Arg('checkerId', () => Int, { nullable: true, description: 'Only entries this checker checked.' }) checkerId?: number | null,
    @Arg('officeId', () => Int, { nullable: true, description: 'Only entries made at this office.' }) officeId?: number | null,
    @Arg('processingResult', () => Int, { nullable: true, description: '1 processed, 2 awaiting approval, 3 rejected, 5 error.' }) processingResult?: number | null,
    @Arg('makerDateTimeFrom', () => String, { nullable: true, description: 'Made at or after (yyyy-MM-dd HH:mm:ss, UTC).' }) makerDateTimeFrom?: string | null,
    @Arg('makerDateTimeTo', () => String, { nullable: true, description: 'Made at or before (yyyy-MM-dd HH:mm:ss, UTC; a date alone means its end).' }) makerDateTimeTo?: string | null,
  ): Promise<Connection<AuditEntryType>> {
    const page = keysetPage('audits', 2, first, after);
    const found = await this.services.queries.keysetPage(ctx.identity, { actionName, entityName, resourceId, makerId, checkerId, officeId, processingResult, makerDateTimeFrom, makerDateTimeTo }, page);
    return connection('audits', page, found.items, found.total, (e) => [e.madeAtMicros, e.id], entry);
  }

  @Query(() => AuditEntryType, { description: 'One audit entry; another office\'s (outside the caller\'s subtree) or tenant\'s is "not found".' })
  async audit(@Arg('id', () => Int, { description: 'The entry\'s id.' }) id: number, @Ctx() ctx: RequestContext): Promise<AuditEntryType> {
    return entry(await this.services.queries.get(ctx.identity, id));
  }

  @Query(() => AuditSearchTemplateType, { description: 'What an audit search may filter on.' })
  async auditSearchTemplate(@Ctx() ctx: RequestContext): Promise<AuditSearchTemplateType> {
    return this.services.queries.searchTemplate(ctx.identity);
  }

  @Query(() => AuditVerificationType, { description: 'Recomputes the tenant\'s audit hash chain over the entries made from fromDate to toDate (UTC days, at most 366) and names the first that does not match.' })
  async verifyAudits(
    @Ctx() ctx: RequestContext,
    @Arg('fromDate', () => String, { description: 'First day (yyyy-MM-dd).' }) fromDate: string,
    @Arg('toDate', () => String, { description: 'Last day (yyyy-MM-dd).' }) toDate: string,
  ): Promise<AuditVerificationType> {
    return this.services.queries.verify(ctx.identity, fromDate, toDate);
  }
}
