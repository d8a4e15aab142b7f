import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type Identity } from '../kernel/identity.js';
import { Money, formatAmount } from '../kernel/money.js';
import { mergeParameters, unsupportedParameters } from '../kernel/fineract-parameters.js';
import { nextValue } from '../kernel/sequence.js';
import type { AccountDependencies } from './account.ports.js';
import type { AccountType } from './account.rows.js';
import { SAVINGS_PRODUCT_PARAMETERS } from './savings-product.parameters.js';
import { SAVINGS_PRODUCT_TEMPLATE, type SavingsProductTemplate } from './savings-product.template.js';
import { ACCOUNT_CODES } from './codes.js';

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
  /** Fineract's parameters without a column of their own (savings-product.parameters.ts), as given. */
  parameters: Record<string, unknown>;
}

export interface SavingsProductInput {
  name?: string | null;
  shortName?: string | null;
  description?: string | null;
  accountType?: string | null;
  currencyCode?: string | null;
  digitsAfterDecimal?: number | null;
  inMultiplesOf?: number | null;
  nominalAnnualInterestRate?: string | null;
  /** Interest is a later issue: the period types are stored as given, nothing is posted. */
  interestCompoundingPeriodType?: number | null;
  interestPostingPeriodType?: number | null;
  interestCalculationType?: number | null;
  interestCalculationDaysInYearType?: number | null;
  minRequiredBalance?: string | null;
  enforceMinRequiredBalance?: boolean | null;
  allowOverdraft?: boolean | null;
  overdraftLimit?: string | null;
  accountingRule?: number | null;
}

const COLUMNS: Record<keyof Omit<SavingsProduct, 'id' | 'parameters'>, string> = {
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
};
const MONEY_FIELDS = new Set(['nominalAnnualInterestRate', 'minRequiredBalance', 'overdraftLimit']);

const SELECT = `select id, ${Object.entries(COLUMNS).map(([key, col]) => (MONEY_FIELDS.has(key) ? `${col}::text as "${key}"` : `${col} as "${key}"`)).join(', ')}, parameters from account.savings_product`;

const notFound = (id: unknown) => errors.notFound(ACCOUNT_CODES.savingproductIdInvalid, `Savings product with identifier ${id} does not exist`, id);

/** The two products every tenant starts with. */
const DEFAULT_PRODUCTS: SavingsProductInput[] = [
  { name: 'Primary Savings', shortName: 'PSAV', description: 'Savings account', accountType: 'SAVINGS', currencyCode: 'NGN', digitsAfterDecimal: 2, nominalAnnualInterestRate: '0', accountingRule: 2 },
  { name: 'Current Account', shortName: 'CURR', description: 'Current account', accountType: 'CURRENT', currencyCode: 'NGN', digitsAfterDecimal: 2, nominalAnnualInterestRate: '0', accountingRule: 2 },
];

function normalize(row: Record<string, unknown>): SavingsProduct {
  const p = row as unknown as SavingsProduct;
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

/** Savings and current account products. The only writer of account.savings_product. */
export class ProductService {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
  ) {}

  async list(identity: Identity): Promise<SavingsProduct[]> {
    const staff = requireStaff(identity, 'READ_SAVINGSPRODUCT');
    return this.db.tx(staff.tenantId, async (tx) => (await tx.em.execute<Record<string, unknown>[]>(`${SELECT} where tenant_id = ? order by id`, [tx.tenantId])).map(normalize));
  }

  template(identity: Identity): SavingsProductTemplate {
    requireStaff(identity, 'READ_SAVINGSPRODUCT');
    return SAVINGS_PRODUCT_TEMPLATE;
  }

  async get(identity: Identity, id: number): Promise<SavingsProduct> {
    const staff = requireStaff(identity, 'READ_SAVINGSPRODUCT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const product = await this.find(tx, id);
      if (!product) throw notFound(id);
      return product;
    });
  }

  async find(tx: Tx, id: number): Promise<SavingsProduct | null> {
    const rows = await tx.em.execute<Record<string, unknown>[]>(`${SELECT} where tenant_id = ? and id = ?`, [tx.tenantId, id]);
    return rows[0] ? normalize(rows[0]) : null;
  }

  async create(identity: Identity, input: SavingsProductInput): Promise<SavingsProduct> {
    const staff = requireStaff(identity, 'CREATE_SAVINGSPRODUCT');
    validate(input, true);
    return this.db.tx(staff.tenantId, (tx) => this.createCore(tx, actorId(identity), input));
  }

  async update(identity: Identity, id: number, input: SavingsProductInput): Promise<{ product: SavingsProduct; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATE_SAVINGSPRODUCT');
    validate(input, false);
    return this.db.tx(staff.tenantId, async (tx) => {
      const before = await this.find(tx, id);
      if (!before) throw notFound(id);
      const merged: SavingsProductInput = { ...before, ...definedOnly(input) };
      validate(merged, true);
      await this.checkCurrency(tx, merged.currencyCode!);
      const changes: Record<string, unknown> = {};
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const [key, value] of Object.entries(definedOnly(input))) {
        if (!Object.hasOwn(COLUMNS, key)) continue;
        const column = COLUMNS[key as keyof typeof COLUMNS];
        const old = before[key as keyof SavingsProduct];
        const normalized = key === 'currencyCode' ? String(value).toUpperCase() : value;
        if (String(old) === String(normalized)) continue;
        changes[key] = normalized;
        sets.push(`${column} = ?`);
        params.push(normalized);
      }
      const parameters = mergeParameters(before.parameters, input, SAVINGS_PRODUCT_PARAMETERS);
      const changedParameters = Object.keys({ ...before.parameters, ...parameters }).filter((k) => JSON.stringify(before.parameters[k]) !== JSON.stringify(parameters[k]));
      for (const key of changedParameters) changes[key] = parameters[key] ?? null;
      if (changedParameters.length > 0) {
        sets.push('parameters = ?::jsonb');
        params.push(JSON.stringify(parameters));
      }
      if (sets.length > 0) {
        try {
          await tx.em.execute(`update account.savings_product set ${sets.join(', ')}, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [...params, actorId(identity), tx.tenantId, id]);
        } catch (error) {
          throw duplicateOr(error);
        }
      }
      return { product: (await this.find(tx, id))!, changes };
    });
  }

  /** Provisioning: the default products, once. */
  async seed(tx: Tx): Promise<void> {
    const existing = await tx.em.execute<{ n: string }[]>(`select count(*) as n from account.savings_product where tenant_id = ?`, [tx.tenantId]);
    if (Number(existing[0]!.n) > 0) return;
    for (const product of DEFAULT_PRODUCTS) await this.insert(tx, null, product);
  }

  private async createCore(tx: Tx, actor: number | null, input: SavingsProductInput): Promise<SavingsProduct> {
    await this.checkCurrency(tx, input.currencyCode!.toUpperCase());
    return this.insert(tx, actor, input);
  }

  private async insert(tx: Tx, actor: number | null, input: SavingsProductInput): Promise<SavingsProduct> {
    const id = await nextValue(tx, 'savingsproduct');
    const values: Record<string, unknown> = {
      name: input.name!.trim(),
      shortName: input.shortName!.trim(),
      description: input.description ?? null,
      accountType: (input.accountType ?? 'SAVINGS').toUpperCase(),
      currencyCode: input.currencyCode!.toUpperCase(),
      digitsAfterDecimal: input.digitsAfterDecimal,
      inMultiplesOf: input.inMultiplesOf ?? null,
      nominalAnnualInterestRate: input.nominalAnnualInterestRate ?? '0',
      interestCompoundingPeriodType: input.interestCompoundingPeriodType ?? null,
      interestPostingPeriodType: input.interestPostingPeriodType ?? null,
      interestCalculationType: input.interestCalculationType ?? null,
      interestCalculationDaysInYearType: input.interestCalculationDaysInYearType ?? null,
      minRequiredBalance: input.minRequiredBalance ?? null,
      enforceMinRequiredBalance: input.enforceMinRequiredBalance ?? false,
      allowOverdraft: input.allowOverdraft ?? false,
      overdraftLimit: input.overdraftLimit ?? null,
      accountingRule: input.accountingRule ?? 2,
    };
    const parameters = JSON.stringify(mergeParameters({}, input, SAVINGS_PRODUCT_PARAMETERS));
    const keys = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
    try {
      await tx.em.execute(
        `insert into account.savings_product (tenant_id, id, ${keys.map((k) => COLUMNS[k]).join(', ')}, parameters, created_by, updated_by)
         values (?, ?, ${keys.map(() => '?').join(', ')}, ?::jsonb, ?, ?)`,
        [tx.tenantId, id, ...keys.map((k) => values[k]), parameters, actor, actor],
      );
    } catch (error) {
      throw duplicateOr(error);
    }
    return (await this.find(tx, id))!;
  }

  private async checkCurrency(tx: Tx, code: string): Promise<void> {
    if (!(await this.deps.currency(tx, code))) {
      throw errors.domainRule(ACCOUNT_CODES.currencyNotEnabled, `Currency ${code} is not enabled for this institution.`, [code], 'currencyCode');
    }
  }
}

function definedOnly(input: SavingsProductInput): Partial<SavingsProductInput> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null)) as Partial<SavingsProductInput>;
}

function duplicateOr(error: unknown): unknown {
  if (isUniqueViolation(error)) return errors.duplicate(ACCOUNT_CODES.productSavingsDuplicateName, 'A savings product with this name or short name already exists.', 'name');
  return error;
}

function validate(input: SavingsProductInput, full: boolean): void {
  const v = new Validator('savingsproduct');
  if (full) {
    v.required('name', input.name);
    v.required('shortName', input.shortName);
    v.required('currencyCode', input.currencyCode);
    v.required('digitsAfterDecimal', input.digitsAfterDecimal);
  }
  v.maxLength('name', input.name, 100);
  v.maxLength('shortName', input.shortName, 4);
  v.maxLength('description', input.description, 500);
  for (const error of unsupportedParameters('savingsproduct', input, SAVINGS_PRODUCT_PARAMETERS)) v.add(error);
  if (input.currencyCode != null) v.check(/^[A-Za-z]{3}$/.test(input.currencyCode), 'currencyCode', 'invalid', 'The parameter `currencyCode` must be a 3-letter ISO code.', input.currencyCode);
  if (input.digitsAfterDecimal != null) v.check(Number.isInteger(input.digitsAfterDecimal) && input.digitsAfterDecimal >= 0 && input.digitsAfterDecimal <= 6, 'digitsAfterDecimal', 'is.not.within.expected.range', 'The parameter `digitsAfterDecimal` must be between 0 and 6.', input.digitsAfterDecimal);
  if (input.accountType != null) v.check(['SAVINGS', 'CURRENT'].includes(input.accountType.toUpperCase()), 'accountType', 'is.not.one.of.expected.enumerations', 'The parameter `accountType` must be SAVINGS or CURRENT.', input.accountType);
  if (input.accountingRule != null) {
    // Fineract's accrual rules (3 periodic) need accrual postings this service does not make.
    if (input.accountingRule === 3) v.add({ code: ACCOUNT_CODES.savingsproductAccountingRuleNotSupported, message: 'Accrual accounting is not supported: use 1 (none) or 2 (cash based).', parameterName: 'accountingRule', value: 3 });
    else v.check([1, 2].includes(input.accountingRule), 'accountingRule', 'is.not.one.of.expected.enumerations', 'The parameter `accountingRule` must be 1 (none) or 2 (cash based).', input.accountingRule);
  }
  if (input.inMultiplesOf != null) v.check(Number.isInteger(input.inMultiplesOf) && input.inMultiplesOf >= 0, 'inMultiplesOf', 'must.be.zero.or.greater', 'The parameter `inMultiplesOf` must be zero or greater.', input.inMultiplesOf);
  const rate = input.nominalAnnualInterestRate;
  if (rate != null) v.check(new Money(rate).gte(0) && new Money(rate).lte(1000), 'nominalAnnualInterestRate', 'is.not.within.expected.range', 'The parameter `nominalAnnualInterestRate` must be between 0 and 1000.', rate);
  for (const key of ['minRequiredBalance', 'overdraftLimit'] as const) {
    const value = input[key];
    if (value != null) v.check(new Money(value).gte(0) && new Money(value).lt('1e14') && (new Money(value).decimalPlaces() ?? 0) <= 6, key, 'must.be.zero.or.greater', `The parameter \`${key}\` must be zero or greater.`, value);
  }
  v.throwIfAny();
}
