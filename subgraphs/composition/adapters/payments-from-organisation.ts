import type { OrganisationServices } from '../../organisation/organisation.services.js';
import type { PaymentsDependencies } from '../../payments/payments.ports.js';

/** Settings (transfer limits), the business date, and staff scope for the operators' views. */
export function paymentsFromOrganisation(organisation: OrganisationServices): Pick<PaymentsDependencies, 'settings' | 'businessDates' | 'officesInScope'> {
  return {
    settings: organisation.settings,
    businessDates: organisation.businessDates,
    officesInScope: (tx, staff) => organisation.scope.officeIds(tx, staff),
  };
}
