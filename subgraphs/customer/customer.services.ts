import type { Database, Tx } from '../kernel/database.js';
import type { OrganisationServices } from '../organisation/organisation.services.js';
import { bvnVerifierFromEnv, type BvnVerifier } from './bvn-verifier.js';
import { ClientLifecycleService } from './client-lifecycle.service.js';
import { ClientService } from './client.service.js';
import { CorporateKycService } from './corporate-kyc.service.js';

/** A code value as a client shows it (gender, client type, classification, reasons). */
export interface CodeValueRef {
  id: number;
  name: string;
  active: boolean;
  mandatory: boolean;
}

/** What the customer module needs from others, wired in subgraphs/registry.ts. */
export interface CustomerDependencies {
  /** Inside the caller's transaction: whether valueId is a value of the code named codeName (organisation codes). */
  codeValueValid: (tx: Tx, codeName: string, valueId: number) => Promise<boolean>;
  /** Code values by id, for read models (one query per page). */
  codeValues: (tenantId: string, ids: readonly number[]) => Promise<Map<number, CodeValueRef>>;
  /**
   * Inside the caller's transaction: how many savings/current accounts and loans of the client are not
   * closed. Closing a client is refused while any are (Fineract's rule).
   */
  openProductsOf: (tx: Tx, clientId: number) => Promise<number>;
}

/** The customer module's facade: accounts, loans and self-service reach client data only through it. */
export interface CustomerServices {
  clients: ClientService;
  lifecycle: ClientLifecycleService;
  corporateKyc: CorporateKycService;
  bvnVerifier: BvnVerifier;
  /** Office and staff lookups for resolvers (names of a page of clients in one batch). */
  organisation: OrganisationServices;
  /** Code values for read models (gender, client type...). */
  codeValues: CustomerDependencies['codeValues'];
}

export function createCustomerServices(db: Database, organisation: OrganisationServices, deps: CustomerDependencies, options: { bvnVerifier?: BvnVerifier } = {}): CustomerServices {
  const bvnVerifier = options.bvnVerifier ?? bvnVerifierFromEnv();
  const clients = new ClientService(db, organisation, bvnVerifier, deps);
  return {
    clients,
    lifecycle: new ClientLifecycleService(db, clients, deps),
    corporateKyc: new CorporateKycService(db, clients),
    bvnVerifier,
    organisation,
    codeValues: deps.codeValues,
  };
}
