import { BRANCH_MANAGER_ROLE_ID, HEAD_OF_OPERATIONS_ROLE_ID } from '../../organisation/permissions.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';
import type { StaffRecord, TillDependencies } from '../../till/till.ports.js';
import type { TillServices } from '../../till/till.services.js';

/** Copies only what the till reads, so the till never holds organisation's entity. */
const staffRecord = ({ id, officeId, isActive, displayName }: StaffRecord): StaffRecord => ({ id, officeId, isActive, displayName });

/** Staff (cashiers are staff), scope, business dates, the roles that settle, and names for read models. */
export function tillFromOrganisation(organisation: OrganisationServices): Omit<TillDependencies, 'postJournal'> {
  return {
    businessDates: organisation.businessDates,
    scope: organisation.scope,
    staff: {
      find: async (tx, id) => {
        const s = await organisation.staff.find(tx, id);
        return s ? staffRecord(s) : null;
      },
      ofUser: async (tx, userId) => {
        const s = await organisation.staff.ofUser(tx, userId);
        return s ? staffRecord(s) : null;
      },
      activeAtOffice: async (tx, officeId) => (await organisation.staff.activeAtOffice(tx, officeId)).map(staffRecord),
    },
    settlingRoleIds: [BRANCH_MANAGER_ROLE_ID, HEAD_OF_OPERATIONS_ROLE_ID],
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    staffNames: (tenantId, ids) => organisation.staff.names(tenantId, ids),
  };
}

/** A staff record whose till is not settled is not re-linked to another login (organisation's user administration asks). */
export function registerTillWithOrganisation(till: TillServices, organisation: OrganisationServices): void {
  organisation.users.addOpenTillCheck((tx, staffId) => till.openTillOfStaff(tx, staffId));
}
