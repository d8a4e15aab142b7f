import { intParam, type Route, type RouteRequest } from '../route.js';

const codeId = (req: RouteRequest) => ({ id: intParam(req.params.codeId) });
const valueIds = (req: RouteRequest) => ({ codeId: intParam(req.params.codeId), id: intParam(req.params.codeValueId) });

/** Fineract's /codes and /codes/{codeId}/codevalues: create answers {resourceId} and {resourceId: codeId, subResourceId: valueId}. */
export const codeRoutes: Route[] = [
  { method: 'GET', path: '/codes', operation: 'Codes', result: (d) => d.codes },
  { method: 'GET', path: '/codes/:codeId', operation: 'Code', variables: codeId, result: (d) => d.code },
  { method: 'POST', path: '/codes', operation: 'CreateCode', body: 'input', resource: 'code', result: (d) => ({ resourceId: d.createCode.id }) },
  { method: 'PUT', path: '/codes/:codeId', operation: 'UpdateCode', body: 'input', variables: codeId, result: (d) => ({ resourceId: d.updateCode.code.id, changes: d.updateCode.changes }) },
  { method: 'DELETE', path: '/codes/:codeId', operation: 'DeleteCode', variables: codeId, result: (d) => ({ resourceId: d.deleteCode.id }) },

  { method: 'GET', path: '/codes/:codeId/codevalues', operation: 'CodeValues', variables: (req) => ({ codeId: intParam(req.params.codeId) }), result: (d) => d.codeValues },
  { method: 'GET', path: '/codes/:codeId/codevalues/:codeValueId', operation: 'CodeValue', variables: valueIds, result: (d) => d.codeValue },
  {
    method: 'POST', path: '/codes/:codeId/codevalues', operation: 'CreateCodeValue', body: 'input', resource: 'code.value', variables: (req) => ({ codeId: intParam(req.params.codeId) }),
    result: (d) => ({ resourceId: d.createCodeValue.codeId, subResourceId: d.createCodeValue.id }),
  },
  {
    method: 'PUT', path: '/codes/:codeId/codevalues/:codeValueId', operation: 'UpdateCodeValue', body: 'input', variables: valueIds,
    result: (d) => ({ resourceId: d.updateCodeValue.codeValue.codeId, subResourceId: d.updateCodeValue.codeValue.id, changes: d.updateCodeValue.changes }),
  },
  {
    method: 'DELETE', path: '/codes/:codeId/codevalues/:codeValueId', operation: 'DeleteCodeValue', variables: valueIds,
    result: (d) => ({ resourceId: d.deleteCodeValue.codeId, subResourceId: d.deleteCodeValue.id }),
  },
];
