import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { CATALOGUE_BY_CODE, CURRENCY_CATALOGUE, type CurrencyDef } from './currencies.js';
import { Currency } from './ledger.entities.js';
import { currencyHasEntries, insertCurrencyIfAbsent } from './ledger.store.js';
import { LEDGER_CODES } from './codes.js';

export interface CurrencyConfiguration {
  selected: CurrencyDef[];
  options: CurrencyDef[];
}

/** The institution's enabled currencies. The only writer of ledger.currency. */
export class CurrencyService {
  constructor(private readonly db: Database) {}

  async configuration(identity: Identity): Promise<CurrencyConfiguration> {
    const staff = requireStaff(identity, 'READ_CURRENCY');
    return this.db.tx(staff.tenantId, async (tx) => {
      const selected = (await tx.em.find(Currency, {}, { orderBy: { code: 'asc' } })).map(toDef);
      const chosen = new Set(selected.map((c) => c.code));
      return { selected, options: CURRENCY_CATALOGUE.filter((c) => !chosen.has(c.code)) };
    });
  }

  /** Replaces the enabled set (Fineract's PUT /currencies). The base currency and currencies in use stay. */
  async update(identity: Identity, codes: string[]): Promise<string[]> {
    const actor = requireStaff(identity, 'UPDATE_CURRENCY');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, codes));
  }

  async updateCore(tx: Tx, actor: Actor, codes: string[]): Promise<string[]> {
    const wanted = [...new Set((codes ?? []).map((c) => String(c).trim().toUpperCase()))];
    const unknown = wanted.filter((c) => !CATALOGUE_BY_CODE.has(c));
    if (unknown.length > 0) {
      throw errors.validation(unknown.map((c) => ({ code: LEDGER_CODES.currenciesCodeInvalid, message: `Unknown currency code ${c}.`, parameterName: 'currencies', value: c })));
    }
    const current = await tx.em.find(Currency, {});
    for (const currency of current) {
      if (wanted.includes(currency.code)) continue;
      if (currency.base) throw errors.domainRule(LEDGER_CODES.currencyBaseCannotBeRemoved, `${currency.code} is the base currency.`, [currency.code], 'currencies');
      if (await currencyHasEntries(tx, currency.code)) throw errors.domainRule(LEDGER_CODES.currencyCurrencyCodeInUse, `Currency ${currency.code} has journal entries.`, [currency.code], 'currencies');
      tx.em.remove(currency);
    }
    const have = new Set(current.map((c) => c.code));
    for (const code of wanted) if (!have.has(code)) tx.em.persist(fromDef(tx, CATALOGUE_BY_CODE.get(code)!, false, actor.userId));
    await tx.em.flush();
    return wanted.sort();
  }

  /** For other modules inside their transaction: the currency when the tenant has enabled it, otherwise null. */
  async enabled(tx: Tx, code: string): Promise<CurrencyDef | null> {
    const found = await tx.em.findOne(Currency, { code });
    return found ? toDef(found) : null;
  }

  /** For other modules inside their transaction: the enabled currencies, by code. */
  async allEnabled(tx: Tx): Promise<CurrencyDef[]> {
    return (await tx.em.find(Currency, {}, { orderBy: { code: 'asc' } })).map(toDef);
  }

  /** Tenant seeding: enables the given currencies if absent (idempotent). */
  async seed(tx: Tx, codes: string[], base: string): Promise<void> {
    for (const code of codes) {
      const def = CATALOGUE_BY_CODE.get(code)!;
      await insertCurrencyIfAbsent(tx, fromDef(tx, def, code === base, null));
    }
  }

  async byCodes(tenantId: string, codes: readonly string[]): Promise<Map<string, CurrencyDef>> {
    const found = await this.db.tx(tenantId, (tx) => tx.em.find(Currency, { code: { $in: [...codes] } }));
    const map = new Map(found.map((c) => [c.code, toDef(c)]));
    for (const code of codes) if (!map.has(code) && CATALOGUE_BY_CODE.has(code)) map.set(code, CATALOGUE_BY_CODE.get(code)!);
    return map;
  }
}

function toDef(c: Currency): CurrencyDef {
  return { code: c.code, name: c.name, decimalPlaces: c.decimalPlaces, displaySymbol: c.displaySymbol, nameCode: c.nameCode, inMultiplesOf: c.inMultiplesOf ?? 0 };
}

function fromDef(tx: Tx, def: CurrencyDef, base: boolean, actor: number | null): Currency {
  return Object.assign(new Currency(), {
    tenantId: tx.tenantId,
    code: def.code,
    name: def.name,
    decimalPlaces: def.decimalPlaces,
    inMultiplesOf: def.inMultiplesOf,
    displaySymbol: def.displaySymbol,
    nameCode: def.nameCode,
    base,
    createdBy: actor,
    updatedBy: actor,
  });
}
