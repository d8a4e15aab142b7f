import type { LedgerDependencies } from '../../ledger/ledger.ports.js';
import type { LedgerServices } from '../../ledger/ledger.services.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/** The ledger's scope (offices the caller sees), opening dates, and the names its reports print. */
export function ledgerFromOrganisation(organisation: OrganisationServices): LedgerDependencies {
  return {
    officeOpeningDate: (tx, officeId) => organisation.offices.openingDate(tx, officeId),
    officeInScope: async (tx, staff, officeId) => (await organisation.offices.findInScope(tx, staff, officeId)) !== null,
    officeSubtree: (tx, staff, officeId) => organisation.offices.subtreeOf(tx, staff, officeId),
    officesInScope: (tx, staff) => organisation.scope.officeIds(tx, staff),
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    usernames: (tenantId, ids) => organisation.users.usernames(tenantId, ids),
    paymentTypeExists: async (tx, id) => (await organisation.paymentTypes.find(tx, id)) !== null,
    paymentTypeNames: (tenantId, ids) => organisation.paymentTypes.names(tenantId, ids),
    codeValueOfCode: async (tx, codeName, valueId) => (await organisation.codes.valueOfCode(tx, codeName, valueId)) !== null,
    codeValueNames: async (tenantId, ids) => new Map([...(await organisation.codes.valuesByIds(tenantId, ids))].map(([id, v]) => [id, v.name])),
  };
}

/** Every tenant (new or existing) gets the default chart of accounts and currencies. */
export function registerLedgerWithOrganisation(ledger: LedgerServices, organisation: OrganisationServices): void {
  organisation.tenants.addSeeder(ledger.seedTenant);
}
