import type { CustomerServices } from '../../customer/customer.services.js';
import type { SelfDependencies } from '../../self/self.ports.js';

/** The customer's own clients: registration, their data, their KYC. */
export function selfFromCustomer(customer: CustomerServices): Pick<SelfDependencies, 'customers'> {
  return { customers: customer.forSelf };
}
