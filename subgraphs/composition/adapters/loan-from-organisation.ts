import type { LoanDependencies } from '../../loan/loan.ports.js';
import type { LoanServices } from '../../loan/loan.services.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/** Business dates, scope, staff and approvers, payment types, code values (write-off reasons), and the tenants the aging scheduler walks. */
export function loanFromOrganisation(
  organisation: OrganisationServices,
): Pick<LoanDependencies, 'businessDates' | 'scope' | 'officeSubtreeOf' | 'staffExists' | 'paymentType' | 'usersWithRoleAbove' | 'tenantIds' | 'codeValueValid' | 'codeValues' | 'settings'> {
  return {
    businessDates: organisation.businessDates,
    settings: organisation.settings,
    scope: organisation.scope,
    officeSubtreeOf: (tx, staff, officeId) => organisation.offices.subtreeOf(tx, staff, officeId),
    staffExists: async (tx, staffId) => (await organisation.staff.find(tx, staffId)) !== null,
    paymentType: async (tx, id) => {
      const found = await organisation.paymentTypes.find(tx, id);
      return found ? { id: found.id, isCashPayment: found.isCashPayment } : null;
    },
    usersWithRoleAbove: (tx, roleId, officeId) => organisation.users.withRoleAtOrAbove(tx, roleId, officeId),
    tenantIds: () => organisation.tenants.ids(),
    codeValueValid: async (tx, codeName, valueId) => (await organisation.codes.valueOfCode(tx, codeName, valueId)) !== null,
    codeValues: async (tx, codeName) => (await organisation.codes.activeValuesOfCodeCore(tx, codeName)).map((v) => ({ id: v.id, name: v.name })),
  };
}

/** Registered after the ledger's seeder: loan products post to its chart. */
export function registerLoanWithOrganisation(loan: LoanServices, organisation: OrganisationServices): void {
  organisation.tenants.addSeeder(loan.seedTenant);
}
