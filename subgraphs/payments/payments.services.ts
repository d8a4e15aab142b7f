import type { Database } from '../platform/database.js';
import type { Logger } from '../platform/logger.js';
import { InboundCreditService } from './inbound-credit.service.js';
import { InterbankTransferService } from './interbank-transfer.service.js';
import type { PaymentsDependencies } from './payments.ports.js';

/** The payments module's facade: inter-bank transfers out (with the switch) and credits in. */
export interface PaymentsServices {
  transfers: InterbankTransferService;
  inbound: InboundCreditService;
}

export function createPaymentsServices(db: Database, deps: PaymentsDependencies, logger?: Logger): PaymentsServices {
  return {
    transfers: new InterbankTransferService(db, deps, logger),
    inbound: new InboundCreditService(db, deps),
  };
}
