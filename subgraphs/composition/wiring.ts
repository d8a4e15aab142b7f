import type { Config } from '../kernel/config.js';
import type { Database } from '../platform/database.js';
import type { Logger } from '../platform/logger.js';
import { createAccountServices, type AccountServices } from '../account/account.services.js';
import { createAuditServices, type AuditServices } from '../audit/audit.services.js';
import { createReportsServices, type ReportsServices } from '../reports/reports.services.js';
import { createChargesServices, type ChargesServices } from '../charges/charges.services.js';
import { createCobServices, type CobServices } from '../cob/cob.services.js';
import { createCustomerServices, type CustomerServices } from '../customer/customer.services.js';
import { createGroupsServices, type GroupsServices } from '../groups/groups.services.js';
import { createLedgerServices, type LedgerServices } from '../ledger/ledger.services.js';
import { createLoanServices, type LoanServices } from '../loan/loan.services.js';
import type { LoginFailureCounts } from '../organisation/store/login-failures.store.js';
import { createOrganisationServices, type OrganisationServices } from '../organisation/organisation.services.js';
import { HttpSwitch } from '../payments/http-switch.js';
import type { PaymentSwitch } from '../payments/payments.ports.js';
import { createPaymentsServices, type PaymentsServices } from '../payments/payments.services.js';
import { DatabaseSandboxSessions } from '../payments/sandbox-session.store.js';
import { SandboxSwitch } from '../payments/sandbox-switch.js';
import { createSelfServices, type SelfServices } from '../self/self.services.js';
import { HttpNotifier, SandboxNotifier } from '../self/notifier.js';
import { createTillServices, type TillServices } from '../till/till.services.js';
import { createWebhooksServices, type WebhooksServices } from '../webhooks/webhooks.services.js';
import { accountFromCustomer, registerAccountWithCustomer } from './adapters/account-from-customer.js';
import { accountFromLedger } from './adapters/account-from-ledger.js';
import { accountFromOrganisation, registerAccountWithOrganisation } from './adapters/account-from-organisation.js';
import { accountFromTill } from './adapters/account-from-till.js';
import { auditFromOrganisation } from './adapters/audit-from-organisation.js';
import { reportsFromOrganisation } from './adapters/reports-from-organisation.js';
import { chargesFromAccount, registerChargesWithAccount } from './adapters/charges-from-account.js';
import { chargesFromLedger } from './adapters/charges-from-ledger.js';
import { chargesFromLoan, registerChargesWithLoan } from './adapters/charges-from-loan.js';
import { chargesFromCustomer } from './adapters/charges-from-customer.js';
import { chargesFromOrganisation } from './adapters/charges-from-organisation.js';
import { registerCobWithAccount } from './adapters/cob-from-account.js';
import { registerCobWithCharges } from './adapters/cob-from-charges.js';
import { cobFromLoan, registerCobWithLoan } from './adapters/cob-from-loan.js';
import { cobFromOrganisation } from './adapters/cob-from-organisation.js';
import { customerFromOrganisation, registerCustomerWithOrganisation } from './adapters/customer-from-organisation.js';
import { groupsFromCob } from './adapters/groups-from-cob.js';
import { groupsFromCustomer, registerGroupsWithCustomer } from './adapters/groups-from-customer.js';
import { groupsFromLoan, registerGroupsWithLoan } from './adapters/groups-from-loan.js';
import { groupsFromAccount } from './adapters/groups-from-account.js';
import { groupsFromOrganisation } from './adapters/groups-from-organisation.js';
import { ledgerFromOrganisation, registerLedgerWithOrganisation } from './adapters/ledger-from-organisation.js';
import { loanFromAccount } from './adapters/loan-from-account.js';
import { loanFromCustomer, registerLoanWithCustomer } from './adapters/loan-from-customer.js';
import { loanFromLedger } from './adapters/loan-from-ledger.js';
import { loanFromOrganisation, registerLoanWithOrganisation } from './adapters/loan-from-organisation.js';
import { loanFromTill } from './adapters/loan-from-till.js';
import { paymentsFromAccount } from './adapters/payments-from-account.js';
import { paymentsFromCustomer } from './adapters/payments-from-customer.js';
import { paymentsFromOrganisation } from './adapters/payments-from-organisation.js';
import { selfFromAccount } from './adapters/self-from-account.js';
import { selfFromCustomer } from './adapters/self-from-customer.js';
import { selfFromLoan } from './adapters/self-from-loan.js';
import { registerSelfWithPayments, selfFromPayments } from './adapters/self-from-payments.js';
import { selfFromOrganisation } from './adapters/self-from-organisation.js';
import { tillFromLedger } from './adapters/till-from-ledger.js';
import { registerTillWithOrganisation, tillFromOrganisation } from './adapters/till-from-organisation.js';
import { webhooksFromOrganisation } from './adapters/webhooks-from-organisation.js';

export interface Services {
  organisation: OrganisationServices;
  customer: CustomerServices;
  ledger: LedgerServices;
  till: TillServices;
  account: AccountServices;
  loan: LoanServices;
  self: SelfServices;
  webhooks: WebhooksServices;
  payments: PaymentsServices;
  charges: ChargesServices;
  cob: CobServices;
  audit: AuditServices;
  groups: GroupsServices;
  reports: ReportsServices;
}

/**
 * Creates every module's services in the order of the module graph (each after the modules it depends on,
 * as its `dependsOn` in `<module>.module.ts` declares), and wires them. Every reach of one module into
 * another is an adapter, `adapters/<consumer>-from-<provider>.ts`: a consumer's ports built from its
 * provider's services, and the consumer's registrations with its provider (checks and reactions that run in
 * the provider's commands). test/unit/module-graph.test.ts holds this file and the adapters to the declared graph.
 */
export function createServices(db: Database, config: Config, logger: Logger | undefined, loginFailures: LoginFailureCounts): Services {
  const organisation = createOrganisationServices(db, { sessionTtlSeconds: config.sessionTtlSeconds, loginFailures });

  const ledger = createLedgerServices(db, ledgerFromOrganisation(organisation));
  registerLedgerWithOrganisation(ledger, organisation);

  const till = createTillServices(db, { ...tillFromOrganisation(organisation), ...tillFromLedger(ledger) });
  registerTillWithOrganisation(till, organisation);

  const customer = createCustomerServices(db, customerFromOrganisation(organisation));
  registerCustomerWithOrganisation(customer, organisation);

  const account = createAccountServices(db, {
    ...accountFromOrganisation(organisation), ...accountFromCustomer(), ...accountFromLedger(ledger), ...accountFromTill(till),
  });
  registerAccountWithOrganisation(account, organisation);
  registerAccountWithCustomer(account, customer);

  const loan = createLoanServices(db, {
    ...loanFromOrganisation(organisation), ...loanFromCustomer(customer), ...loanFromLedger(ledger), ...loanFromAccount(account), ...loanFromTill(till),
    warn: (data, message) => logger?.warn(data, message),
  });
  registerLoanWithOrganisation(loan, organisation);
  registerLoanWithCustomer(loan, customer);

  const payments = createPaymentsServices(db, {
    ...paymentsFromOrganisation(organisation), ...paymentsFromCustomer(customer), ...paymentsFromAccount(account),
    switch: paymentSwitchOf(config, db),
    switchKey: config.paymentSwitch.key,
    timeoutMs: config.paymentSwitch.timeoutMs,
    requeryBaseMs: config.paymentSwitch.requeryBaseMs,
    requeryMaxMs: config.paymentSwitch.requeryMaxMs,
  }, logger);

  const self = createSelfServices(db, {
    ...selfFromOrganisation(organisation), ...selfFromCustomer(customer), ...selfFromAccount(account), ...selfFromLoan(loan), ...selfFromPayments(payments),
    notifier: config.notification.url ? new HttpNotifier(config.notification.url, config.notification.key) : new SandboxNotifier(logger, config.env === 'production'),
  });
  registerSelfWithPayments(self, payments);

  const webhooks = createWebhooksServices(db, webhooksFromOrganisation(organisation));

  const charges = createChargesServices(db, { ...chargesFromLedger(ledger), ...chargesFromAccount(account), ...chargesFromOrganisation(organisation), ...chargesFromLoan(loan), ...chargesFromCustomer(customer) });
  registerChargesWithAccount(charges, account);
  registerChargesWithLoan(charges, loan);

  const cob = createCobServices(db, { ...cobFromOrganisation(organisation), ...cobFromLoan(loan) }, {
    batchSize: config.cobBatchSize, warn: (data, message) => logger?.warn(data, message),
  });
  registerCobWithLoan(cob, loan);
  registerCobWithCharges(cob, charges);
  registerCobWithAccount(cob, account);

  const audit = createAuditServices(db, auditFromOrganisation(organisation), db.background, logger);

  const groups = createGroupsServices(db, { ...groupsFromOrganisation(organisation), ...groupsFromCustomer(customer), ...groupsFromCob(cob), ...groupsFromLoan(loan), ...groupsFromAccount(account) });
  registerGroupsWithCustomer(groups, customer);
  registerGroupsWithLoan(groups, loan);
  const reports = createReportsServices(db, reportsFromOrganisation(organisation));
  return { organisation, customer, ledger, till, account, loan, self, webhooks, payments, charges, cob, audit, groups, reports };
}

/** The configured switch (PAYMENT_SWITCH_URL), else the in-process sandbox. */
function paymentSwitchOf(config: Config, db: Database): PaymentSwitch {
  return config.paymentSwitch.url
    ? new HttpSwitch(config.paymentSwitch.url, config.paymentSwitch.key, config.paymentSwitch.timeoutMs)
    : new SandboxSwitch(new DatabaseSandboxSessions(db));
}
