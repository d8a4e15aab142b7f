import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type Identity } from '../kernel/identity.js';
import { Money } from '../kernel/money.js';
import { mergeParameters, unsupportedParameters } from '../kernel/fineract-parameters.js';
import { nextValue } from '../kernel/sequence.js';
import type { AccountDependencies } from './account.ports.js';
import { SAVINGS_PRODUCT_PARAMETERS } from './savings-product.parameters.js';
import type { SavingsChargesSlot } from './savings-charges.hook.js';
import { SAVINGS_PRODUCT_TEMPLATE, type SavingsProductTemplate } from './savings-product.template.js';
import { ACCOUNT_CODES } from './codes.js';
import { CASH_GL, LIABILITY_GL, SETTLEMENT_GL } from './account.rows.js';
import { checkInterestSettings } from './domain/interest-settings.js';
import { checkTaxGroup } from './tax.service.js';
import { findProduct, insertProduct, listProducts, PRODUCT_COLUMNS, productCount, updateProduct, type ProductField, type ProductValue, type SavingsProduct } from './store/product.store.js';
import { checkDormancyParameters } from './dormancy.js';

export interface SavingsProductInput {
  name?: string | null;
  shortName?: string | null;
  description?: string | null;
  accountType?: string | null;
  currencyCode?: string | null;
  digitsAfterDecimal?: number | null;
  inMultiplesOf?: number | null;
  nominalAnnualInterestRate?: string | null;
  /** Applied by savings interest (savings-interest.service.ts) to every account of the product. */
  interestCompoundingPeriodType?: number | null;
  interestPostingPeriodType?: number | null;
  interestCalculationType?: number | null;
  interestCalculationDaysInYearType?: number | null;
  minRequiredBalance?: string | null;
  enforceMinRequiredBalance?: boolean | null;
  allowOverdraft?: boolean | null;
  overdraftLimit?: string | null;
  accountingRule?: number | null;
  allowSelfService?: boolean | null;
}

const notFound = (id: unknown) => errors.notFound(ACCOUNT_CODES.savingproductIdInvalid, `Savings product with identifier ${id} does not exist`, id);

/** The two products every tenant starts with. */
const DEFAULT_PRODUCTS: SavingsProductInput[] = [
  { name: 'Primary Savings', shortName: 'PSAV', description: 'Savings account', accountType: 'SAVINGS', currencyCode: 'NGN', digitsAfterDecimal: 2, nominalAnnualInterestRate: '0', accountingRule: 2 },
  { name: 'Current Account', shortName: 'CURR', description: 'Current account', accountType: 'CURRENT', currencyCode: 'NGN', digitsAfterDecimal: 2, nominalAnnualInterestRate: '0', accountingRule: 2 },
];

/** Savings and current account products. The only writer of account.savings_product. */
export class ProductService {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    /** The charges module's hook for a product's `charges`. */
    private readonly charges: SavingsChargesSlot,
  ) {}

  async list(identity: Identity): Promise<SavingsProduct[]> {
    const staff = requireStaff(identity, 'READ_SAVINGSPRODUCT');
    return this.db.tx(staff.tenantId, async (tx) => listProducts(tx));
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
    return findProduct(tx, id);
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
      const columns: Partial<Record<ProductField, ProductValue>> = {};
      for (const [key, value] of Object.entries(definedOnly(input)) as [string, ProductValue][]) {
        if (!Object.hasOwn(PRODUCT_COLUMNS, key)) continue;
        const old = before[key as ProductField];
        const normalized = key === 'currencyCode' ? String(value).toUpperCase() : value;
        if (String(old) === String(normalized)) continue;
        changes[key] = normalized;
        columns[key as ProductField] = normalized;
      }
      const parameters = mergeParameters(before.parameters, input, SAVINGS_PRODUCT_PARAMETERS);
      checkDormancyParameters(parameters);
      await this.checkMappings(tx, merged.accountType, parameters);
      const changedParameters = Object.keys({ ...before.parameters, ...parameters }).filter((k) => JSON.stringify(before.parameters[k]) !== JSON.stringify(parameters[k]));
      for (const key of changedParameters) changes[key] = parameters[key] ?? null;
      if (Object.keys(columns).length > 0 || changedParameters.length > 0) {
        try {
          await updateProduct(tx, id, columns, changedParameters.length > 0 ? parameters : null, actorId(identity));
        } catch (error) {
          throw duplicateOr(error);
        }
      }
      await this.recordCharges(tx, id, merged.currencyCode!, input);
      return { product: (await this.find(tx, id))!, changes };
    });
  }

  /** A product's `charges` ([{id}]), when sent: checked and recorded by the charges module; refused without it. */
  private async recordCharges(tx: Tx, productId: number, currencyCode: string, input: SavingsProductInput): Promise<void> {
    const listed = (input as Record<string, unknown>).charges;
    if (listed === undefined || listed === null) return;
    const hook = this.charges.get();
    if (!Array.isArray(listed) || (!hook && listed.length > 0)) {
      throw errors.validation([{ code: 'validation.msg.savingsproduct.charges.not.supported', message: 'charges must be a list of {id} of savings charges.', parameterName: 'charges' }]);
    }
    await hook?.productCharges(tx, productId, currencyCode.toUpperCase(), listed);
  }

  /** Provisioning: the default products, once. */
  async seed(tx: Tx): Promise<void> {
    if ((await productCount(tx)) > 0) return;
    for (const product of DEFAULT_PRODUCTS) await this.insert(tx, null, product);
  }

  private async createCore(tx: Tx, actor: number | null, input: SavingsProductInput): Promise<SavingsProduct> {
    await this.checkCurrency(tx, input.currencyCode!.toUpperCase());
    const parameters = mergeParameters({}, input, SAVINGS_PRODUCT_PARAMETERS);
    checkDormancyParameters(parameters);
    await this.checkMappings(tx, input.accountType, parameters);
    const product = await this.insert(tx, actor, input);
    await this.recordCharges(tx, product.id, product.currencyCode, input);
    return product;
  }

  private async insert(tx: Tx, actor: number | null, input: SavingsProductInput): Promise<SavingsProduct> {
    const id = await nextValue(tx, 'savingsproduct');
    const values: Record<ProductField, ProductValue> = {
      name: input.name!.trim(),
      shortName: input.shortName!.trim(),
      description: input.description ?? null,
      accountType: (input.accountType ?? 'SAVINGS').toUpperCase(),
      currencyCode: input.currencyCode!.toUpperCase(),
      digitsAfterDecimal: input.digitsAfterDecimal!,
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
      allowSelfService: input.allowSelfService ?? false,
    };
    try {
      await insertProduct(tx, id, values, mergeParameters({}, input, SAVINGS_PRODUCT_PARAMETERS), actor);
    } catch (error) {
      throw duplicateOr(error);
    }
    return (await this.find(tx, id))!;
  }

  /**
   * Fineract's GL mapping ids for the roles deposits and withdrawals post today: postings use the chart's
   * fixed accounts (savings control 21101 or 21102 by product type; cash 11101 or the settlement bank
   * 11201), so mapping another account would be believed and ignored: 400 until mappings are applied.
   * The ids of roles nothing posts yet (fees, penalties, interest, write-off) are kept for later.
   */
  private async checkMappings(tx: Tx, accountType: string | null | undefined, parameters: Record<string, unknown>): Promise<void> {
    await checkTaxGroup(tx, parameters);
    const applied: Record<string, readonly string[]> = {
      savingsControlAccountId: [LIABILITY_GL[(accountType ?? 'SAVINGS').toUpperCase() === 'CURRENT' ? 'CURRENT' : 'SAVINGS']],
      savingsReferenceAccountId: [CASH_GL, SETTLEMENT_GL],
    };
    const v = new Validator('savingsproduct');
    for (const [name, codes] of Object.entries(applied)) {
      const id = parameters[name];
      if (id == null) continue;
      const code = typeof id === 'number' ? await this.deps.journal.glCode(tx, id) : null;
      if (code !== null && codes.includes(code)) continue;
      v.add({
        code: `error.msg.savingsproduct.${name}.not.supported`,
        message: `Product GL mappings are not applied yet: ${name} may only name the account postings use (GL ${codes.join(' or ')}).`,
        parameterName: name,
        value: id,
      });
    }
    v.throwIfAny();
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
  for (const error of checkInterestSettings('savingsproduct', input)) v.add(error);
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
