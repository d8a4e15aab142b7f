import type { CustomerIdentity, Identity, StaffIdentity } from '../kernel/identity.js';
import type { Tx } from '../kernel/tx.js';

/** What the charges module needs from other modules, wired in subgraphs/registry.ts. */

export interface ChargeCurrency {
  code: string;
  name: string;
  decimalPlaces: number;
  displaySymbol: string | null;
  nameCode: string;
  inMultiplesOf: number;
}

/** A GL account as a charge's income account needs it. */
export interface ChargeGlAccount {
  id: number;
  name: string;
  glCode: string;
  /** 1 asset, 2 liability, 3 equity, 4 income, 5 expense. */
  type: number;
  /** 1 detail, 2 header. */
  usage: number;
  disabled: boolean;
}

export interface ChargesDependencies {
  /** The tenant's enabled currency, or null. */
  currency: (tx: Tx, code: string) => Promise<ChargeCurrency | null>;
  /** The enabled currencies (the template's currencyOptions). */
  currencies: (tx: Tx) => Promise<ChargeCurrency[]>;
  /** A GL account by id or by GL code; null when there is none. */
  glAccount: (tx: Tx, by: { id: number } | { glCode: string }) => Promise<ChargeGlAccount | null>;
  /** The income accounts (type 4) a charge may post to (the template's options). */
  incomeAccounts: (tx: Tx) => Promise<ChargeGlAccount[]>;
  savings: SavingsAccountsPort;
  loans: LoansPort;
  /** A client by id (the customer module), or null. */
  client: (tx: Tx, clientId: number) => Promise<{ id: number; officeId: number; staffId: number | null; active: boolean } | null>;
  /** Whether the caller may see a record of this office, staff book and client (the organisation module's scope). */
  canSee: (tx: Tx, identity: Identity, record: { officeId: number; staffId?: number | null; clientId?: number | null }) => Promise<boolean>;
  businessDates: { today(tx: Tx): Promise<string> };
}

/** A savings or current account as the charges module needs it. */
export interface ChargeableAccount {
  id: number;
  accountNo: string;
  clientId: number;
  officeId: number;
  productId: number;
  currencyCode: string;
  digits: number;
  /** Fineract's savings status: 300 active. */
  status: number;
  activatedOnDate: string | null;
}

/** A fee taken from an account: at most `amount`, to the charge's income account. */
export interface SavingsFee {
  /** The savings charge's id; a client charge paid from the account is its id negated (the callbacks tell them apart). */
  feeId: number;
  chargeName: string;
  amount: string;
  incomeGlCode: string;
  /** 4 withdrawal fee, 5 annual fee, 7 pay charge. */
  transactionType: number;
}

/** The callbacks the account module calls on withdrawals and credits of flagged accounts. */
export interface SavingsFeeCallbacks {
  withdrawalFees(tx: Tx, account: { id: number; currencyCode: string; digits: number }, amount: string): Promise<SavingsFee[]>;
  outstandingFees(tx: Tx, accountId: number): Promise<SavingsFee[]>;
  collected(tx: Tx, feeId: number, amount: string, transactionId: number, date: string): Promise<void>;
}

/** The account module's port for charges, in the caller's transaction. */
/** The account module calls these when a savings product's charges are set and an account is opened. */
export interface SavingsOpeningCallbacks {
  productCharges(tx: Tx, productId: number, currencyCode: string, listed: readonly unknown[]): Promise<void>;
  /** `listed` null: the application named none, the product's apply. The applicant is staff, or a customer applying for themselves. */
  opened(tx: Tx, applicant: StaffIdentity | CustomerIdentity, accountId: number, productId: number, listed: readonly unknown[] | null): Promise<void>;
}

export interface SavingsAccountsPort {
  register(callbacks: SavingsFeeCallbacks): void;
  registerOpenings(callbacks: SavingsOpeningCallbacks): void;
  /** 404 (the account module's code) when the caller may not see it. */
  visible(tx: Tx, identity: Identity, accountId: number): Promise<ChargeableAccount>;
  /** Flag bits: 1 an active withdrawal fee, 2 fees outstanding. */
  changeFlags(tx: Tx, accountId: number, set: number, clear: number): Promise<void>;
  collectOutstanding(tx: Tx, accountId: number, date: string, actor: number | null): Promise<void>;
  /** Takes the fee in full or refuses (insufficient balance, not active). */
  payFee(tx: Tx, identity: Identity, accountId: number, fee: SavingsFee, date: string, actor: number | null): Promise<void>;
}

/** A loan as the charges module needs it. */
export interface ChargeableLoan {
  id: number;
  accountNo: string;
  clientId: number;
  officeId: number;
  productId: number;
  /** Fineract's loan status: 100 submitted, 200 approved, 300 active. */
  statusId: number;
  currencyCode: string;
  digits: number;
  /** The approved principal, or the applied-for one before approval. */
  principal: string;
  disbursedOn: string | null;
  expectedDisbursementDate: string;
}

/** An instalment of a loan's schedule, with what is paid of its principal and interest. */
export interface ChargeablePeriod {
  period: number;
  fromDate: string;
  dueDate: string;
  principalDue: string;
  interestDue: string;
  principalPaid: string;
  interestPaid: string;
}

/** The loan module's port for charges, in the caller's transaction. */
export interface LoansPort {
  /** 404 (the loan module's code) when the caller may not see it; `lock` holds the loan's row. */
  visible(tx: Tx, identity: Identity, loanId: number, lock?: boolean): Promise<ChargeableLoan>;
  find(tx: Tx, loanId: number, lock?: boolean): Promise<ChargeableLoan | null>;
  periods(tx: Tx, loanId: number): Promise<ChargeablePeriod[]>;
  /** Sets each instalment's fee and penalty due (periods not listed owe none). */
  setChargesDue(tx: Tx, loanId: number, totals: readonly { period: number; fee: string; penalty: string }[]): Promise<void>;
  /** A loan product's currency, or null when there is no such product. */
  productCurrency(tx: Tx, productId: number): Promise<string | null>;
  /** Days after a due date before an instalment's overdue penalty applies. */
  penaltyGraceDays(tx: Tx, productId: number): Promise<number>;
}
