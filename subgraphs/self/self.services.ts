import type { Database } from '../kernel/database.js';
import type { BusinessDates, TenantSettings } from '../kernel/ports.js';
import { BeneficiaryService } from './beneficiary.service.js';
import { CustomerSessionService } from './customer-session.service.js';
import { LoanOfferService } from './loan-offer.service.js';
import { OwnDataService } from './own-data.service.js';
import { RegistrationService } from './registration.service.js';
import type { SelfAccounts, SelfCustomers, SelfLoans, SelfOrganisation } from './self.ports.js';
import { SelfTransferService } from './self-transfer.service.js';

/** What the self-service module needs, wired in subgraphs/registry.ts. */
export interface SelfDependencies {
  settings: TenantSettings;
  businessDates: BusinessDates;
  customers: SelfCustomers;
  accounts: SelfAccounts;
  loans: SelfLoans;
  organisation: SelfOrganisation;
}

/** The self-service module's facade: customer registration, sessions, own data, beneficiaries, transfers and loan offers. */
export interface SelfServices {
  registration: RegistrationService;
  sessions: CustomerSessionService;
  ownData: OwnDataService;
  beneficiaries: BeneficiaryService;
  transfers: SelfTransferService;
  loanOffers: LoanOfferService;
}

export function createSelfServices(db: Database, deps: SelfDependencies): SelfServices {
  return {
    registration: new RegistrationService(db, deps),
    sessions: new CustomerSessionService(db, deps),
    ownData: new OwnDataService(db, deps),
    beneficiaries: new BeneficiaryService(db, deps),
    transfers: new SelfTransferService(db, deps),
    loanOffers: new LoanOfferService(db, deps),
  };
}
