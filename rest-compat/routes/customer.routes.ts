import { intParam, type Route, type RouteRequest } from '../route.js';

const clientId = (req: RouteRequest) => ({ clientId: intParam(req.params.clientId) });
const id = (req: RouteRequest) => ({ id: intParam(req.params.clientId) });
const text = (req: RouteRequest, name: string) => req.query.get(name) ?? undefined;

const clientChange = (payload: { client: { id: number; officeId: number }; changes: Record<string, unknown> }) => ({
  officeId: payload.client.officeId,
  clientId: payload.client.id,
  resourceId: payload.client.id,
  changes: payload.changes,
});

/** POST /clients/{id}?command=... : the command and the mutation serving it. */
const CLIENT_COMMANDS: [command: string, operation: string, field: string][] = [
  ['activate', 'ActivateClient', 'activateClient'],
  ['upgradeKyc', 'UpgradeClientKyc', 'upgradeClientKyc'],
  ['assignStaff', 'AssignClientStaff', 'assignClientStaff'],
  ['unassignStaff', 'UnassignClientStaff', 'unassignClientStaff'],
  ['close', 'CloseClient', 'closeClient'],
  ['reject', 'RejectClient', 'rejectClient'],
  ['withdraw', 'WithdrawClient', 'withdrawClient'],
  ['reactivate', 'ReactivateClient', 'reactivateClient'],
  ['undoRejection', 'UndoClientRejection', 'undoClientRejection'],
  ['undoWithdrawal', 'UndoClientWithdrawal', 'undoClientWithdrawal'],
];

/**
 * A client's own paths, once under /clients/{clientId} and once under Fineract's
 * /clients/external-id/{externalId}; the service resolves the external id within the caller's scope.
 */
function singleClientRoutes(path: string, ref: (req: RouteRequest) => Record<string, unknown>): Route[] {
  return [
    { method: 'GET', path, operation: 'Client', variables: ref, result: (d) => d.client },
    { method: 'PUT', path, operation: 'UpdateClient', body: 'input', variables: ref, result: (d) => clientChange(d.updateClient) },
    {
      method: 'DELETE', path, operation: 'DeleteClient', variables: ref,
      result: (d) => ({ officeId: d.deleteClient.officeId, clientId: d.deleteClient.id, resourceId: d.deleteClient.id }),
    },
    ...CLIENT_COMMANDS.map(([command, operation, field]): Route => ({
      method: 'POST', path, command, operation, body: 'input', variables: ref, result: (d) => clientChange(d[field]),
    })),
  ];
}

/** Fineract's /clients paths plus the interface's corporate KYC, officials and KYC tier upgrade. */
export const customerRoutes: Route[] = [
  {
    method: 'POST', path: '/clients', operation: 'CreateClient', body: 'input',
    result: (d) => ({
      officeId: d.createClient.officeId,
      clientId: d.createClient.id,
      resourceId: d.createClient.id,
      changes: { cif: d.createClient.cif, accountNo: d.createClient.accountNo },
      resourceExternalId: d.createClient.externalId,
    }),
  },
  {
    method: 'GET', path: '/clients', operation: 'Clients',
    variables: (req) => ({
      officeId: intParam(req.query.get('officeId')),
      externalId: text(req, 'externalId'),
      displayName: text(req, 'displayName'),
      status: text(req, 'status'),
      staffId: intParam(req.query.get('staffId')),
      offset: intParam(req.query.get('offset')),
      limit: intParam(req.query.get('limit')),
      orderBy: text(req, 'orderBy'),
      sortOrder: text(req, 'sortOrder'),
    }),
    result: (d) => ({ totalFilteredRecords: d.clients.totalFilteredRecords, pageItems: d.clients.pageItems ?? [] }),
  },
  // Before /clients/:clientId/...: an external id like "officials" must reach the external-id route.
  ...singleClientRoutes('/clients/external-id/:externalId', (req) => ({ externalId: req.params.externalId })),
  ...singleClientRoutes('/clients/:clientId', id),
  // Savings, fixed deposit and loan accounts attach here as those modules land.
  { method: 'GET', path: '/clients/:clientId/accounts', operation: 'ClientAccounts', variables: id, result: () => ({}) },

  { method: 'GET', path: '/clients/:clientId/corporatekyc', operation: 'CorporateKyc', variables: clientId, result: (d) => d.corporateKyc },
  {
    method: 'PUT', path: '/clients/:clientId/corporatekyc', operation: 'UpdateCorporateKyc', body: 'input', variables: clientId,
    result: (d) => ({ clientId: d.updateCorporateKyc.corporateKyc.clientId, resourceId: d.updateCorporateKyc.corporateKyc.clientId, changes: d.updateCorporateKyc.changes }),
  },
  { method: 'GET', path: '/clients/:clientId/corporatekyc/status', operation: 'CorporateKycStatus', variables: clientId, result: (d) => d.corporateKycStatus },

  { method: 'GET', path: '/clients/:clientId/officials', operation: 'ClientOfficials', variables: clientId, result: (d) => d.clientOfficials ?? [] },
  {
    method: 'POST', path: '/clients/:clientId/officials', operation: 'CreateClientOfficial', body: 'input', variables: clientId,
    result: (d) => ({ clientId: d.createClientOfficial.clientId, resourceId: d.createClientOfficial.id }),
  },
  {
    method: 'DELETE', path: '/clients/:clientId/officials/:officialId', operation: 'DeleteClientOfficial',
    variables: (req) => ({ clientId: intParam(req.params.clientId), officialId: intParam(req.params.officialId) }),
    result: (d) => ({ clientId: d.deleteClientOfficial.clientId, resourceId: d.deleteClientOfficial.id }),
  },

  { method: 'GET', path: '/kyctiers', operation: 'KycTierLimits', result: (d) => d.kycTierLimits },
];
