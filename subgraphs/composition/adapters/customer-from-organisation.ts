import type { CustomerDependencies } from '../../customer/customer.ports.js';
import type { CustomerServices } from '../../customer/customer.services.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/**
 * Offices and staff (scope, the account officer), code values (gender, client type, reasons), names for read
 * models, and the customer's logins, disabled in the transaction that closes, rejects or withdraws the client.
 */
export function customerFromOrganisation(organisation: OrganisationServices): CustomerDependencies {
  return {
    officeInScope: (tx, staff, officeId) => organisation.offices.findInScope(tx, staff, officeId),
    officeSubtree: (tx, staff) => organisation.offices.subtreeIds(tx, staff),
    officeSubtreeOf: (tx, staff, officeId) => organisation.offices.subtreeOf(tx, staff, officeId),
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    staffMember: (tx, staffId) => organisation.staff.find(tx, staffId),
    staffNames: (tenantId, ids) => organisation.staff.names(tenantId, ids),
    portfolioStaffId: (staff) => organisation.scope.portfolioStaffId(staff),
    codeValueValid: async (tx, codeName, valueId) => (await organisation.codes.valueOfCode(tx, codeName, valueId)) !== null,
    codeValues: async (tenantId, ids) =>
      new Map([...(await organisation.codes.valuesByIds(tenantId, ids))].map(([id, v]) => [id, { id: v.id, name: v.name, active: v.isActive, mandatory: v.isMandatory }])),
    cutOffSelfService: async (tx, clientId, by) => void (await organisation.users.disableCustomerLoginsCore(tx, clientId, by)),
  };
}

/** Code values held by clients (gender, client type, reasons) cannot be deleted. */
export function registerCustomerWithOrganisation(customer: CustomerServices, organisation: OrganisationServices): void {
  organisation.codes.addInUseCheck((tx, valueId) => customer.clients.usesCodeValue(tx, valueId));
}
