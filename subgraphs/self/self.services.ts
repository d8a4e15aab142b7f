import type { Database } from '../platform/database.js';
import { BeneficiaryService } from './beneficiary.service.js';
import { ClientSelfServiceAdmin } from './client-self-service.service.js';
import { CustomerAppsService } from './customer-apps.service.js';
import { CustomerSessionService } from './customer-session.service.js';
import { DeviceRegistrationService } from './device-registration.service.js';
import { LoanApplicationEditService } from './loan-application-edit.service.js';
import { LoanOfferService } from './loan-offer.service.js';
import { OwnDataService } from './own-data.service.js';
import { RegistrationService } from './registration.service.js';
import { SavingsApplicationService } from './savings-application.service.js';
import type { SelfDependencies } from './self.ports.js';
import { SelfTransferService } from './self-transfer.service.js';
import { TwoStepRegistrationService } from './two-step-registration.service.js';

/** The self-service module's facade: customer registration, sessions, own data, beneficiaries, transfers and loan offers. */
export interface SelfServices {
  registration: RegistrationService;
  sessions: CustomerSessionService;
  ownData: OwnDataService;
  beneficiaries: BeneficiaryService;
  transfers: SelfTransferService;
  loanOffers: LoanOfferService;
  /** Staff: disable, enable or reset a client's self-service login. */
  clientSelfService: ClientSelfServiceAdmin;
  /** What Fineract's own customer apps read beyond the interface (issue 42). */
  apps: CustomerAppsService;
  /** The customer apps' push tokens, one per client. */
  devices: DeviceRegistrationService;
  /** A customer's changes to their own pending loan application. */
  loanEdits: LoanApplicationEditService;
  /** A customer's own savings applications. */
  savingsApplications: SavingsApplicationService;
  /** Fineract's two-step registration of an existing client (a token by email or SMS). */
  twoStepRegistration: TwoStepRegistrationService;
}

export function createSelfServices(db: Database, deps: SelfDependencies): SelfServices {
  return {
    registration: new RegistrationService(db, deps),
    sessions: new CustomerSessionService(db, deps),
    ownData: new OwnDataService(db, deps),
    beneficiaries: new BeneficiaryService(db, deps),
    transfers: new SelfTransferService(db, deps),
    loanOffers: new LoanOfferService(db, deps),
    clientSelfService: new ClientSelfServiceAdmin(db, deps),
    apps: new CustomerAppsService(db, deps),
    devices: new DeviceRegistrationService(db, deps),
    loanEdits: new LoanApplicationEditService(db, deps),
    savingsApplications: new SavingsApplicationService(db, deps),
    twoStepRegistration: new TwoStepRegistrationService(db, deps),
  };
}
