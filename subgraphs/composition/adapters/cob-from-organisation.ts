import type { CobDependencies } from '../../cob/ports.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/** The business date the run closes and advances, office scope and existence, and the tenants to close. */
export function cobFromOrganisation(organisation: OrganisationServices): Pick<CobDependencies, 'businessDates' | 'officesInScope' | 'officeExists' | 'tenantIds'> {
  return {
    businessDates: organisation.businessDates,
    officesInScope: (tx, staff) => organisation.scope.officeIds(tx, staff),
    officeExists: async (tx, officeId) => (await organisation.offices.find(tx, officeId)) !== null,
    tenantIds: () => organisation.tenants.ids(),
  };
}
