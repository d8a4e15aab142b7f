import type { ChargesDependencies } from '../../charges/ports.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/** The business date fees fall due on. */
export function chargesFromOrganisation(organisation: OrganisationServices): Pick<ChargesDependencies, 'businessDates'> {
  return { businessDates: organisation.businessDates };
}
