import type { AccountServices } from '../../account/account.services.js';
import type { SelfDependencies } from '../../self/self.ports.js';

/** The customer's own accounts and transfers between them and to third parties (account-for-self.ts). */
export function selfFromAccount(account: AccountServices): Pick<SelfDependencies, 'accounts'> {
  return { accounts: account.forSelf };
}
