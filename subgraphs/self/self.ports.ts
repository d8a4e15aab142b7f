import type { Tx } from '../kernel/tx.js';
import type { Actor, CustomerIdentity, Identity, StaffIdentity } from '../kernel/identity.js';
import type { BusinessDates, TenantSettings } from '../kernel/ports.js';
import type { AccountForSelf, AccountRecentTransactionForSelf, AccountTransactionForSelf, AccountTransfer, AccountTransferInput, SavingsProductForSelf } from '../account/contract.js';
import type { BvnVerification, ClientForSelf } from '../customer/contract.js';
import type { LoanApplicationInput, LoanForSelf, LoanPeriodForSelf, LoanProductForSelf, LoanTransactionForSelf } from '../loan/contract.js';
import type { InterbankTransfer, NameEnquiryAnswer, SwitchBank } from '../payments/contract.js';

/**
 * What the self-service module needs from the customer, account, loan and organisation modules, wired in
 * the composition root (subgraphs/composition/adapters/self-from-*.ts). Every `tx` method runs inside the
 * caller's transaction and checks no permission: self-service decides ownership itself (the session's
 * client ids) before calling. The shapes are the providers' published contracts, picked here.
 */

/** The national BVN engine's verdict (the customer module's verifier port). */
export type BvnVerdict = BvnVerification;

export type SelfClient = ClientForSelf;

interface NewPerson {
  officeId: number;
  firstname: string;
  lastname: string;
  mobileNo: string;
  emailAddress: string;
  bvn: string;
  /** YYYY-MM-DD: submitted and activated on it. */
  date: string;
  bvnVerdict: BvnVerdict;
}

export interface SelfCustomers {
  /** Asked outside any transaction: an engine may take seconds. */
  verifyBvn(bvn: string, holder: { firstname: string; lastname: string }): Promise<BvnVerdict>;
  /** Active clients holding the BVN, read under the BVN's lock (held to the end of the transaction). */
  activeWithBvn(tx: Tx, bvn: string): Promise<{ id: number; cif: string }[]>;
  /** Emits `bvn.duplicate_detected` for a registration refused because the BVN is already on `matching`. */
  reportDuplicateBvn(tx: Tx, matching: { id: number; cif: string }[]): Promise<void>;
  /** Onboards an active person at KYC tier 1 (client.created with it). */
  createPerson(tx: Tx, actor: Actor, person: NewPerson): Promise<SelfClient>;
  client(tx: Tx, id: number): Promise<SelfClient | null>;
  /** Whether a staff user may see the client (office subtree, an Account Officer's book). */
  visibleToStaff(tx: Tx, staff: StaffIdentity, id: number): Promise<boolean>;
}

export type SelfAccount = AccountForSelf;

export type SelfTransaction = AccountTransactionForSelf;

export type SelfRecentTransaction = AccountRecentTransactionForSelf;

/** Fineract's account transfer body (docs/interface.md), amounts as decimal text and dates as YYYY-MM-DD. */
export type SelfTransferInput = AccountTransferInput & {
  /** Inter-bank: the destination bank's 3-digit code and the NUBAN number there (instead of toOfficeId/toClientId/toAccountId). */
  toBankCode?: string | null;
  toAccountNumber?: string | null;
};

/** The transfer as self-service shows it (not the legs' transaction ids). */
export type SelfTransfer = Omit<AccountTransfer, 'fromTransactionId' | 'toTransactionId'>;

export type SelfSavingsProduct = SavingsProductForSelf;

export interface SelfAccounts {
  /** Opens the product named `productName` for the client and activates it on `date` (account.created with it). */
  openActive(tx: Tx, actor: Actor, clientId: number, productName: string, date: string): Promise<SelfAccount>;
  /** The customer's own application (status 100, submitted on `date`) for staff to approve; 404 for a client not theirs. */
  apply(tx: Tx, customer: CustomerIdentity, input: { clientId: number; productId: number; date: string }): Promise<SelfAccount>;
  /** The customer's own submitted application moved to another product (400 once past submitted); Fineract's `changes`. */
  changeProduct(tx: Tx, customer: CustomerIdentity, id: number, productId: number): Promise<Record<string, unknown>>;
  /** The customer withdraws their own submitted application on the business date; Fineract's `changes`. */
  withdraw(tx: Tx, customer: CustomerIdentity, id: number): Promise<Record<string, unknown>>;
  /** The products the bank lets customers apply for themselves. */
  selfServiceProducts(tx: Tx): Promise<SelfSavingsProduct[]>;
  ofClients(tx: Tx, clientIds: readonly number[]): Promise<SelfAccount[]>;
  get(tx: Tx, id: number): Promise<SelfAccount | null>;
  byAccountNo(tx: Tx, accountNo: string): Promise<SelfAccount | null>;
  /** Newest first. */
  transactions(tx: Tx, accountId: number, offset: number, limit: number): Promise<{ total: number; items: SelfTransaction[] }>;
  /** The accounts' transactions together, newest day first. */
  recentTransactions(tx: Tx, accountIds: readonly number[], offset: number, limit: number): Promise<{ total: number; items: SelfRecentTransaction[] }>;
  /** Checks the body as a staff transfer's; the account module's scope answers 404 for a source not the customer's. */
  validateTransfer(input: SelfTransferInput): void;
  /** Both legs, their events, the receiver's KYC caps and the journal, in the caller's transaction. */
  transfer(tx: Tx, customer: CustomerIdentity, input: SelfTransferInput): Promise<SelfTransfer>;
  findTransfer(tx: Tx, id: number): Promise<SelfTransfer | null>;
}

export type SelfLoanPeriod = LoanPeriodForSelf;

export type SelfLoan = LoanForSelf;

export type SelfLoanTransaction = LoanTransactionForSelf;

/** What closes my loan on a date (the loan module's payoff: interest earned to the date only). */
export interface SelfLoanPayoff {
  date: string;
  currencyCode: string;
  amount: string;
  principalPortion: string;
  interestPortion: string;
  feeChargesPortion: string;
  penaltyChargesPortion: string;
}

/** Interface 2.7's application without the administrative fields (loan officer, external id). */
export type SelfLoanApplication = Pick<
  LoanApplicationInput,
  | 'clientId' | 'productId' | 'principal' | 'loanTermFrequency' | 'loanTermFrequencyType' | 'numberOfRepayments' | 'repaymentEvery' | 'repaymentFrequencyType'
  | 'interestRatePerPeriod' | 'interestRateFrequencyType' | 'amortizationType' | 'interestType' | 'interestCalculationPeriodType' | 'transactionProcessingStrategyCode'
  | 'expectedDisbursementDate' | 'submittedOnDate' | 'repaymentsStartingFromDate' | 'loanType' | 'linkAccountId'
>;

export type SelfLoanProduct = LoanProductForSelf;

export interface SelfLoans {
  /** Submits the application as the customer (scope: their own client only); status 100. */
  apply(tx: Tx, customer: CustomerIdentity, input: SelfLoanApplication): Promise<{ id: number }>;
  product(tx: Tx, id: number): Promise<SelfLoanProduct | null>;
  /** Withdraws the customer's own application on the business date (loan events as a staff withdrawal). */
  withdraw(tx: Tx, customer: CustomerIdentity, id: number): Promise<void>;
  /** Changes the customer's own submitted application (schedule re-drawn); answers Fineract's `changes`. */
  modify(tx: Tx, customer: CustomerIdentity, id: number, input: SelfLoanApplication): Promise<Record<string, unknown>>;
  ofClients(tx: Tx, clientIds: readonly number[]): Promise<SelfLoan[]>;
  get(tx: Tx, id: number): Promise<SelfLoan | null>;
  transactions(tx: Tx, loanId: number): Promise<SelfLoanTransaction[]>;
  /** The payoff of an active loan on `date` (the business date when null). */
  payoff(tx: Tx, loanId: number, date: string | null): Promise<SelfLoanPayoff>;
}

export interface SelfOffice {
  id: number;
  name: string;
}

/** A customer login as the organisation module answers it. */
export interface CustomerLogin {
  key: string;
  userId: number;
  username: string;
  officeId: number;
  officeName: string;
  roles: { id: number; name: string; description: string | null; disabled: boolean }[];
  shouldRenewPassword: boolean;
  clientIds: number[];
}

export interface SelfOrganisation {
  office(tx: Tx, id: number): Promise<SelfOffice | null>;
  /** The office directly under the head office with this name (read from the table, never a cache). */
  branchNamed(tx: Tx, name: string): Promise<SelfOffice | null>;
  /**
   * A branch under the head office (office.created with it), opened when the head office opened, so that
   * customers of any business date can be booked there.
   */
  createBranch(tx: Tx, actor: Actor, name: string): Promise<SelfOffice>;
  /** Records a numeric tenant setting in the caller's transaction. */
  recordSetting(tx: Tx, name: string, value: string, by: number): Promise<void>;
  /** The password policy (400 with its code), then the hash: outside any transaction, it is slow on purpose. */
  preparePassword(password: string | null | undefined, repeatPassword?: string | null): Promise<string>;
  /**
   * A customer's own new password, before any transaction: every field present and the policy (400), then
   * the current password checked and throttled like a login (401, 429); answers the new hash.
   */
  prepareOwnPassword(customer: CustomerIdentity, input: { currentPassword?: string | null; password?: string | null; repeatPassword?: string | null }): Promise<string>;
  /** The client's self-service logins disabled and their sessions revoked (streams end after commit); answers their ids. */
  disableCustomerLogins(tx: Tx, clientId: number, by: number): Promise<number[]>;
  /** The client's self-service logins enabled again; answers their ids. */
  enableCustomerLogins(tx: Tx, clientId: number, by: number): Promise<number[]>;
  /** A one-time password (hashed) on the client's self-service logins, enabled, sessions revoked; answers their ids. */
  resetCustomerPassword(tx: Tx, clientId: number, passwordHash: string, by: number): Promise<number[]>;
  /** Sets a customer's password and revokes every session of theirs (as a staff password change does). */
  changePassword(tx: Tx, userId: number, passwordHash: string): Promise<void>;
  /** True when a user (staff or customer) already has this username. */
  usernameTaken(tx: Tx, username: string): Promise<boolean>;
  /** A self-service user (role Self Service User) linked to the client; null when the username is taken (also concurrently). */
  createCustomerUser(tx: Tx, actor: Actor, user: { username: string; firstname: string; lastname: string; email: string; officeId: number; clientId: number; passwordHash: string }): Promise<{ userId: number } | null>;
  /** Staff login's rules (throttling, lockout, expiry) on the self-service channel: 401 for staff users. */
  login(tenantId: string, username: string, password: string, address?: string): Promise<CustomerLogin>;
  logout(identity: Identity): Promise<boolean>;
}

/** An inter-bank transfer as the payments module answers it (not its hold, its settlement or its re-queries). */
export type SelfInterbankTransfer = Pick<
  InterbankTransfer,
  | 'id' | 'sessionId' | 'status' | 'reason' | 'clientId' | 'officeId' | 'fromAccountId' | 'fromAccountNo' | 'toBankCode' | 'toAccountNumber' | 'toAccountName'
  | 'amount' | 'currencyCode' | 'transferDate' | 'description'
>;

/** A transfer as it ended: within the bank at once, or to another bank in whatever state the switch left it. */
export type SelfTransferOutcome = { kind: 'intra'; transfer: SelfTransfer } | { kind: 'interbank'; transfer: SelfInterbankTransfer };

export type SelfInterbankBank = SwitchBank;

export type SelfNameEnquiry = NameEnquiryAnswer;

/**
 * The payments module's inter-bank transfers. `hold` runs in the caller's transaction (which holds the
 * customer's daily-limit lock); `dispatch` calls the switch outside any transaction and settles or
 * releases by its answer; the switch calls (banks, nameEnquiry) answer 404 and 503 themselves.
 */
export interface SelfInterbank {
  banks(): Promise<SelfInterbankBank[]>;
  nameEnquiry(bankCode: string | null | undefined, accountNumber: string | null | undefined): Promise<SelfNameEnquiry>;
  validate(input: SelfTransferInput): void;
  hold(tx: Tx, customer: CustomerIdentity, input: SelfTransferInput, accountName: string): Promise<SelfInterbankTransfer>;
  dispatch(tenantId: string, id: number): Promise<SelfInterbankTransfer>;
  /** The customer's own inter-bank transfer, or null. */
  ownTransfer(tx: Tx, customer: CustomerIdentity, id: number): Promise<SelfInterbankTransfer | null>;
}

/**
 * A message to a customer's email or phone through the bank's gateway (two-step registration's token).
 * The text holds a secret: an adapter sends it and logs, at most, that a message for `requestId` went.
 */
export interface SelfMessage {
  tenantId: string;
  requestId: number;
  channel: 'email' | 'mobile';
  /** The email address or the E.164 number. */
  to: string;
  text: string;
}

export interface SelfNotifier {
  /** Rejects when the gateway did not take the message. */
  send(message: SelfMessage): Promise<void>;
}

/** What the self-service module needs, wired in subgraphs/composition/ (adapters/self-from-*.ts). */
export interface SelfDependencies {
  settings: TenantSettings;
  businessDates: BusinessDates;
  customers: SelfCustomers;
  accounts: SelfAccounts;
  loans: SelfLoans;
  organisation: SelfOrganisation;
  interbank: SelfInterbank;
  /** Customer messages (registration tokens); the sandbox when a bank configures no gateway. */
  notifier: SelfNotifier;
}
