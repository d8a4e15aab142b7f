import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import type { RecordCash, SavingsForLoans } from '../kernel/ports.js';
import type { AccountDependencies } from './account.ports.js';
import { errors } from '../kernel/errors.js';
import { accountsForPayments } from './account-for-payments.js';
import { accountsForSelf } from './account-for-self.js';
import { MakerCheckerService } from './maker-checker.service.js';
import { ProductService } from './product.service.js';
import { ReferenceService } from './reference.service.js';
import { SavingsAccountService } from './savings-account.service.js';
import { SavingsTransactionService } from './savings-transaction.service.js';
import { TransferService } from './transfer.service.js';
import { ACCOUNT_CODES } from './codes.js';

/** Without a till module no till is ever open: cash is refused exactly as the till rule refuses it. */
export const noTill: RecordCash = async () => {
  throw errors.domainRule(ACCOUNT_CODES.cashierNoOpenTill, 'No open till is allocated to this user at this branch.');
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
  /** What the payments module holds, settles and credits accounts through (wired in the composition root). */
  forPayments: ReturnType<typeof accountsForPayments>;
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
    makerChecker: new MakerCheckerService(db, full, accounts, transactions, transfers),
    forLoans: transactions.forLoans(),
    forSelf: accountsForSelf(full, accounts, transactions, transfers),
    forPayments: accountsForPayments(full, transactions),
    deps: full,
    seedTenant: (tx) => products.seed(tx),
  };
}
