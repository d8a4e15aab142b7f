import type { AccountServices } from '../../account/account.services.js';
import type { GroupsDependencies } from '../../groups/ports.js';

/** Collection sheets: the members' savings accounts, and their deposits in the sheet's transaction. */
export function groupsFromAccount(account: AccountServices): Pick<GroupsDependencies, 'savingsOf' | 'deposit'> {
  return {
    savingsOf: async (tx, clientIds) => (await account.forGroups.activeOfClients(tx, clientIds)).map((a) => ({
      id: a.id, accountNo: a.accountNo, clientId: a.clientId, productId: a.productId, productName: a.productName, currencyCode: a.currencyCode,
    })),
    deposit: (tx, staff, accountId, p) => account.forGroups.deposit(tx, staff, accountId, p),
  };
}
