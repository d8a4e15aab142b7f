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
}
