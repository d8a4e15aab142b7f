import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { Money } from '../kernel/money.js';
import { mergeParameters, unsupportedParameters } from '../kernel/fineract-parameters.js';
import { nextValue, reserveUpTo } from '../kernel/sequence.js';
import { MIFOS_STANDARD_STRATEGY } from './domain/allocation.js';
import { findProduct, insertProduct, listProducts, PRODUCT_COLUMNS, productsNamed, updateProduct, type ProductField } from './store/products.js';
import { INTEREST_FLAT, MAX_REPAYMENT_EVERY, MAX_REPAYMENTS } from './domain/schedule.js';
import { LOAN_PRODUCT_PARAMETERS } from './loan-product.parameters.js';
import type { LoanProductTemplateType } from './loan.types.js';
import { loanProductTemplate } from './loan-product.template.js';
import type { LoanProductRow } from './loan-product.rows.js';
import { LOAN_CODES } from './codes.js';
import { LOAN_GL } from './loan-product.rows.js';
import { LoanChargesSlot } from './loan-charges.hook.js';

export type LoanProductInput = { [K in ProductField]?: LoanProductRow[K] | null };

/** Accounting rules (Fineract): 1 none, 2 cash based. Accrual rules are not offered. */
export const ACCOUNTING_NONE = 1;
export const ACCOUNTING_CASH = 2;

/** Fineract's other repayment strategies: known, but allocations this service does not compute. */
const FINERACT_STRATEGIES = new Set([
  'heavensfamily-strategy', 'creocore-strategy', 'rbi-india-strategy', 'principal-interest-penalties-fees-order-strategy',
  'interest-principal-penalties-fees-order-strategy', 'early-repayment-strategy', 'advanced-payment-allocation-strategy',
  'due-penalty-fee-interest-principal-in-advance-principal-penalty-fee-interest-strategy',
  'due-penalty-interest-principal-fee-in-advance-penalty-interest-principal-fee-strategy',
]);

const REQUIRED: (keyof LoanProductInput)[] = [
  'name', 'shortName', 'currencyCode', 'principal', 'numberOfRepayments', 'repaymentEvery', 'repaymentFrequencyType', 'interestRatePerPeriod',
  'interestRateFrequencyType', 'amortizationType', 'interestType', 'interestCalculationPeriodType', 'transactionProcessingStrategyCode',
];

const DEFAULTS: Partial<LoanProductRow> = {
  digitsAfterDecimal: 2, inMultiplesOf: null, description: null, daysInYearType: 1, daysInMonthType: 1, graceOnPrincipalPayment: 0,
  graceOnInterestPayment: 0, accountingRule: ACCOUNTING_CASH, minInterestRatePerPeriod: null, maxInterestRatePerPeriod: null,
  delinquencyBucketId: 1,
};

export const productNotFound = (id: number) => errors.notFound(LOAN_CODES.loanproductIdInvalid, `Loan product with identifier ${id} does not exist`, id);

const withoutNulls = (input: LoanProductInput) => Object.fromEntries(Object.entries(input).filter(([, value]) => value != null));

const inSet = (value: number | null | undefined, allowed: number[]) => value == null || allowed.includes(value);

/** Checks a complete product (after defaults and, for updates, the stored values). */
function validate(p: LoanProductInput, v: Validator): void {
  const positive = (name: keyof LoanProductInput) => {
    const value = p[name];
    if (value != null && !(Number.isInteger(value) && (value as number) >= 1)) v.fail(name, 'must.be.greater.than.zero', `The parameter \`${name}\` must be a whole number above zero.`, value);
  };
  v.maxLength('name', p.name, 100);
  v.maxLength('shortName', p.shortName, 4);
  if (p.currencyCode != null && !/^[A-Z]{3}$/.test(p.currencyCode)) v.fail('currencyCode', 'invalid', 'currencyCode is a 3-letter ISO 4217 code.', p.currencyCode);
  if (p.digitsAfterDecimal != null && !(Number.isInteger(p.digitsAfterDecimal) && p.digitsAfterDecimal >= 0 && p.digitsAfterDecimal <= 6)) {
    v.fail('digitsAfterDecimal', 'is.not.within.expected.range', 'digitsAfterDecimal is between 0 and 6.', p.digitsAfterDecimal);
  }
  for (const name of ['numberOfRepayments', 'minNumberOfRepayments', 'maxNumberOfRepayments', 'repaymentEvery'] as const) positive(name);
  for (const name of ['numberOfRepayments', 'minNumberOfRepayments', 'maxNumberOfRepayments'] as const) {
    const value = p[name];
    if (typeof value === 'number' && value > MAX_REPAYMENTS) v.fail(name, 'is.not.within.expected.range', `The parameter \`${name}\` is at most ${MAX_REPAYMENTS}.`, value);
  }
  if (typeof p.repaymentEvery === 'number' && p.repaymentEvery > MAX_REPAYMENT_EVERY) v.fail('repaymentEvery', 'is.not.within.expected.range', `The parameter \`repaymentEvery\` is at most ${MAX_REPAYMENT_EVERY}.`, p.repaymentEvery);
  for (const name of ['principal', 'minPrincipal', 'maxPrincipal'] as const) {
    const value = p[name];
    if (value != null && !new Money(value).gt(0)) v.fail(name, 'not.greater.than.zero', `The parameter \`${name}\` must be greater than 0.`, value);
  }
  if (p.interestRatePerPeriod != null && new Money(p.interestRatePerPeriod).lt(0)) v.fail('interestRatePerPeriod', 'not.zero.or.greater', 'interestRatePerPeriod must be zero or more.', p.interestRatePerPeriod);
  if (p.principal != null && p.minPrincipal != null && p.maxPrincipal != null && !(new Money(p.minPrincipal).lte(p.principal) && new Money(p.principal).lte(p.maxPrincipal))) {
    v.fail('principal', 'must.be.between.min.and.max', 'principal must lie between minPrincipal and maxPrincipal.', p.principal);
  }
  if (p.numberOfRepayments != null && p.minNumberOfRepayments != null && p.maxNumberOfRepayments != null && !(p.minNumberOfRepayments <= p.numberOfRepayments && p.numberOfRepayments <= p.maxNumberOfRepayments)) {
    v.fail('numberOfRepayments', 'must.be.between.min.and.max', 'numberOfRepayments must lie between its min and max.', p.numberOfRepayments);
  }
  if (!inSet(p.repaymentFrequencyType, [0, 1, 2])) v.fail('repaymentFrequencyType', 'is.not.one.of.expected.enumerations', 'repaymentFrequencyType is 0 days, 1 weeks or 2 months.', p.repaymentFrequencyType);
  // Fineract's 4 (whole term) rates the whole loan at once, which domain/schedule.ts does not compute.
  if (p.interestRateFrequencyType === 4) v.add({ code: LOAN_CODES.loanproductInterestRateFrequencyTypeNotSupported, message: 'Interest per whole term is not supported: use 2 (per month) or 3 (per year).', parameterName: 'interestRateFrequencyType', value: 4 });
  else if (!inSet(p.interestRateFrequencyType, [2, 3])) v.fail('interestRateFrequencyType', 'is.not.one.of.expected.enumerations', 'interestRateFrequencyType is 2 per month or 3 per year.', p.interestRateFrequencyType);
  if (!inSet(p.amortizationType, [0, 1])) v.fail('amortizationType', 'is.not.one.of.expected.enumerations', 'amortizationType is 0 equal principal or 1 equal instalments.', p.amortizationType);
  if (!inSet(p.interestType, [0, 1])) v.fail('interestType', 'is.not.one.of.expected.enumerations', 'interestType is 0 declining balance or 1 flat.', p.interestType);
  if (!inSet(p.interestCalculationPeriodType, [0, 1])) v.fail('interestCalculationPeriodType', 'is.not.one.of.expected.enumerations', 'interestCalculationPeriodType is 0 daily or 1 same as repayment period.', p.interestCalculationPeriodType);
  if (p.transactionProcessingStrategyCode != null && p.transactionProcessingStrategyCode !== MIFOS_STANDARD_STRATEGY) {
    if (FINERACT_STRATEGIES.has(p.transactionProcessingStrategyCode)) {
      v.add({ code: LOAN_CODES.loanproductTransactionProcessingStrategyCodeNotSupported, message: `Only ${MIFOS_STANDARD_STRATEGY} is supported.`, parameterName: 'transactionProcessingStrategyCode', value: p.transactionProcessingStrategyCode });
    } else {
      v.fail('transactionProcessingStrategyCode', 'is.not.one.of.expected.enumerations', `The supported strategy is ${MIFOS_STANDARD_STRATEGY}.`, p.transactionProcessingStrategyCode);
    }
  }
  // Fineract's accrual rules (3 periodic, 4 upfront) need accrual postings this service does not make.
  if (p.accountingRule === 3 || p.accountingRule === 4) v.add({ code: LOAN_CODES.loanproductAccountingRuleNotSupported, message: 'Accrual accounting is not supported: use 1 (none) or 2 (cash based).', parameterName: 'accountingRule', value: p.accountingRule });
  else if (!inSet(p.accountingRule, [ACCOUNTING_NONE, ACCOUNTING_CASH])) v.fail('accountingRule', 'is.not.one.of.expected.enumerations', 'accountingRule is 1 none or 2 cash based.', p.accountingRule);
  if (!inSet(p.daysInYearType, [1, 360, 364, 365])) v.fail('daysInYearType', 'is.not.one.of.expected.enumerations', 'daysInYearType is 1 actual, 360, 364 or 365.', p.daysInYearType);
  if (!inSet(p.daysInMonthType, [1, 30])) v.fail('daysInMonthType', 'is.not.one.of.expected.enumerations', 'daysInMonthType is 1 actual or 30.', p.daysInMonthType);
  for (const name of ['graceOnPrincipalPayment', 'graceOnInterestPayment'] as const) {
    const value = p[name];
    if (value != null && !(Number.isInteger(value) && value >= 0)) v.fail(name, 'not.zero.or.greater', `${name} must be zero or more.`, value);
  }
}

/** Interest recalculation runs on the balance: it needs its strategy, and a flat product cannot have it. */
function checkRecalculation(interestType: number | null | undefined, parameters: Record<string, unknown>): void {
  if (String(parameters.isInterestRecalculationEnabled ?? false).toLowerCase() !== 'true') return;
  const v = new Validator('loanproduct');
  if (parameters.rescheduleStrategyMethod == null) {
    v.fail('rescheduleStrategyMethod', 'cannot.be.blank', 'rescheduleStrategyMethod (1, 2 or 3) is mandatory when isInterestRecalculationEnabled is true.');
  }
  if (interestType === INTEREST_FLAT) {
    v.fail('isInterestRecalculationEnabled', 'not.supported.for.flat.interest', 'Interest recalculation runs on the declining balance; a flat product cannot have it.', true);
  }
  v.throwIfAny();
}

/** Loan products (Fineract m_product_loan). The only writer of loan.product. */
export class LoanProductService {
  /** The charges module's hook (wired in the composition root): products' charges, applications' charges, charges on schedules. */
  readonly charges = new LoanChargesSlot();

  constructor(
    private readonly db: Database,
    /** The ledger's GL code of a GL account id (LoanDependencies.glCode). */
    private readonly glCode: (tx: Tx, glAccountId: number) => Promise<string | null>,
  ) {}

  async list(identity: Identity): Promise<LoanProductRow[]> {
    const staff = requireStaff(identity, 'READ_LOANPRODUCT');
    return this.db.tx(staff.tenantId, (tx) => listProducts(tx));
  }

  template(identity: Identity): LoanProductTemplateType {
    requireStaff(identity, 'READ_LOANPRODUCT');
    return loanProductTemplate();
  }

  async get(identity: Identity, id: number): Promise<LoanProductRow> {
    const staff = requireStaff(identity, 'READ_LOANPRODUCT');
    return this.db.tx(staff.tenantId, (tx) => this.require(tx, id));
  }

  async find(tx: Tx, id: number): Promise<LoanProductRow | null> {
    return findProduct(tx, id);
  }

  async require(tx: Tx, id: number): Promise<LoanProductRow> {
    const product = await this.find(tx, id);
    if (!product) throw productNotFound(id);
    return product;
  }

  async create(identity: Identity, input: LoanProductInput): Promise<LoanProductRow> {
    const staff = requireStaff(identity, 'CREATE_LOANPRODUCT');
    return this.db.tx(staff.tenantId, (tx) => this.createCore(tx, actorId(identity), input));
  }

  /** In-transaction core (the tenant seeder uses it with a fixed id). */
  async createCore(tx: Tx, actor: number | null, input: LoanProductInput, fixedId?: number): Promise<LoanProductRow> {
    const v = new Validator('loanproduct');
    for (const name of REQUIRED) v.required(name, input[name]);
    const product = { ...DEFAULTS, ...withoutNulls(input) } as LoanProductInput;
    product.minPrincipal ??= product.principal;
    product.maxPrincipal ??= product.principal;
    product.minNumberOfRepayments ??= product.numberOfRepayments;
    product.maxNumberOfRepayments ??= product.numberOfRepayments;
    validate(product, v);
    for (const error of unsupportedParameters('loanproduct', input, LOAN_PRODUCT_PARAMETERS)) v.add(error);
    v.throwIfAny();
    await this.assertUnique(tx, product.name!, product.shortName!, null);
    const parameters = mergeParameters({}, input, LOAN_PRODUCT_PARAMETERS);
    checkRecalculation(product.interestType, parameters);
    await this.checkMappings(tx, parameters);
    const id = fixedId ?? (await nextValue(tx, 'loan_product'));
    if (fixedId !== undefined) await reserveUpTo(tx, 'loan_product', fixedId);
    await insertProduct(tx, id, product, parameters, actor);
    await this.recordCharges(tx, id, product.currencyCode!, input);
    return this.require(tx, id);
  }

  async update(identity: Identity, id: number, input: LoanProductInput): Promise<{ product: LoanProductRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_LOANPRODUCT');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input));
  }

  async updateCore(tx: Tx, actor: Actor, id: number, input: LoanProductInput): Promise<{ product: LoanProductRow; changes: Record<string, unknown> }> {
    const current = await this.require(tx, id);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      if (!Object.hasOwn(PRODUCT_COLUMNS, key)) continue;
      if (value !== undefined && value !== null && String(value) !== String(current[key as keyof LoanProductRow])) changes[key] = value;
    }
    const merged = { ...current, ...changes } as LoanProductInput;
    const v = new Validator('loanproduct');
    validate(merged, v);
    for (const error of unsupportedParameters('loanproduct', input, LOAN_PRODUCT_PARAMETERS)) v.add(error);
    v.throwIfAny();
    if (changes.name !== undefined || changes.shortName !== undefined) await this.assertUnique(tx, merged.name!, merged.shortName!, id);
    const parameters = mergeParameters(current.parameters, input, LOAN_PRODUCT_PARAMETERS);
    checkRecalculation(merged.interestType, parameters);
    await this.checkMappings(tx, parameters);
    const changedParameters = Object.keys({ ...current.parameters, ...parameters }).filter((k) => JSON.stringify(current.parameters[k]) !== JSON.stringify(parameters[k]));
    for (const key of changedParameters) changes[key] = parameters[key] ?? null;
    const changedFields = Object.fromEntries(Object.entries(changes).filter(([k]) => Object.hasOwn(PRODUCT_COLUMNS, k))) as Partial<Record<ProductField, unknown>>;
    await updateProduct(tx, id, changedFields, changedParameters.length > 0 ? parameters : null, actor.userId);
    await this.recordCharges(tx, id, merged.currencyCode!, input);
    return { product: await this.require(tx, id), changes };
  }

  /** A product's `charges` ([{id}]), when sent: checked and recorded by the charges module; refused without it. */
  private async recordCharges(tx: Tx, productId: number, currencyCode: string, input: LoanProductInput): Promise<void> {
    const listed = (input as Record<string, unknown>).charges;
    if (listed === undefined || listed === null) return;
    const hook = this.charges.get();
    if (!Array.isArray(listed) || (!hook && listed.length > 0)) {
      throw errors.validation([{ code: 'validation.msg.loanproduct.charges.not.supported', message: 'charges must be a list of {id} of loan charges.', parameterName: 'charges' }]);
    }
    await hook?.productCharges(tx, productId, currencyCode, listed);
  }

  /**
   * Fineract's GL mapping ids for the roles disbursements and repayments post today: postings use the
   * chart's fixed accounts (portfolio 13101, interest income 41101, fund source 11101 or the settlement
   * bank 11201), so mapping another account would be believed and ignored: 400 until mappings are applied.
   * The write-off account is applied (any of the tenant's accounts); the ids of roles nothing posts yet (fees,
   * penalties, charge-off) are kept for later.
   */
  private async checkMappings(tx: Tx, parameters: Record<string, unknown>): Promise<void> {
    const applied: Record<string, readonly string[]> = {
      loanPortfolioAccountId: [LOAN_GL.loanPortfolio],
      interestOnLoanAccountId: [LOAN_GL.interestIncome],
      fundSourceAccountId: [LOAN_GL.fundSource, LOAN_GL.bankSettlement],
    };
    const v = new Validator('loanproduct');
    for (const [name, codes] of Object.entries(applied)) {
      const id = parameters[name];
      if (id == null) continue;
      const code = typeof id === 'number' ? await this.glCode(tx, id) : null;
      if (code !== null && codes.includes(code)) continue;
      v.add({
        code: `error.msg.loanproduct.${name}.not.supported`,
        message: `Product GL mappings are not applied yet: ${name} may only name the account postings use (GL ${codes.join(' or ')}).`,
        parameterName: name,
        value: id,
      });
    }
    // The product's own loss account is applied (write-off.service.ts): it must be one of the tenant's accounts.
    const lossId = parameters.writeOffAccountId;
    if (lossId != null && (typeof lossId !== 'number' || (await this.glCode(tx, lossId)) === null)) {
      v.add({ code: 'error.msg.loanproduct.writeOffAccountId.invalid', message: 'writeOffAccountId is not one of the tenant\'s GL accounts.', parameterName: 'writeOffAccountId', value: lossId });
    }
    v.throwIfAny();
  }

  private async assertUnique(tx: Tx, name: string, shortName: string, exceptId: number | null): Promise<void> {
    const clash = await productsNamed(tx, name, shortName, exceptId);
    if (clash.length === 0) return;
    if (clash.some((c) => c.name.toLowerCase() === name.toLowerCase())) throw errors.duplicate(LOAN_CODES.productLoanDuplicateName, `Loan product with name \`${name}\` already exists`, 'name', name);
    throw errors.duplicate(LOAN_CODES.productLoanDuplicateShortName, `Loan product with short name \`${shortName}\` already exists`, 'shortName', shortName);
  }
}
