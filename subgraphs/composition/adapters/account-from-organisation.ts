import type { AccountDependencies } from '../../account/account.ports.js';
import type { AccountServices } from '../../account/account.services.js';
import { BRANCH_MANAGER_ROLE_ID, HEAD_OF_OPERATIONS_ROLE_ID } from '../../organisation/permissions.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/** Settings, business dates, scope, the checker roles of maker-checker, payment types and names for read models. */
export function accountFromOrganisation(
  organisation: OrganisationServices,
): Pick<AccountDependencies, 'settings' | 'businessDates' | 'scope' | 'checkerRoleIds' | 'paymentType' | 'officeNames' | 'usernames'> {
  return {
    settings: organisation.settings,
    businessDates: organisation.businessDates,
    scope: organisation.scope,
    checkerRoleIds: [BRANCH_MANAGER_ROLE_ID, HEAD_OF_OPERATIONS_ROLE_ID],
    paymentType: (tx, id) => organisation.paymentTypes.find(tx, id),
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    usernames: (tenantId, ids) => organisation.users.usernames(tenantId, ids),
  };
}

/** Registered after the ledger's seeder: the products' currency must be enabled first. */
export function registerAccountWithOrganisation(account: AccountServices, organisation: OrganisationServices): void {
  organisation.tenants.addSeeder(account.seedTenant);
}
