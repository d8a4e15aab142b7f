import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { GLClosureService } from './closure.service.js';
import { CurrencyService } from './currency.service.js';
import { GLAccountService } from './gl-account.service.js';
import { JournalEntryService } from './journal-entry.service.js';
import type { LedgerDependencies } from './ledger.ports.js';
import { ledgerSeeder } from './ledger.seed.js';
import { PostingEngine } from './posting-engine.js';
import { LedgerReportService } from './report.service.js';

/** The ledger module's facade: other modules post through `engine` inside their own transaction. */
export interface LedgerServices {
  engine: PostingEngine;
  glAccounts: GLAccountService;
  currencies: CurrencyService;
  journal: JournalEntryService;
  closures: GLClosureService;
  reports: LedgerReportService;
  /** Office names for read models (from the organisation module). */
  officeNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  /** Usernames for createdByUserName (from the organisation module). */
  usernames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  /** Payment type names for paymentDetailData (from the organisation module). */
  paymentTypeNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  /** Names of GL account tags (code values, from the organisation module). */
  codeValueNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  seedTenant: (tx: Tx) => Promise<void>;
}

export function createLedgerServices(db: Database, deps: LedgerDependencies): LedgerServices {
  const engine = new PostingEngine(deps.officeOpeningDate);
  const currencies = new CurrencyService(db);
  return {
    engine,
    glAccounts: new GLAccountService(db, deps.codeValueOfCode),
    currencies,
    journal: new JournalEntryService(db, engine, deps.officeInScope, deps.officesInScope, deps.paymentTypeExists),
    closures: new GLClosureService(db, deps.officeInScope),
    reports: new LedgerReportService(db, deps.officeSubtree),
    officeNames: deps.officeNames,
    usernames: deps.usernames,
    paymentTypeNames: deps.paymentTypeNames,
    codeValueNames: deps.codeValueNames,
    seedTenant: ledgerSeeder(currencies),
  };
}
