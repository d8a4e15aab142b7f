import type { ChargesDependencies } from '../../charges/ports.js';
import type { CustomerServices } from '../../customer/customer.services.js';

/** The clients charges not tied to an account are charged to. */
export function chargesFromCustomer(customer: CustomerServices): Pick<ChargesDependencies, 'client'> {
  return { client: (tx, clientId) => customer.clients.forLoans(tx, clientId) };
}
