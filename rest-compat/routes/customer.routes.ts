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
    }),
    result: (d) => ({ totalFilteredRecords: d.clients.totalFilteredRecords, pageItems: d.clients.pageItems ?? [] }),
  },
  { method: 'GET', path: '/clients/:clientId', operation: 'Client', variables: id, result: (d) => d.client },
  { method: 'PUT', path: '/clients/:clientId', operation: 'UpdateClient', body: 'input', variables: id, result: (d) => clientChange(d.updateClient) },
  { method: 'POST', path: '/clients/:clientId', command: 'activate', operation: 'ActivateClient', body: 'input', variables: id, result: (d) => clientChange(d.activateClient) },
  { method: 'POST', path: '/clients/:clientId', command: 'upgradeKyc', operation: 'UpgradeClientKyc', body: 'input', variables: id, result: (d) => clientChange(d.upgradeClientKyc) },
  // Savings accounts come from the account subgraph's Client.savingsAccounts; loans attach here as that module lands.
  { method: 'GET', path: '/clients/:clientId/accounts', operation: 'ClientAccounts', variables: id, result: (d) => ({ savingsAccounts: d.client.savingsAccounts ?? [] }) },

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
