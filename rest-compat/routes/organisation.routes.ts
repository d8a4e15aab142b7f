import { intParam, type Route } from '../route.js';

const id = (name: string) => (req: { params: Record<string, string> }) => ({ id: intParam(req.params[name]) });

/** Fineract's office/staff/user/role/payment type paths. */
export const organisationRoutes: Route[] = [
  { method: 'POST', path: '/authentication', operation: 'Authenticate', body: 'args', anonymous: true, result: (d) => d.authenticate },
  { method: 'POST', path: '/authentication/logout', operation: 'Logout', body: 'none', customers: true, result: (d) => ({ loggedOut: d.logout }) },

  { method: 'GET', path: '/offices', operation: 'Offices', result: (d) => d.offices },
  // Fineract's external-id forms, resolved in the office service within the caller's scope.
  { method: 'GET', path: '/offices/external-id/:externalId', operation: 'Office', variables: (req) => ({ externalId: req.params.externalId }), result: (d) => d.office },
  {
    method: 'PUT', path: '/offices/external-id/:externalId', operation: 'UpdateOffice', body: 'input', variables: (req) => ({ externalId: req.params.externalId }),
    result: (d) => ({ officeId: d.updateOffice.office.id, resourceId: d.updateOffice.office.id, changes: d.updateOffice.changes }),
  },
  { method: 'GET', path: '/offices/:officeId', operation: 'Office', variables: id('officeId'), result: (d) => d.office },
  { method: 'POST', path: '/offices', operation: 'CreateOffice', body: 'input', resource: 'office', result: (d) => ({ officeId: d.createOffice.id, resourceId: d.createOffice.id }) },
  {
    method: 'PUT', path: '/offices/:officeId', operation: 'UpdateOffice', body: 'input', variables: id('officeId'),
    result: (d) => ({ officeId: d.updateOffice.office.id, resourceId: d.updateOffice.office.id, changes: d.updateOffice.changes }),
  },

  {
    method: 'GET', path: '/staff', operation: 'StaffList',
    variables: (req) => ({ officeId: intParam(req.query.get('officeId')), status: req.query.get('status') ?? undefined, loanOfficersOnly: req.query.get('loanOfficersOnly') === 'true' || undefined }),
    result: (d) => d.staff,
  },
  { method: 'GET', path: '/staff/:staffId', operation: 'StaffMember', variables: id('staffId'), result: (d) => d.staffMember },
  { method: 'POST', path: '/staff', operation: 'CreateStaff', body: 'input', resource: 'staff', result: (d) => ({ officeId: d.createStaff.officeId, resourceId: d.createStaff.id }) },
  {
    method: 'PUT', path: '/staff/:staffId', operation: 'UpdateStaff', body: 'input', variables: id('staffId'),
    result: (d) => ({ officeId: d.updateStaff.staff.officeId, resourceId: d.updateStaff.staff.id, changes: d.updateStaff.changes }),
  },

  { method: 'GET', path: '/users', operation: 'Users', result: (d) => d.users },
  { method: 'GET', path: '/users/:userId', operation: 'User', variables: id('userId'), result: (d) => d.user },
  { method: 'POST', path: '/users', operation: 'CreateUser', body: 'input', resource: 'user', result: (d) => ({ officeId: d.createUser.officeId, resourceId: d.createUser.id }) },
  {
    method: 'PUT', path: '/users/:userId', operation: 'UpdateUser', body: 'input', variables: id('userId'),
    result: (d) => ({ officeId: d.updateUser.user.officeId, resourceId: d.updateUser.user.id, changes: d.updateUser.changes }),
  },
  { method: 'GET', path: '/users/:userId/apikeys', operation: 'ApiKeys', variables: (req) => ({ userId: intParam(req.params.userId) }), result: (d) => d.apiKeys },
  {
    method: 'POST', path: '/users/:userId/apikeys', operation: 'CreateApiKey', body: 'input', resource: 'apikey', variables: (req) => ({ userId: intParam(req.params.userId) }),
    result: (d) => ({ resourceId: d.createApiKey.apiKey.id, userId: d.createApiKey.apiKey.userId, key: d.createApiKey.key, ...d.createApiKey.apiKey }),
  },
  {
    method: 'DELETE', path: '/users/:userId/apikeys/:keyId', operation: 'RevokeApiKey',
    variables: (req) => ({ userId: intParam(req.params.userId), keyId: intParam(req.params.keyId) }),
    result: (d) => ({ resourceId: d.revokeApiKey.id, userId: d.revokeApiKey.userId, revokedAt: d.revokeApiKey.revokedAt }),
  },
  { method: 'DELETE', path: '/users/:userId', operation: 'DeleteUser', variables: id('userId'), result: (d) => ({ resourceId: d.deleteUser }) },

  { method: 'GET', path: '/roles', operation: 'Roles', result: (d) => d.roles },
  { method: 'GET', path: '/roles/:roleId', operation: 'Role', variables: id('roleId'), result: (d) => d.role },
  { method: 'POST', path: '/roles', operation: 'CreateRole', body: 'input', resource: 'role', result: (d) => ({ resourceId: d.createRole.id }) },
  {
    method: 'PUT', path: '/roles/:roleId', operation: 'UpdateRole', body: 'input', variables: id('roleId'),
    result: (d) => ({ resourceId: d.updateRole.role.id, changes: d.updateRole.changes }),
  },
  { method: 'GET', path: '/roles/:roleId/permissions', operation: 'RolePermissions', variables: id('roleId'), result: (d) => d.rolePermissions },
  {
    method: 'PUT', path: '/roles/:roleId/permissions', operation: 'UpdateRolePermissions', body: 'args', variables: id('roleId'),
    result: (d) => ({ resourceId: d.updateRolePermissions.roleId, changes: { permissions: d.updateRolePermissions.changes } }),
  },

  { method: 'GET', path: '/paymenttypes', operation: 'PaymentTypes', result: (d) => d.paymentTypes },

  { method: 'GET', path: '/configurations', operation: 'GlobalConfiguration', result: (d) => d.globalConfiguration },
  { method: 'GET', path: '/configurations/name/:name', operation: 'Configuration', variables: (req) => ({ name: req.params.name }), result: (d) => d.configuration },
  {
    // Fineract's GlobalConfigurationHelper changes settings by name.
    method: 'PUT', path: '/configurations/name/:name', operation: 'UpdateConfiguration', body: 'input', variables: (req) => ({ name: req.params.name }),
    result: (d) => ({ resourceId: d.updateConfiguration.setting.id, changes: d.updateConfiguration.changes }),
  },
  { method: 'GET', path: '/configurations/:configId', operation: 'Configuration', variables: id('configId'), result: (d) => d.configuration },
  {
    method: 'PUT', path: '/configurations/:configId', operation: 'UpdateConfiguration', body: 'input', variables: id('configId'),
    result: (d) => ({ resourceId: d.updateConfiguration.setting.id, changes: d.updateConfiguration.changes }),
  },

  { method: 'GET', path: '/businessdate', operation: 'BusinessDates', result: (d) => d.businessDates },
  { method: 'GET', path: '/businessdate/:type', operation: 'BusinessDate', variables: (req) => ({ type: req.params.type }), result: (d) => d.businessDate },
  { method: 'POST', path: '/businessdate', operation: 'UpdateBusinessDate', body: 'input', resource: 'businessdate', result: (d) => d.updateBusinessDate },
  { method: 'DELETE', path: '/businessdate', operation: 'ResetBusinessDate', result: (d) => d.resetBusinessDate },
];
