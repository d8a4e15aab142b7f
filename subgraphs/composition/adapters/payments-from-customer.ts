import type { CustomerServices } from '../../customer/customer.services.js';
import type { PaymentsDependencies } from '../../payments/payments.ports.js';

/** The originator's name the switch and the event carry. */
export function paymentsFromCustomer(customer: CustomerServices): Pick<PaymentsDependencies, 'clientName'> {
  return { clientName: async (tx, clientId) => (await customer.forSelf.client(tx, clientId))?.displayName ?? '' };
}
