import type { AuditDependencies } from '../../audit/ports.js';
import type { OrganisationServices } from '../../organisation/organisation.services.js';

/** Names of the offices and users an entry mentions, and the tenants the chainer visits. */
export function auditFromOrganisation(organisation: OrganisationServices): AuditDependencies {
  return {
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    usernames: (tenantId, ids) => organisation.users.usernames(tenantId, ids),
    tenantIds: () => organisation.tenants.ids(),
  };
}
