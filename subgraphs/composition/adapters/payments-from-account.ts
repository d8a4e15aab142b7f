import type { AccountServices } from '../../account/account.services.js';
import type { PaymentsDependencies } from '../../payments/payments.ports.js';

/** Holds, settlements and releases on the source account, and inbound credits (account-for-payments.ts). */
export function paymentsFromAccount(account: AccountServices): Pick<PaymentsDependencies, 'accounts'> {
  return { accounts: account.forPayments };
}
