import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { ALLOWED, APPLIES_TO, APPLIES_TO_BY_ID, CALCULATION_TYPE, CALCULATION_TYPE_BY_ID, PAYMENT_MODE, PAYMENT_MODE_BY_ID, TIME_TYPE, TIME_TYPE_BY_ID, type ChargeEnum } from '../domain/charge-kinds.js';
import { chargeNotFound } from '../commands/charge-definition.command.js';
import type { ChargeCurrency, ChargeGlAccount, ChargesDependencies } from '../ports.js';
import * as store from '../store/charge.store.js';

export interface ChargeCurrencyView extends ChargeCurrency {
  displayLabel: string;
}

/** A charge definition as Fineract's GET /charges/{id} shows it. */
export interface ChargeView {
  id: number;
  name: string;
  active: boolean;
  penalty: boolean;
  currency: ChargeCurrencyView;
  amount: string;
  chargeTimeType: ChargeEnum;
  chargeAppliesTo: ChargeEnum;
  chargeCalculationType: ChargeEnum;
  chargePaymentMode: ChargeEnum;
  feeOnMonth: number | null;
  feeOnDay: number | null;
  feeInterval: number | null;
  minCap: string | null;
  maxCap: string | null;
  incomeAccount: { id: number; name: string; glCode: string } | null;
}

export interface ChargeTemplateView {
  active: boolean;
  penalty: boolean;
  currencyOptions: ChargeCurrencyView[];
  chargeAppliesToOptions: ChargeEnum[];
  chargeCalculationTypeOptions: ChargeEnum[];
  chargeTimeTypeOptions: ChargeEnum[];
  chargePaymentModeOptions: ChargeEnum[];
  loanChargeCalculationTypeOptions: ChargeEnum[];
  loanChargeTimeTypeOptions: ChargeEnum[];
  savingsChargeCalculationTypeOptions: ChargeEnum[];
  savingsChargeTimeTypeOptions: ChargeEnum[];
  clientChargeCalculationTypeOptions: ChargeEnum[];
  clientChargeTimeTypeOptions: ChargeEnum[];
  incomeAccountOptions: { id: number; name: string; glCode: string }[];
}

const MAX_LISTED = 1000;

export const currencyView = (c: ChargeCurrency): ChargeCurrencyView => ({ ...c, displayLabel: c.displaySymbol ? `${c.name} (${c.displaySymbol})` : `${c.name} [${c.code}]` });
const glView = (a: ChargeGlAccount) => ({ id: a.id, name: a.name, glCode: a.glCode });

/** Charge definitions and the template the console builds its form from. */
export class ChargeQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: ChargesDependencies,
  ) {}

  async list(identity: Identity, filter: { appliesTo?: number | null; active?: boolean | null } = {}): Promise<ChargeView[]> {
    const staff = requireStaff(identity, 'READ_CHARGE');
    return this.db.tx(staff.tenantId, async (tx) => {
      const rows = (await store.listCharges(tx, filter)).slice(0, MAX_LISTED);
      return this.views(tx, rows);
    });
  }

  async get(identity: Identity, id: number): Promise<ChargeView> {
    const staff = requireStaff(identity, 'READ_CHARGE');
    return this.db.tx(staff.tenantId, async (tx) => {
      const row = await store.findCharge(tx, id);
      if (!row) throw chargeNotFound(id);
      return (await this.views(tx, [row]))[0]!;
    });
  }

  async template(identity: Identity): Promise<ChargeTemplateView> {
    const staff = requireStaff(identity, 'READ_CHARGE');
    return this.db.tx(staff.tenantId, async (tx) => ({
      active: true,
      penalty: false,
      currencyOptions: (await this.deps.currencies(tx)).map(currencyView),
      chargeAppliesToOptions: Object.values(APPLIES_TO),
      chargeCalculationTypeOptions: Object.values(CALCULATION_TYPE),
      chargeTimeTypeOptions: Object.values(TIME_TYPE),
      chargePaymentModeOptions: Object.values(PAYMENT_MODE),
      loanChargeCalculationTypeOptions: [...ALLOWED[APPLIES_TO.loan.id].calculationTypes],
      loanChargeTimeTypeOptions: [...ALLOWED[APPLIES_TO.loan.id].timeTypes],
      savingsChargeCalculationTypeOptions: [...ALLOWED[APPLIES_TO.savings.id].calculationTypes],
      savingsChargeTimeTypeOptions: [...ALLOWED[APPLIES_TO.savings.id].timeTypes],
      clientChargeCalculationTypeOptions: [...ALLOWED[APPLIES_TO.client.id].calculationTypes],
      clientChargeTimeTypeOptions: [...ALLOWED[APPLIES_TO.client.id].timeTypes],
      incomeAccountOptions: (await this.deps.incomeAccounts(tx)).map(glView),
    }));
  }

  /** For other commands of this module, inside their transaction. */
  async views(tx: Tx, rows: readonly store.ChargeRow[]): Promise<ChargeView[]> {
    const currencies = new Map<string, ChargeCurrency | null>();
    const accounts = new Map<number, ChargeGlAccount | null>();
    const out: ChargeView[] = [];
    for (const r of rows) {
      if (!currencies.has(r.currencyCode)) currencies.set(r.currencyCode, await this.deps.currency(tx, r.currencyCode));
      if (!accounts.has(r.incomeAccountId)) accounts.set(r.incomeAccountId, await this.deps.glAccount(tx, { id: r.incomeAccountId }));
      const currency = currencies.get(r.currencyCode) ?? { code: r.currencyCode, name: r.currencyCode, decimalPlaces: 2, displaySymbol: null, nameCode: `currency.${r.currencyCode}`, inMultiplesOf: 0 };
      const income = accounts.get(r.incomeAccountId);
      out.push({
        id: r.id, name: r.name, active: r.active, penalty: r.penalty, currency: currencyView(currency), amount: r.amount,
        chargeTimeType: TIME_TYPE_BY_ID.get(r.timeType)!, chargeAppliesTo: APPLIES_TO_BY_ID.get(r.appliesTo)!,
        chargeCalculationType: CALCULATION_TYPE_BY_ID.get(r.calculationType)!, chargePaymentMode: PAYMENT_MODE_BY_ID.get(r.paymentMode)!,
        feeOnMonth: r.feeOnMonth, feeOnDay: r.feeOnDay, feeInterval: r.feeInterval, minCap: r.minCap, maxCap: r.maxCap,
        incomeAccount: income ? glView(income) : null,
      });
    }
    return out;
  }
}
