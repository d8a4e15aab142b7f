import BigNumber from 'bignumber.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { requireCustomer, requireStaff, type Identity } from '../../kernel/identity.js';
import { APPLIES_TO, CALCULATION_TYPE_BY_ID, PAYMENT_MODE_BY_ID, TIME_TYPE_BY_ID, type ChargeEnum } from '../domain/charge-kinds.js';
import { loanChargeNotFound } from '../commands/loan-charge.command.js';
import type { ChargeableLoan, ChargesDependencies } from '../ports.js';
import { currencyView, type ChargeCurrencyView, type ChargeQueries, type ChargeView } from './charge.query.js';
import * as charges from '../store/charge.store.js';
import * as store from '../store/loan-charge.store.js';
import { productChargeIds } from '../store/product-charge.store.js';

/** product_charge's product type of loan products. */
const PRODUCT_LOAN = 1;

/** One instalment's part of a loan charge (Fineract's installmentChargeData). */
export interface LoanInstallmentChargeView {
  installmentNumber: number;
  dueDate: string;
  amount: string;
  amountPaid: string;
  amountWaived: string;
  amountOutstanding: string;
  paid: boolean;
  waived: boolean;
}

/** A loan charge as Fineract's GET /loans/{loanId}/charges shows it (LoanChargeData). */
export interface LoanChargeView {
  id: number;
  chargeId: number;
  loanId: number;
  name: string;
  chargeTimeType: ChargeEnum;
  chargeCalculationType: ChargeEnum;
  chargePaymentMode: ChargeEnum;
  dueDate: string | null;
  amountOrPercentage: string;
  percentage: string | null;
  currency: ChargeCurrencyView;
  amount: string;
  amountPaid: string;
  amountWaived: string;
  amountWrittenOff: string;
  amountOutstanding: string;
  penalty: boolean;
  paid: boolean;
  waived: boolean;
  chargePayable: boolean;
  installmentChargeData: LoanInstallmentChargeView[];
}

/** GET /loans/{loanId}/charges/template: the loan charges that may be added, in the loan's currency. */
export interface LoanChargeTemplateView {
  amountPaid: string;
  amountWaived: string;
  amountWrittenOff: string;
  amountOutstanding: string;
  penalty: boolean;
  chargeOptions: ChargeView[];
}

export class LoanChargeQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: ChargesDependencies,
    private readonly definitions: ChargeQueries,
  ) {}

  async list(identity: Identity, loanId: number): Promise<LoanChargeView[]> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => this.views(tx, await this.deps.loans.visible(tx, staff, loanId)));
  }

  /** GET /self/loans/{id}/charges: the customer's own loan only (another's is 404). */
  async listOwn(identity: Identity, loanId: number): Promise<LoanChargeView[]> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, async (tx) => this.views(tx, await this.deps.loans.visible(tx, customer, loanId)));
  }

  async get(identity: Identity, loanId: number, id: number): Promise<LoanChargeView> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const found = (await this.views(tx, await this.deps.loans.visible(tx, staff, loanId))).find((c) => c.id === id);
      if (!found) throw loanChargeNotFound(id);
      return found;
    });
  }

  async template(identity: Identity, loanId: number): Promise<LoanChargeTemplateView> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const loan = await this.deps.loans.visible(tx, staff, loanId);
      const rows = (await charges.listCharges(tx, { appliesTo: APPLIES_TO.loan.id, active: true })).filter((c) => c.currencyCode === loan.currencyCode);
      return { amountPaid: '0', amountWaived: '0', amountWrittenOff: '0', amountOutstanding: '0', penalty: false, chargeOptions: await this.definitions.views(tx, rows) };
    });
  }

  /**
   * The charges part of GET /loans/template?productId=: the active loan charges in the product's currency an
   * application may list, and the product's own (what an application without `charges` gets).
   */
  async productTemplate(identity: Identity, productId: number): Promise<{ chargeOptions: ChargeView[]; charges: ChargeView[] }> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const currency = await this.deps.loans.productCurrency(tx, productId);
      if (currency === null) return { chargeOptions: [], charges: [] };
      const options = (await charges.listCharges(tx, { appliesTo: APPLIES_TO.loan.id, active: true })).filter((c) => c.currencyCode === currency);
      const own = new Set(await productChargeIds(tx, PRODUCT_LOAN, productId));
      const rows = await Promise.all([...own].map((id) => charges.findCharge(tx, id)));
      return { chargeOptions: await this.definitions.views(tx, options), charges: await this.definitions.views(tx, rows.filter((r) => r !== null)) };
    });
  }

  private async views(tx: Tx, loan: ChargeableLoan): Promise<LoanChargeView[]> {
    const currency = await this.deps.currency(tx, loan.currencyCode);
    const parts = await store.periodsOf(tx, loan.id);
    return (await store.loanChargesOf(tx, loan.id)).map((r) => view(r, parts.filter((p) => p.loanChargeId === r.id), currency ? currencyView(currency) : fallbackCurrency(loan)));
  }
}

const fallbackCurrency = (loan: ChargeableLoan): ChargeCurrencyView => ({
  code: loan.currencyCode, name: loan.currencyCode, decimalPlaces: loan.digits, displaySymbol: null, nameCode: `currency.${loan.currencyCode}`, inMultiplesOf: 0, displayLabel: loan.currencyCode,
});

function view(r: store.LoanChargeRow, parts: readonly store.LoanChargePeriodRow[], currency: ChargeCurrencyView): LoanChargeView {
  const calculation = CALCULATION_TYPE_BY_ID.get(r.calculationType)!;
  const outstanding = new BigNumber(r.amountOutstanding);
  const settled = outstanding.isZero() && new BigNumber(r.amount).gt(0);
  return {
    id: r.id, chargeId: r.chargeId, loanId: r.loanId, name: r.name, chargeTimeType: TIME_TYPE_BY_ID.get(r.timeType)!, chargeCalculationType: calculation,
    chargePaymentMode: PAYMENT_MODE_BY_ID.get(r.paymentMode)!, dueDate: r.dueDate ?? parts[0]?.dueDate ?? null, amountOrPercentage: r.amountOrPercentage,
    percentage: calculation.id === 1 ? null : r.amountOrPercentage, currency, amount: r.amount, amountPaid: r.amountPaid, amountWaived: r.amountWaived,
    amountWrittenOff: '0', amountOutstanding: r.amountOutstanding, penalty: r.penalty,
    paid: settled && new BigNumber(r.amountWaived).isZero(), waived: settled && new BigNumber(r.amountPaid).isZero() && new BigNumber(r.amountWaived).gt(0),
    chargePayable: outstanding.gt(0),
    installmentChargeData: parts.map((p) => ({
      installmentNumber: p.period, dueDate: p.dueDate, amount: p.amount, amountPaid: p.amountPaid, amountWaived: p.amountWaived, amountOutstanding: p.amountOutstanding,
      paid: new BigNumber(p.amountOutstanding).isZero() && new BigNumber(p.amountPaid).gt(0), waived: new BigNumber(p.amountOutstanding).isZero() && new BigNumber(p.amountWaived).gt(0),
    })),
  };
}
