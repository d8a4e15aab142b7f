import type { AccountDependencies } from '../../account/account.ports.js';
import type { AccountServices } from '../../account/account.services.js';
import { clientsForAccounts } from '../../customer/client-for-accounts.js';
import type { CustomerServices } from '../../customer/customer.services.js';

/** The client's share lock and KYC tier, read in the movement's own statements (customer's SQL fragments). */
export function accountFromCustomer(): Pick<AccountDependencies, 'clients'> {
  return { clients: clientsForAccounts };
}

/** Open savings and current accounts block closing their client. */
export function registerAccountWithCustomer(account: AccountServices, customer: CustomerServices): void {
  customer.lifecycle.addOpenProductsCheck((tx, clientId) => account.accounts.openCount(tx, clientId));
}
