import type { Database, Tx } from '../kernel/database.js';
import type { BusinessDates, CashRecordSql, RecordCash, SavingsForLoans, Scope, TenantSettings } from '../kernel/ports.js';
import { errors } from '../kernel/errors.js';
import { accountsForSelf } from './account-for-self.js';
import { MakerCheckerService } from './maker-checker.service.js';
import { ProductService } from './product.service.js';
import { ReferenceService } from './reference.service.js';
import { SavingsAccountService } from './savings-account.service.js';
import { SavingsTransactionService } from './savings-transaction.service.js';
import { TransferService } from './transfer.service.js';

/** What the account module needs to know about a client (from the customer module). */
export interface AccountClient {
  id: number;
  active: boolean;
  officeId: number;
  staffId: number | null;
  kycTier: number;
  cif: string;
  displayName: string;
}

/** The customer module's side of accounts: small in-transaction reads of client rows. */
export interface ClientsForAccounts {
  /**
   * The client, or null. With `lock`, the client's row is locked (FOR NO KEY UPDATE) until the caller's
   * transaction ends: every KYC-checked credit to any of the client's accounts takes it first, so two
   * concurrent credits of one client see each other's balances and cannot both pass the cumulative cap.
   */
  forAccount(tx: Tx, clientId: number, options?: { lock?: boolean }): Promise<AccountClient | null>;
  /** Several clients at once (display names and scope of a page of accounts). */
  many(tx: Tx, clientIds: readonly number[]): Promise<Map<number, AccountClient>>;
  /** Ids of the clients booked to a staff member (an Account Officer's portfolio). */
  idsOfStaff(tx: Tx, staffId: number): Promise<number[]>;
}

export interface AccountPaymentType {
  id: number;
  name: string;
  isCashPayment: boolean;
}

export interface AccountCurrency {
  code: string;
  name: string;
  decimalPlaces: number;
  displaySymbol: string | null;
  nameCode: string;
}

/** The ledger's posting engine as the account module uses it (inside the caller's transaction). */
export interface JournalPort {
  post(tx: Tx, request: {
    officeId: number;
    currency: string;
    date: string;
    lines: { glCode: string; debit?: string; credit?: string }[];
    source: { entityType: string; entityId: number; transactionId: string };
    comments?: string | null;
    actor?: number | null;
  }): Promise<{ transactionId: string }>;
  reverse(tx: Tx, transactionId: string, options: { date: string; actor?: number | null }): Promise<{ transactionId: string }>;
}

export interface AccountDependencies {
  settings: TenantSettings;
  businessDates: BusinessDates;
  scope: Scope;
  /** Roles whose holders may approve a held withdrawal (Branch Manager, Head of Operations); the organisation module names them. */
  checkerRoleIds: readonly number[];
  paymentType: (tx: Tx, id: number) => Promise<AccountPaymentType | null>;
  clients: ClientsForAccounts;
  journal: JournalPort;
  /** The enabled currency, or null when the tenant has not enabled it. */
  currency: (tx: Tx, code: string) => Promise<AccountCurrency | null>;
  /** Display data of a currency code (name, symbol) for read models. */
  currencyInfo: (code: string) => AccountCurrency | null;
  /** The open-till rule; until a till module is wired every cash movement is refused. */
  recordCash?: RecordCash;
  /** The till's record folded into the movement's statement; without it the record is its own statement (recordCash). */
  cashSql?: CashRecordSql | null;
  officeNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  usernames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
}

/** Without a till module no till is ever open: cash is refused exactly as the till rule refuses it. */
export const noTill: RecordCash = async () => {
  throw errors.domainRule('error.msg.cashier.no.open.till', 'No open till is allocated to this user at this branch.');
};

/** The account module's facade. */
export interface AccountServices {
  products: ProductService;
  accounts: SavingsAccountService;
  transactions: SavingsTransactionService;
  references: ReferenceService;
  transfers: TransferService;
  makerChecker: MakerCheckerService;
  /** The port the loan module calls for disbursements to and repayments from savings. */
  forLoans: SavingsForLoans;
  /** What the self-service module reaches accounts through (wired in the composition root). */
  forSelf: ReturnType<typeof accountsForSelf>;
  deps: AccountDependencies;
  seedTenant: (tx: Tx) => Promise<void>;
}

export function createAccountServices(db: Database, deps: AccountDependencies): AccountServices {
  const full: Required<AccountDependencies> = { ...deps, recordCash: deps.recordCash ?? noTill, cashSql: deps.cashSql ?? null };
  const products = new ProductService(db, full);
  const accounts = new SavingsAccountService(db, full);
  const transactions = new SavingsTransactionService(db, full, accounts);
  const transfers = new TransferService(db, full, transactions);
  return {
    products,
    accounts,
    transactions,
    references: new ReferenceService(db, accounts),
    transfers,
    makerChecker: new MakerCheckerService(db, full, accounts, transactions),
    forLoans: transactions.forLoans(),
    forSelf: accountsForSelf(full, accounts, transactions, transfers),
    deps: full,
    seedTenant: (tx) => products.seed(tx),
  };
}
