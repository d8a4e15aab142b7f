import type { Database } from '../kernel/database.js';
import type { OrganisationServices } from '../organisation/organisation.services.js';
import { bvnVerifierFromEnv, type BvnVerifier } from './bvn-verifier.js';
import { ClientService } from './client.service.js';
import { CorporateKycService } from './corporate-kyc.service.js';

/** The customer module's facade: accounts, loans and self-service reach client data only through it. */
export interface CustomerServices {
  clients: ClientService;
  corporateKyc: CorporateKycService;
  bvnVerifier: BvnVerifier;
  /** Office and staff lookups for resolvers (names of a page of clients in one batch). */
  organisation: OrganisationServices;
}

export function createCustomerServices(db: Database, organisation: OrganisationServices, options: { bvnVerifier?: BvnVerifier } = {}): CustomerServices {
  const bvnVerifier = options.bvnVerifier ?? bvnVerifierFromEnv();
  const clients = new ClientService(db, organisation, bvnVerifier);
  return { clients, corporateKyc: new CorporateKycService(db, clients), bvnVerifier, organisation };
}
