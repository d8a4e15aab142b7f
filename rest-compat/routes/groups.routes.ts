import { intParam, type Route, type RouteData, type RouteRequest } from '../route.js';

const text = (req: RouteRequest, name: string) => req.query.get(name) ?? undefined;

/** `associations=clientMembers,activeClientMembers`: at most a handful of names, each one word. */
const associations = (req: RouteRequest) => (req.query.get('associations') ?? '').split(',', 10).map((a) => a.trim()).filter(Boolean);

/** Fineract answers the lists a caller did not ask for by leaving them out, and a group outside a center without centerId. */
function fineractGrouping(g: RouteData) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(g)) {
    if (value === null && ['clientMembers', 'activeClientMembers', 'groupMembers', 'centerId', 'centerName', 'staffId', 'staffName', 'externalId', 'activationDate'].includes(key)) continue;
    out[key] = Array.isArray(value) && key === 'groupMembers' ? (value as RouteData[]).map(fineractGrouping) : value;
  }
  return out;
}

/** `paged=true` answers Fineract's page (the count is there only then); otherwise the list itself. */
const listOf = (page: RouteData) => {
  const items = (page.pageItems as RouteData[]).map(fineractGrouping);
  return page.totalFilteredRecords == null ? items : { totalFilteredRecords: page.totalFilteredRecords, pageItems: items };
};

/** Fineract answers centers' commands with `groupId` too: a center is a group of level 1. */
const answer = (payload: { id: number; officeId: number; changes: Record<string, unknown> }) => ({
  officeId: payload.officeId, groupId: payload.id, resourceId: payload.id,
  ...(Object.keys(payload.changes).length > 0 ? { changes: payload.changes } : {}),
});

const template = (t: RouteData) => ({ ...t, staffOptions: (t.staffOptions as RouteData[]).map((s) => ({ id: s.id, displayName: s.displayName })) });

/** Fineract's GroupsApiResource and CentersApiResource for one level: `/groups` or `/centers`. */
function groupingRoutes(level: 'group' | 'center'): Route[] {
  const base = level === 'group' ? '/groups' : '/centers';
  const param = level === 'group' ? 'groupId' : 'centerId';
  const Level = level === 'group' ? 'Group' : 'Center';
  const id = (req: RouteRequest) => ({ id: intParam(req.params[param]) });
  const commands: [string, string, string][] = level === 'group'
    ? [['associateClients', 'AssociateGroupClients', 'associateGroupClients'], ['disassociateClients', 'DisassociateGroupClients', 'disassociateGroupClients']]
    : [['associateGroups', 'AssociateCenterGroups', 'associateCenterGroups'], ['disassociateGroups', 'DisassociateCenterGroups', 'disassociateCenterGroups']];
  commands.push(
    ['activate', `Activate${Level}`, `activate${Level}`],
    ['close', `Close${Level}`, `close${Level}`],
    ['assignStaff', `Assign${Level}Staff`, `assign${Level}Staff`],
    ['unassignStaff', `Unassign${Level}Staff`, `unassign${Level}Staff`],
  );
  return [
    // Before /:id, which would take "template" for an id.
    { method: 'GET', path: `${base}/template`, operation: `${Level}Template`, variables: (req) => ({ officeId: intParam(req.query.get('officeId')) }), result: (d) => template(d[`${level}Template`]) },
    {
      method: 'GET', path: base, operation: `${Level}s`,
      variables: (req) => ({
        officeId: intParam(req.query.get('officeId')), staffId: intParam(req.query.get('staffId')), name: text(req, 'name'), externalId: text(req, 'externalId'),
        ...(level === 'group' ? { centerId: intParam(req.query.get('centerId')) } : {}),
        offset: intParam(req.query.get('offset')), limit: intParam(req.query.get('limit')), paged: req.query.get('paged') === 'true',
      }),
      result: (d) => listOf(d[`${level}s`]),
    },
    {
      method: 'GET', path: `${base}/:${param}`, operation: Level, variables: (req) => ({ ...id(req), associations: associations(req) }),
      result: (d) => fineractGrouping(d[level]),
    },
    { method: 'POST', path: base, operation: `Create${Level}`, body: 'input', resource: level, result: (d) => answer(d[`create${Level}`]) },
    { method: 'PUT', path: `${base}/:${param}`, operation: `Update${Level}`, body: 'input', resource: level, variables: id, result: (d) => answer(d[`update${Level}`]) },
    { method: 'DELETE', path: `${base}/:${param}`, operation: `Delete${Level}`, variables: id, result: (d) => answer(d[`delete${Level}`]) },
    ...commands.map(([command, operation, field]): Route => ({
      method: 'POST', path: `${base}/:${param}`, command, operation, body: 'input', resource: level, variables: id, result: (d) => answer(d[field]),
    })),
    ...collectionSheetRoutes(base, param),
  ];
}

/** Fineract's JLG collection sheet of a center or group: generated for a meeting date, saved in one transaction. */
function collectionSheetRoutes(base: string, param: string): Route[] {
  const sheetOf = (req: RouteRequest) => ({ [param]: intParam(req.params[param]) });
  return [
    { method: 'POST', path: `${base}/:${param}`, command: 'generateCollectionSheet', operation: 'CollectionSheet', body: 'args', resource: 'collectionsheet', variables: sheetOf, result: (d) => d.collectionSheet },
    {
      method: 'POST', path: `${base}/:${param}`, command: 'saveCollectionSheet', operation: 'SaveCollectionSheet', body: 'input', resource: 'collectionsheet', variables: sheetOf,
      result: (d) => answer(d.saveCollectionSheet),
    },
  ];
}

/** Fineract's CalendarsApiResource for centers' and groups' collection meetings. */
function meetingRoutes(level: 'group' | 'center'): Route[] {
  const base = `/${level}s/:${level}Id/calendars`;
  const ids = (req: RouteRequest) => ({ kind: level, id: intParam(req.params[`${level}Id`]) });
  const withCalendar = (req: RouteRequest) => ({ ...ids(req), calendarId: intParam(req.params.calendarId) });
  const answer = (p: { id: number; groupingId: number; changes: Record<string, unknown> }) => ({
    resourceId: p.id, groupId: p.groupingId, ...(Object.keys(p.changes).length > 0 ? { changes: p.changes } : {}),
  });
  return [
    { method: 'GET', path: base, operation: 'Meetings', variables: ids, result: (d) => d.meetings },
    { method: 'GET', path: `${base}/:calendarId`, operation: 'Meeting', variables: withCalendar, result: (d) => d.meeting },
    { method: 'POST', path: base, operation: 'CreateMeeting', body: 'input', resource: 'calendar', variables: ids, result: (d) => answer(d.createMeeting) },
    { method: 'PUT', path: `${base}/:calendarId`, operation: 'UpdateMeeting', body: 'input', resource: 'calendar', variables: withCalendar, result: (d) => answer(d.updateMeeting) },
  ];
}

/** Centers and groups (Fineract's /centers and /groups) and their meetings. */
export const groupRoutes: Route[] = [...groupingRoutes('group'), ...groupingRoutes('center'), ...meetingRoutes('group'), ...meetingRoutes('center')];
