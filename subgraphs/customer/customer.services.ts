import type { Database } from '../platform/database.js';
import { bvnVerifierFromEnv, type BvnVerifier } from './bvn-verifier.js';
import { clientsForSelf } from './client-for-self.js';
import { ClientLifecycleService } from './client-lifecycle.service.js';
import { ClientChecks } from './client-checks.js';
import { ClientMaintenance } from './client-maintenance.commands.js';
import { ClientOnboarding } from './client-onboarding.commands.js';
import { ClientQueries } from './client.queries.js';
import { CorporateKycService } from './corporate-kyc.service.js';
import type { CustomerDependencies } from './customer.ports.js';

/** The customer module's facade: accounts, loans and self-service reach client data only through it. */
export interface CustomerServices {
  /** Reading clients (staff reads, and other modules' reads in their transaction). */
  clients: ClientQueries;
  onboarding: ClientOnboarding;
  maintenance: ClientMaintenance;
  lifecycle: ClientLifecycleService;
  corporateKyc: CorporateKycService;
  bvnVerifier: BvnVerifier;
  /** What the self-service module reaches clients through (wired in the composition root). */
  forSelf: ReturnType<typeof clientsForSelf>;
  /** Office names for read models (a page of clients in one batch). */
  officeNames: CustomerDependencies['officeNames'];
  /** Code values for read models (gender, client type...). */
  codeValues: CustomerDependencies['codeValues'];
}

export function createCustomerServices(db: Database, deps: CustomerDependencies, options: { bvnVerifier?: BvnVerifier } = {}): CustomerServices {
  const bvnVerifier = options.bvnVerifier ?? bvnVerifierFromEnv();
  const clients = new ClientQueries(db, deps);
  const checks = new ClientChecks(clients, deps);
  const onboarding = new ClientOnboarding(db, bvnVerifier, checks);
  return {
    clients,
    onboarding,
    maintenance: new ClientMaintenance(db, bvnVerifier, clients, checks, deps),
    lifecycle: new ClientLifecycleService(db, clients, deps),
    corporateKyc: new CorporateKycService(db, clients),
    bvnVerifier,
    forSelf: clientsForSelf(clients, onboarding, bvnVerifier),
    officeNames: deps.officeNames,
    codeValues: deps.codeValues,
  };
}
