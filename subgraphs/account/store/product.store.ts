import type { Tx } from '../../kernel/tx.js';
import { formatAmount } from '../../kernel/money.js';
import type { AccountType } from '../account.rows.js';

export interface SavingsProduct {
  id: number;
  name: string;
  shortName: string;
  description: string | null;
  accountType: AccountType;
  currencyCode: string;
  digitsAfterDecimal: number;
  inMultiplesOf: number | null;
  nominalAnnualInterestRate: string;
  interestCompoundingPeriodType: number | null;
  interestPostingPeriodType: number | null;
  interestCalculationType: number | null;
  interestCalculationDaysInYearType: number | null;
  minRequiredBalance: string | null;
  enforceMinRequiredBalance: boolean;
  allowOverdraft: boolean;
  overdraftLimit: string | null;
  accountingRule: number;
  /** Customers may apply for it themselves (POST /self/savingsaccounts); staff-only when false. */
  allowSelfService: boolean;
  /** Fineract's parameters without a column of their own (savings-product.parameters.ts), as given. */
  parameters: Record<string, unknown>;
}

/** A product's fields that have a column of their own. */
export type ProductField = keyof Omit<SavingsProduct, 'id' | 'parameters'>;

export const PRODUCT_COLUMNS: Record<ProductField, string> = {
  name: 'name',
  shortName: 'short_name',
  description: 'description',
  accountType: 'account_type',
  currencyCode: 'currency_code',
  digitsAfterDecimal: 'digits_after_decimal',
  inMultiplesOf: 'in_multiples_of',
  nominalAnnualInterestRate: 'nominal_annual_interest_rate',
  interestCompoundingPeriodType: 'interest_compounding_period_type',
  interestPostingPeriodType: 'interest_posting_period_type',
  interestCalculationType: 'interest_calculation_type',
  interestCalculationDaysInYearType: 'interest_calculation_days_in_year_type',
  minRequiredBalance: 'min_required_balance',
  enforceMinRequiredBalance: 'enforce_min_required_balance',
  allowOverdraft: 'allow_overdraft',
  overdraftLimit: 'overdraft_limit',
  accountingRule: 'accounting_rule',
  allowSelfService: 'allow_self_service',
};
const FIELDS = Object.keys(PRODUCT_COLUMNS) as ProductField[];
const MONEY_FIELDS = new Set<ProductField>(['nominalAnnualInterestRate', 'minRequiredBalance', 'overdraftLimit']);

const SELECT = `select id, ${FIELDS.map((key) => (MONEY_FIELDS.has(key) ? `${PRODUCT_COLUMNS[key]}::text as "${key}"` : `${PRODUCT_COLUMNS[key]} as "${key}"`)).join(', ')}, parameters from account.savings_product`;

/** A row as selected: bigint id as text, the rest under the product's own names. */
type RawProduct = Omit<SavingsProduct, 'id' | 'parameters'> & { id: string; parameters: Record<string, unknown> | null };

function toProduct(p: RawProduct): SavingsProduct {
  return {
    ...p,
    id: Number(p.id),
    digitsAfterDecimal: Number(p.digitsAfterDecimal),
    accountingRule: Number(p.accountingRule),
    nominalAnnualInterestRate: formatAmount(p.nominalAnnualInterestRate),
    minRequiredBalance: p.minRequiredBalance == null ? null : formatAmount(p.minRequiredBalance),
    overdraftLimit: p.overdraftLimit == null ? null : formatAmount(p.overdraftLimit),
    parameters: p.parameters ?? {},
  };
}

export async function listProducts(tx: Tx): Promise<SavingsProduct[]> {
  return (await tx.query<RawProduct>(`${SELECT} where tenant_id = ? order by id`, [tx.tenantId])).map(toProduct);
}

/** The products customers may apply for themselves, in id order. */
export async function selfServiceProducts(tx: Tx): Promise<SavingsProduct[]> {
  return (await tx.query<RawProduct>(`${SELECT} where tenant_id = ? and allow_self_service order by id`, [tx.tenantId])).map(toProduct);
}

export async function findProduct(tx: Tx, id: number): Promise<SavingsProduct | null> {
  const rows = await tx.query<RawProduct>(`${SELECT} where tenant_id = ? and id = ?`, [tx.tenantId, id]);
  return rows[0] ? toProduct(rows[0]) : null;
}

export async function productCount(tx: Tx): Promise<number> {
  const rows = await tx.query<{ n: string }>(`select count(*) as n from account.savings_product where tenant_id = ?`, [tx.tenantId]);
  return Number(rows[0]!.n);
}

/** A column's value as written: text, a number or a flag (money as exact text). */
export type ProductValue = string | number | boolean | null;

/** Inserts a product; a duplicate name or short name fails on a unique index. */
export async function insertProduct(tx: Tx, id: number, values: Record<ProductField, ProductValue>, parameters: Record<string, unknown>, actor: number | null): Promise<void> {
  await tx.query(
    `insert into account.savings_product (tenant_id, id, ${FIELDS.map((k) => PRODUCT_COLUMNS[k]).join(', ')}, parameters, created_by, updated_by)
     values (?, ?, ${FIELDS.map(() => '?').join(', ')}, ?::jsonb, ?, ?)`,
    [tx.tenantId, id, ...FIELDS.map((k) => values[k]), JSON.stringify(parameters), actor, actor],
  );
}

/** Writes the changed columns and, when given, the whole parameters object (at least one of them). */
export async function updateProduct(
  tx: Tx, id: number, changes: Partial<Record<ProductField, ProductValue>>, parameters: Record<string, unknown> | null, actor: number | null,
): Promise<void> {
  const fields = Object.keys(changes) as ProductField[];
  const sets = fields.map((k) => `${PRODUCT_COLUMNS[k]} = ?`);
  const params: unknown[] = fields.map((k) => changes[k]);
  if (parameters) {
    sets.push('parameters = ?::jsonb');
    params.push(JSON.stringify(parameters));
  }
  await tx.query(`update account.savings_product set ${sets.join(', ')}, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [...params, actor, tx.tenantId, id]);
}

/** The id of the savings product with this name, or null. */
export async function productIdByName(tx: Tx, name: string): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(`select id from account.savings_product where tenant_id = ? and name = ?`, [tx.tenantId, name]);
  return rows[0] ? Number(rows[0].id) : null;
}
