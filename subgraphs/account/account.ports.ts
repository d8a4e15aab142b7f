import type { Tx } from '../kernel/tx.js';
import type { CompanionEvent } from '../kernel/outbox.js';
import type { BusinessDates, CashRecordSql, RecordCash, Scope, TenantSettings } from '../kernel/ports.js';
import type { ClientForAccounts } from '../customer/contract.js';

/*
 * What the account module needs from the others, and the shapes it sees them in. A leaf: it imports no
 * service, so every service of the module can import it without a circle; the composition root
 * (subgraphs/registry.ts) wires the implementations.
 */

/** What the account module needs to know about a client (the customer module's published shape). */
export type AccountClient = ClientForAccounts;

/** The customer module's side of accounts: small in-transaction reads of client rows. */
export interface ClientsForAccounts {
  /**
   * The client, or null. With `lock`, its row is locked (FOR NO KEY UPDATE) until the transaction ends: an
   * inbound inter-bank credit takes it before the account, as HOLDER_FOR_CREDIT does inside a deposit's
   * statement (docs/locking.md).
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
    /** The posting's event comes back as `companion`, to ride in the caller's event row (PostingRequest.companionEvent). */
    companionEvent?: boolean;
  }): Promise<{ transactionId: string; companion?: CompanionEvent }>;
  reverse(tx: Tx, transactionId: string, options: { date: string; actor?: number | null }): Promise<{ transactionId: string }>;
  /** The GL code of one of the tenant's GL accounts, or null when there is none of that id (a product's mapping). */
  glCode(tx: Tx, glAccountId: number): Promise<string | null>;
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
