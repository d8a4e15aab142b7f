/**
 * What the ledger module publishes to the modules that depend on it, as types only. The implementations
 * are wired in subgraphs/composition/.
 */
import type { LEDGER_CODES } from './codes.js';

export type LedgerCodes = typeof LEDGER_CODES;
