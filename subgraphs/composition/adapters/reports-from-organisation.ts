import type { OrganisationServices } from '../../organisation/organisation.services.js';
import type { ReportsDependencies } from '../../reports/ports.js';

/** The office subtree a report covers (404 for an office the caller does not see), the business date, and record scope. */
export function reportsFromOrganisation(organisation: OrganisationServices): ReportsDependencies {
  return {
    officeSubtreeOf: (tx, staff, officeId) => organisation.offices.subtreeOf(tx, staff, officeId),
    businessDates: organisation.businessDates,
    canSee: (tx, identity, record) => organisation.scope.canSee(tx, identity, record),
  };
}
