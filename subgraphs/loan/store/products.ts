import type { Tx } from '../../kernel/tx.js';
import type { LoanProductRow } from '../loan-product.rows.js';
import { rows } from './rows.js';
import { pgArray } from '../../kernel/pg-array.js';

/** Loan products (loan.product). */

/** The stored columns of a product's fields (its parameters are one jsonb column). */
export const PRODUCT_COLUMNS: Record<keyof Omit<LoanProductRow, 'id' | 'parameters'>, string> = {
  name: 'name', shortName: 'short_name', description: 'description', currencyCode: 'currency_code', digitsAfterDecimal: 'digits_after_decimal',
  inMultiplesOf: 'in_multiples_of', principal: 'principal', minPrincipal: 'min_principal', maxPrincipal: 'max_principal',
  numberOfRepayments: 'number_of_repayments', minNumberOfRepayments: 'min_number_of_repayments', maxNumberOfRepayments: 'max_number_of_repayments',
  repaymentEvery: 'repayment_every', repaymentFrequencyType: 'repayment_frequency_type', interestRatePerPeriod: 'interest_rate_per_period',
  minInterestRatePerPeriod: 'min_interest_rate_per_period', maxInterestRatePerPeriod: 'max_interest_rate_per_period',
  interestRateFrequencyType: 'interest_rate_frequency_type', amortizationType: 'amortization_type', interestType: 'interest_type',
  interestCalculationPeriodType: 'interest_calculation_period_type', transactionProcessingStrategyCode: 'transaction_processing_strategy_code',
  daysInYearType: 'days_in_year_type', daysInMonthType: 'days_in_month_type', graceOnPrincipalPayment: 'grace_on_principal_payment',
  graceOnInterestPayment: 'grace_on_interest_payment', accountingRule: 'accounting_rule', delinquencyBucketId: 'delinquency_bucket_id',
};

export type ProductField = keyof typeof PRODUCT_COLUMNS;

const FIELDS = Object.keys(PRODUCT_COLUMNS) as ProductField[];
const SELECT = `select id, ${FIELDS.map((f) => PRODUCT_COLUMNS[f]).join(', ')}, parameters from loan.product`;

export async function listProducts(tx: Tx): Promise<LoanProductRow[]> {
  return rows<LoanProductRow>(await tx.query(`${SELECT} where tenant_id = ? order by id`, [tx.tenantId]));
}

export async function findProduct(tx: Tx, id: number): Promise<LoanProductRow | null> {
  return rows<LoanProductRow>(await tx.query(`${SELECT} where tenant_id = ? and id = ?`, [tx.tenantId, id]))[0] ?? null;
}

export async function productExists(tx: Tx, id: number): Promise<boolean> {
  return (await tx.query(`select 1 from loan.product where tenant_id = ? and id = ?`, [tx.tenantId, id])).length > 0;
}

/** Every product's id and name, in id order (the application template's options). */
export async function productNames(tx: Tx): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(await tx.query(`select id, name from loan.product where tenant_id = ? order by id`, [tx.tenantId]));
}

/** The names of some products, by id. */
export async function productNamesOf(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const found = rows<{ id: number; name: string }>(await tx.query(`select id, name from loan.product where tenant_id = ? and id = any(?::int[])`, [tx.tenantId, pgArray(ids)]));
  return new Map(found.map((p) => [p.id, p.name]));
}

/** Products other than `exceptId` whose name or short name is one of these (case-insensitive). */
export async function productsNamed(tx: Tx, name: string, shortName: string, exceptId: number | null): Promise<{ name: string; shortName: string }[]> {
  return rows<{ name: string; shortName: string }>(await tx.query(
    `select name, short_name from loan.product where tenant_id = ? and (lower(name) = lower(?) or lower(short_name) = lower(?)) and id <> ?`,
    [tx.tenantId, name, shortName, exceptId ?? -1],
  ));
}

export async function insertProduct(tx: Tx, id: number, product: { [F in ProductField]?: LoanProductRow[F] | null }, parameters: Record<string, unknown>, userId: number | null): Promise<void> {
  await tx.query(
    `insert into loan.product (tenant_id, id, ${FIELDS.map((f) => PRODUCT_COLUMNS[f]).join(', ')}, parameters, created_by, updated_by)
     values (?, ?, ${FIELDS.map(() => '?').join(', ')}, ?::jsonb, ?, ?)`,
    [tx.tenantId, id, ...FIELDS.map((f) => product[f] ?? null), JSON.stringify(parameters), userId, userId],
  );
}

/** Writes the changed fields (and the parameters, when given); nothing when there is nothing to write. */
export async function updateProduct(tx: Tx, id: number, changed: Partial<Record<ProductField, unknown>>, parameters: Record<string, unknown> | null, userId: number): Promise<void> {
  const fields = FIELDS.filter((f) => Object.hasOwn(changed, f));
  const sets = fields.map((f) => `${PRODUCT_COLUMNS[f]} = ?`);
  const values: unknown[] = fields.map((f) => changed[f]);
  if (parameters !== null) {
    sets.push('parameters = ?::jsonb');
    values.push(JSON.stringify(parameters));
  }
  if (sets.length === 0) return;
  await tx.query(`update loan.product set ${sets.join(', ')}, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`, [...values, userId, tx.tenantId, id]);
}
