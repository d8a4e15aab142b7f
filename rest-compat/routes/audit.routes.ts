import { intParam, queryDate, type Route, type RouteRequest } from '../route.js';

const text = (req: RouteRequest, name: string) => req.query.get(name) || undefined;

/**
 * The audit trail (READ_AUDIT, within the caller's office subtree). GET /audits answers the paged shape
 * {totalFilteredRecords, pageItems}, what Fineract answers to `paged=true` (the Mifos X web app sends it);
 * its unpaged plain array is not offered. The fixed paths come before /audits/:auditId.
 */
export const auditRoutes: Route[] = [
  { method: 'GET', path: '/audits/searchtemplate', operation: 'AuditSearchTemplate', result: (d) => d.auditSearchTemplate },
  {
    method: 'GET', path: '/audits/verify', operation: 'VerifyAudits',
    variables: (req) => ({ fromDate: queryDate(req, 'fromDate') ?? '', toDate: queryDate(req, 'toDate') ?? '' }),
    result: (d) => d.verifyAudits,
  },
  { method: 'GET', path: '/audits/:auditId', operation: 'Audit', variables: (req) => ({ id: intParam(req.params.auditId) }), result: (d) => d.audit },
  {
    method: 'GET', path: '/audits', operation: 'Audits',
    variables: (req) => ({
      actionName: text(req, 'actionName'),
      entityName: text(req, 'entityName'),
      resourceId: intParam(req.query.get('resourceId')),
      makerId: intParam(req.query.get('makerId')),
      checkerId: intParam(req.query.get('checkerId')),
      officeId: intParam(req.query.get('officeId')),
      processingResult: intParam(req.query.get('processingResult')),
      makerDateTimeFrom: text(req, 'makerDateTimeFrom'),
      makerDateTimeTo: text(req, 'makerDateTimeTo'),
      offset: intParam(req.query.get('offset')),
      limit: intParam(req.query.get('limit')),
    }),
    result: (d) => d.audits,
  },
];
