import type { Database } from '../../platform/database.js';
import { requireCustomer, requireStaff, type Identity } from '../../kernel/identity.js';
import { APPLIES_TO, CALCULATION_TYPE_BY_ID, TIME_TYPE_BY_ID, type ChargeEnum } from '../domain/charge-kinds.js';
import { savingsChargeNotFound } from '../commands/savings-charge.command.js';
import type { ChargesDependencies } from '../ports.js';
import { currencyView, type ChargeCurrencyView, type ChargeQueries, type ChargeView } from './charge.query.js';
import * as charges from '../store/charge.store.js';
import { productChargeIds } from '../store/product-charge.store.js';

/** product_charge's product type of savings products. */
const PRODUCT_SAVINGS = 2;
import * as store from '../store/savings-charge.store.js';

/** A charge of a savings or current account as Fineract's GET /savingsaccounts/{id}/charges shows it. */
export interface SavingsChargeView {
  id: number;
  chargeId: number;
  accountId: number;
  name: string;
  chargeTimeType: ChargeEnum;
  chargeCalculationType: ChargeEnum;
  dueDate: string | null;
  feeOnMonth: number | null;
  feeOnDay: number | null;
  feeInterval: number | null;
  amountOrPercentage: string;
  percentage: string | null;
  currency: ChargeCurrencyView;
  amount: string;
  amountPaid: string;
  amountWaived: string;
  amountWrittenOff: string;
  amountOutstanding: string;
  isActive: boolean;
  penalty: boolean;
  inactivationDate: string | null;
}

export class SavingsChargeQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: ChargesDependencies,
    private readonly definitions: ChargeQueries,
  ) {}

  async list(identity: Identity, accountId: number): Promise<SavingsChargeView[]> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const account = await this.deps.savings.visible(tx, staff, accountId);
      const currency = await this.deps.currency(tx, account.currencyCode);
      return (await store.savingsChargesOf(tx, accountId)).map((r) => view(r, currency && currencyView(currency)));
    });
  }

  /** GET /self/savingsaccounts/{id}/charges: the customer's own account only (another's is 404). */
  async listOwn(identity: Identity, accountId: number): Promise<SavingsChargeView[]> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, async (tx) => {
      const account = await this.deps.savings.visible(tx, customer, accountId);
      const currency = await this.deps.currency(tx, account.currencyCode);
      return (await store.savingsChargesOf(tx, accountId)).map((r) => view(r, currency && currencyView(currency)));
    });
  }

  /**
   * The charges part of GET /savingsaccounts/template?productId=: active savings charges (the caller keeps those
   * in the product's currency) and the product's own (what an application without `charges` gets).
   */
  async productTemplate(identity: Identity, productId: number): Promise<{ chargeOptions: ChargeView[]; charges: ChargeView[] }> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const options = await charges.listCharges(tx, { appliesTo: APPLIES_TO.savings.id, active: true });
      const own = await Promise.all((await productChargeIds(tx, PRODUCT_SAVINGS, productId)).map((id) => charges.findCharge(tx, id)));
      return { chargeOptions: await this.definitions.views(tx, options), charges: await this.definitions.views(tx, own.filter((r) => r !== null)) };
    });
  }

  async get(identity: Identity, accountId: number, id: number): Promise<SavingsChargeView> {
    const staff = requireStaff(identity, 'READ_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const account = await this.deps.savings.visible(tx, staff, accountId);
      const row = await store.findSavingsCharge(tx, accountId, id);
      if (!row) throw savingsChargeNotFound(id);
      const currency = await this.deps.currency(tx, account.currencyCode);
      return view(row, currency && currencyView(currency));
    });
  }
}

function view(r: store.SavingsChargeRow, currency: ChargeCurrencyView | null): SavingsChargeView {
  const calculation = CALCULATION_TYPE_BY_ID.get(r.calculationType)!;
  return {
    id: r.id, chargeId: r.chargeId, accountId: r.accountId, name: r.name, chargeTimeType: TIME_TYPE_BY_ID.get(r.timeType)!, chargeCalculationType: calculation,
    dueDate: r.dueDate, feeOnMonth: r.feeOnMonth, feeOnDay: r.feeOnDay, feeInterval: r.feeInterval, amountOrPercentage: r.amountOrPercentage,
    percentage: calculation.id === 1 ? null : r.amountOrPercentage,
    currency: currency ?? { code: r.currencyCode, name: r.currencyCode, decimalPlaces: 2, displaySymbol: null, nameCode: `currency.${r.currencyCode}`, inMultiplesOf: 0, displayLabel: r.currencyCode },
    amount: r.amount, amountPaid: r.amountPaid, amountWaived: r.amountWaived, amountWrittenOff: '0', amountOutstanding: r.amountOutstanding,
    isActive: r.active, penalty: r.penalty, inactivationDate: r.inactivatedOn,
  };
}
