import { BranchDayQuery } from './branch-day.query.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import type { RecordCash, SavingsForLoans } from '../kernel/ports.js';
import type { AccountDependencies } from './account.ports.js';
import { errors } from '../kernel/errors.js';
import { accountsForCharges } from './account-for-charges.js';
import { SavingsChargesSlot } from './savings-charges.hook.js';
import { accountsForPayments } from './account-for-payments.js';
import { accountsForSelf } from './account-for-self.js';
import { MakerCheckerService } from './maker-checker.service.js';
import { ProductService } from './product.service.js';
import { ReferenceService } from './reference.service.js';
import { SavingsAccountService } from './savings-account.service.js';
import { savingsForLoans } from './savings-for-loans.js';
import { SavingsFees } from './savings-fees.js';
import { SavingsInterest } from './savings-interest.service.js';
import { TaxService } from './tax.service.js';
import { SavingsMovements } from './savings-movements.js';
import { SavingsTransactionCommands } from './savings-transaction.commands.js';
import { SavingsTransactionQueries } from './savings-transaction.queries.js';
import { TransferService } from './transfer.service.js';
import { ACCOUNT_CODES } from './codes.js';
import { accountsForCob } from './account-for-cob.js';
import { accountsForGroups } from './account-for-groups.js';

/** Without a till module no till is ever open: cash is refused exactly as the till rule refuses it. */
export const noTill: RecordCash = async () => {
  throw errors.domainRule(ACCOUNT_CODES.cashierNoOpenTill, 'No open till is allocated to this user at this branch.');
};

/** Deposits, withdrawals and undo (commands) with the transaction reads (queries), as resolvers and scripts call them. */
export type SavingsTransactions =
  Pick<SavingsTransactionCommands, 'deposit' | 'withdraw' | 'undo'> & Pick<SavingsTransactionQueries, 'list' | 'all' | 'get' | 'pageByAccounts' | 'keysetPage'>;

/** The account module's facade. */
export interface AccountServices {
  products: ProductService;
  accounts: SavingsAccountService;
  transactions: SavingsTransactions;
  references: ReferenceService;
  transfers: TransferService;
  makerChecker: MakerCheckerService;
  /** A branch's business date so far (the live dashboard's opening view). */
  branchDay: BranchDayQuery;
  /** The port the loan module calls for disbursements to and repayments from savings. */
  forLoans: SavingsForLoans;
  /** What the self-service module reaches accounts through (wired in the composition root). */
  forSelf: ReturnType<typeof accountsForSelf>;
  /** What the payments module holds, settles and credits accounts through (wired in the composition root). */
  forPayments: ReturnType<typeof accountsForPayments>;
  /** What the charges module takes fees through and registers its fee callbacks with (wired in the composition root). */
  forCharges: ReturnType<typeof accountsForCharges>;
  /** Close of business's dormancy step (wired in the composition root). */
  forCob: ReturnType<typeof accountsForCob>;
  /** What the groups module's collection sheets reach savings through (wired in the composition root). */
  forGroups: ReturnType<typeof accountsForGroups>;
  /** Savings interest: calculateInterest, postInterest and the close of business's posting step. */
  interest: SavingsInterest;
  /** Withholding tax components and groups. */
  taxes: TaxService;
  deps: AccountDependencies;
  seedTenant: (tx: Tx) => Promise<void>;
}

export function createAccountServices(db: Database, deps: AccountDependencies): AccountServices {
  const full: Required<AccountDependencies> = { ...deps, recordCash: deps.recordCash ?? noTill, cashSql: deps.cashSql ?? null };
  const charges = new SavingsChargesSlot();
  const products = new ProductService(db, full, charges);
  const accounts = new SavingsAccountService(db, full, charges);
  const movements = new SavingsMovements(full);
  const queries = new SavingsTransactionQueries(db, full, accounts);
  const fees = new SavingsFees(full, movements);
  const commands = new SavingsTransactionCommands(db, full, accounts, movements, queries, fees);
  const transfers = new TransferService(db, full, movements);
  return {
    products,
    accounts,
    transactions: {
      deposit: commands.deposit.bind(commands),
      withdraw: commands.withdraw.bind(commands),
      undo: commands.undo.bind(commands),
      list: queries.list.bind(queries),
      all: queries.all.bind(queries),
      get: queries.get.bind(queries),
      pageByAccounts: queries.pageByAccounts.bind(queries),
      keysetPage: queries.keysetPage.bind(queries),
    },
    references: new ReferenceService(db, accounts),
    transfers,
    makerChecker: new MakerCheckerService(db, full, accounts, commands, queries, transfers),
    branchDay: new BranchDayQuery(db, full, accounts),
    forLoans: savingsForLoans(full, movements, queries),
    forSelf: accountsForSelf(full, accounts, queries, transfers),
    forPayments: accountsForPayments(full, movements),
    forCharges: accountsForCharges(full, accounts, fees, charges),
    forCob: accountsForCob(),
    forGroups: accountsForGroups(full, commands),
    interest: new SavingsInterest(db, full, accounts, movements),
    taxes: new TaxService(db, full, accounts),
    deps: full,
    seedTenant: (tx) => products.seed(tx),
  };
}
