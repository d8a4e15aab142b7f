import { intParam, type Route, type RouteRequest, type RouteData } from '../route.js';
import { clientStatus, savingsStatus, withStatus } from '../status-flags.js';

const clientId = (req: RouteRequest) => ({ clientId: intParam(req.params.clientId) });
const id = (req: RouteRequest) => ({ id: intParam(req.params.clientId) });
const text = (req: RouteRequest, name: string) => req.query.get(name) ?? undefined;

const clientChange = (payload: { client: { id: number; officeId: number }; changes: Record<string, unknown> }) => ({
  officeId: payload.client.officeId,
  clientId: payload.client.id,
  resourceId: payload.client.id,
  changes: payload.changes,
});

interface CodeValueOption { id: number; name: string; position: number; description?: string; isActive: boolean; isMandatory: boolean }
interface EnumChoice { id: number; code: string; value: string }

/** A code value as Fineract's templates list it. */
const codeOption = (v: CodeValueOption) => ({ id: v.id, name: v.name, position: v.position, description: v.description, active: v.isActive, mandatory: v.isMandatory });
/** Constitutions and business lines are fixed lists here; Fineract's templates show them as code values. */
const fixedOption = (o: EnumChoice, position: number) => ({ id: o.id, name: o.value, position, active: true, mandatory: false });

/**
 * Fineract's GET /clients/template: the options of a new client. Addresses, family members and data tables
 * are not offered, so `isAddressEnabled` is false and their lists are empty.
 */
function clientTemplate(d: RouteData, officeId: number | undefined) {
  const genders: CodeValueOption[] = d.genderOptions ?? [];
  return {
    activationDate: d.businessDate.date,
    officeId,
    officeOptions: d.offices,
    staffOptions: (d.staff ?? []).filter((s: { isActive: boolean }) => s.isActive),
    savingProductOptions: d.savingsProducts,
    genderOptions: genders.map(codeOption),
    clientTypeOptions: (d.clientTypeOptions ?? []).map(codeOption),
    clientClassificationOptions: (d.clientClassificationOptions ?? []).map(codeOption),
    clientLegalFormOptions: d.clientLegalForms,
    clientNonPersonConstitutionOptions: (d.clientConstitutions as EnumChoice[]).map(fixedOption),
    clientNonPersonMainBusinessLineOptions: (d.clientBusinessLines as EnumChoice[]).map(fixedOption),
    familyMemberOptions: { relationshipIdOptions: [], genderIdOptions: genders.map(codeOption), maritalStatusIdOptions: [], professionIdOptions: [] },
    isAddressEnabled: false,
    datatables: [],
  };
}

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
    // Fineract always answers `groups`; the Mifos X web app's client view fails without it.
    { method: 'GET', path, operation: 'Client', variables: ref, result: (d) => withStatus(d.client, clientStatus) },
    { method: 'PUT', path, operation: 'UpdateClient', body: 'input', variables: ref, result: (d) => clientChange(d.updateClient) },
    {
      method: 'DELETE', path, operation: 'DeleteClient', variables: ref,
      result: (d) => ({ officeId: d.deleteClient.officeId, clientId: d.deleteClient.id, resourceId: d.deleteClient.id }),
    },
    ...CLIENT_COMMANDS.map(([command, operation, field]): Route => ({
      method: 'POST', path, command, operation, body: 'input', resource: 'client', variables: ref, result: (d) => clientChange(d[field]),
    })),
  ];
}

/** Fineract's /clients paths plus the interface's corporate KYC, officials and KYC tier upgrade. */
export const customerRoutes: Route[] = [
  {
    method: 'POST', path: '/clients', operation: 'CreateClient', body: 'input', resource: 'client',
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
    result: (d) => ({ totalFilteredRecords: d.clients.totalFilteredRecords, pageItems: (d.clients.pageItems ?? []).map((c: RouteData) => withStatus(c, clientStatus)) }),
  },
  // Before /clients/:clientId, which would take "template" for an id.
  {
    method: 'GET', path: '/clients/template', operation: 'ClientTemplate',
    variables: (req) => ({ officeId: intParam(req.query.get('officeId')) }),
    result: (d, req) => clientTemplate(d, intParam(req.query.get('officeId'))),
  },
  // Before /clients/:clientId/...: an external id like "officials" must reach the external-id route.
  ...singleClientRoutes('/clients/external-id/:externalId', (req) => ({ externalId: req.params.externalId })),
  ...singleClientRoutes('/clients/:clientId', id),
  // Savings accounts come from the account subgraph's Client.savingsAccounts; loans attach here as that module lands.
  { method: 'GET', path: '/clients/:clientId/accounts', operation: 'ClientAccounts', variables: id, result: (d) => ({ savingsAccounts: (d.client.savingsAccounts ?? []).map((a: RouteData) => withStatus(a, savingsStatus)) }) },

  { method: 'GET', path: '/clients/:clientId/corporatekyc', operation: 'CorporateKyc', variables: clientId, result: (d) => d.corporateKyc },
  {
    method: 'PUT', path: '/clients/:clientId/corporatekyc', operation: 'UpdateCorporateKyc', body: 'input', variables: clientId,
    result: (d) => ({ clientId: d.updateCorporateKyc.corporateKyc.clientId, resourceId: d.updateCorporateKyc.corporateKyc.clientId, changes: d.updateCorporateKyc.changes }),
  },
  { method: 'GET', path: '/clients/:clientId/corporatekyc/status', operation: 'CorporateKycStatus', variables: clientId, result: (d) => d.corporateKycStatus },

  { method: 'GET', path: '/clients/:clientId/officials', operation: 'ClientOfficials', variables: clientId, result: (d) => d.clientOfficials ?? [] },
  {
    method: 'POST', path: '/clients/:clientId/officials', operation: 'CreateClientOfficial', body: 'input', resource: 'clientofficial', variables: clientId,
    result: (d) => ({ clientId: d.createClientOfficial.clientId, resourceId: d.createClientOfficial.id }),
  },
  {
    method: 'DELETE', path: '/clients/:clientId/officials/:officialId', operation: 'DeleteClientOfficial',
    variables: (req) => ({ clientId: intParam(req.params.clientId), officialId: intParam(req.params.officialId) }),
    result: (d) => ({ clientId: d.deleteClientOfficial.clientId, resourceId: d.deleteClientOfficial.id }),
  },

  // Collateral is not offered: a visible client has none (another's client is 404). Client charges: client-charges.routes.ts.
  { method: 'GET', path: '/clients/:clientId/collaterals/template', operation: 'ClientExists', variables: id, result: () => [] },

  { method: 'GET', path: '/kyctiers', operation: 'KycTierLimits', result: (d) => d.kycTierLimits },
];
