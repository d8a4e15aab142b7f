import type { PaymentsServices } from '../../payments/payments.services.js';
import type { SelfDependencies } from '../../self/self.ports.js';
import type { SelfServices } from '../../self/self.services.js';

/** Inter-bank transfers a customer sends: the bank directory, name enquiry, the hold and the dispatch. */
export function selfFromPayments(payments: PaymentsServices): Pick<SelfDependencies, 'interbank'> {
  return {
    interbank: {
      banks: () => payments.transfers.banks(),
      nameEnquiry: (bankCode, accountNumber) => payments.transfers.nameEnquiry(bankCode, accountNumber),
      validate: (input) => payments.transfers.validate(input),
      hold: (tx, customer, input, accountName) => payments.transfers.holdCore(tx, customer, input, accountName),
      dispatch: (tenantId, id) => payments.transfers.dispatch(tenantId, id),
      ownTransfer: (tx, customer, id) => payments.transfers.ownTransfer(tx, customer, id),
    },
  };
}

/**
 * A transfer the switch failed gives its amount back to the customer's daily usage, in the transaction that
 * fails it. Self-service registers the reaction, so payments never calls the module above it.
 */
export function registerSelfWithPayments(self: SelfServices, payments: PaymentsServices): void {
  payments.transfers.onFailed((tx, transferId) => self.transfers.releaseInterbankUsage(tx, transferId));
}
