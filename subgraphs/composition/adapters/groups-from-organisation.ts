import type { GroupsDependencies } from '../../groups/ports.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/** Offices and staff (scope, the loan officer), names for read models, the template's options, and the business date. */
export function groupsFromOrganisation(organisation: OrganisationServices): Pick<
  GroupsDependencies, 'officeInScope' | 'officeSubtree' | 'officeNames' | 'staffMember' | 'staffNames' | 'staffOfOffice' | 'visibleOffices' | 'businessDates' | 'paymentTypes'
> {
  return {
    officeInScope: (tx, staff, officeId) => organisation.offices.findInScope(tx, staff, officeId),
    officeSubtree: (tx, staff) => organisation.offices.subtreeIds(tx, staff),
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    staffMember: (tx, staffId) => organisation.staff.find(tx, staffId),
    staffNames: (tenantId, ids) => organisation.staff.names(tenantId, ids),
    staffOfOffice: async (identity, officeId) => (await organisation.staff.list(identity, { officeId })).map((s) => ({ id: s.id, displayName: s.displayName })),
    visibleOffices: async (identity) => (await organisation.offices.list(identity)).map((o) => ({ id: o.id, name: o.name })),
    businessDates: organisation.businessDates,
    paymentTypes: async (tx) => (await organisation.paymentTypes.allIn(tx)).map((p) => ({ id: p.id, name: p.name, isCashPayment: p.isCashPayment })),
  };
}
