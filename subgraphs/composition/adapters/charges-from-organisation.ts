import type { ChargesDependencies } from '../../charges/ports.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/** The business date fees fall due on, and who may see a client's charges. */
export function chargesFromOrganisation(organisation: OrganisationServices): Pick<ChargesDependencies, 'businessDates' | 'canSee'> {
  return { businessDates: organisation.businessDates, canSee: (tx, identity, record) => organisation.scope.canSee(tx, identity, record) };
}
