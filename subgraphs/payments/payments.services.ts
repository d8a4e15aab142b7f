import type { Database } from '../platform/database.js';
import type { Logger } from '../platform/logger.js';
import { InboundCreditService } from './inbound-credit.service.js';
import { InterbankReturnService } from './interbank-return.service.js';
import { InterbankTransferService } from './interbank-transfer.service.js';
import type { PaymentsDependencies } from './payments.ports.js';

/** The payments module's facade: inter-bank transfers out (with the switch), credits in, and four-eyes returns of either. */
export interface PaymentsServices {
  transfers: InterbankTransferService;
  inbound: InboundCreditService;
  returns: InterbankReturnService;
}

export function createPaymentsServices(db: Database, deps: PaymentsDependencies, logger?: Logger): PaymentsServices {
  return {
    transfers: new InterbankTransferService(db, deps, logger),
    inbound: new InboundCreditService(db, deps),
    returns: new InterbankReturnService(db, deps),
  };
}
