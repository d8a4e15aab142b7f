import { registerEnumType } from 'type-graphql';
import { Validator } from './errors.js';

/**
 * Fineract's closed sets of loan terms as GraphQL enums: amortization, interest type and repayment
 * frequency. They are shared values, not one module's: the loan subgraph's applications and products and
 * the self subgraph's applications take them, and composition needs one definition of each enum. Each
 * sits beside Fineract's integer id, from which it is derived, so the two never disagree.
 */
export enum AmortizationTypeEnum {
  EQUAL_PRINCIPAL = 'EQUAL_PRINCIPAL',
  EQUAL_INSTALLMENTS = 'EQUAL_INSTALLMENTS',
}
registerEnumType(AmortizationTypeEnum, {
  name: 'AmortizationTypeEnum',
  description: 'How principal is repaid (Fineract\'s amortizationType; its id in brackets).',
  valuesConfig: {
    EQUAL_PRINCIPAL: { description: 'The same principal every instalment; instalments shrink as interest falls (0).' },
    EQUAL_INSTALLMENTS: { description: 'The same instalment amount every period (1).' },
  },
});
const AMORTIZATION_BY_ID: Record<number, AmortizationTypeEnum> = { 0: AmortizationTypeEnum.EQUAL_PRINCIPAL, 1: AmortizationTypeEnum.EQUAL_INSTALLMENTS };

export enum InterestTypeEnum {
  DECLINING_BALANCE = 'DECLINING_BALANCE',
  FLAT = 'FLAT',
}
registerEnumType(InterestTypeEnum, {
  name: 'InterestTypeEnum',
  description: 'How interest is computed (Fineract\'s interestType; its id in brackets).',
  valuesConfig: {
    DECLINING_BALANCE: { description: 'On the principal still outstanding (0).' },
    FLAT: { description: 'On the original principal, every period (1).' },
  },
});
const INTEREST_TYPE_BY_ID: Record<number, InterestTypeEnum> = { 0: InterestTypeEnum.DECLINING_BALANCE, 1: InterestTypeEnum.FLAT };

export enum RepaymentFrequencyTypeEnum {
  DAYS = 'DAYS',
  WEEKS = 'WEEKS',
  MONTHS = 'MONTHS',
}
registerEnumType(RepaymentFrequencyTypeEnum, {
  name: 'RepaymentFrequencyTypeEnum',
  description: 'Unit of the interval between repayments, counted in repaymentEvery (Fineract\'s repaymentFrequencyType; its id in brackets).',
  valuesConfig: {
    DAYS: { description: 'Days (0).' },
    WEEKS: { description: 'Weeks (1).' },
    MONTHS: { description: 'Months (2).' },
  },
});
const FREQUENCY_BY_ID: Record<number, RepaymentFrequencyTypeEnum> = { 0: RepaymentFrequencyTypeEnum.DAYS, 1: RepaymentFrequencyTypeEnum.WEEKS, 2: RepaymentFrequencyTypeEnum.MONTHS };

/** Stored ids are validated on the way in, so an id outside the set is a fault worth surfacing. */
export function byId<T>(table: Record<number, T>, set: string, id: number): T {
  const value = table[id];
  if (value === undefined) throw new Error(`${set} ${id} has no enum value`);
  return value;
}
export const amortizationTypeEnum = (id: number) => byId(AMORTIZATION_BY_ID, 'amortization type', id);
export const interestTypeEnum = (id: number) => byId(INTEREST_TYPE_BY_ID, 'interest type', id);
export const repaymentFrequencyTypeEnum = (id: number) => byId(FREQUENCY_BY_ID, 'repayment frequency type', id);

/** The closed sets an input may give as Fineract's id or as the enum. */
export interface LoanTermChoices {
  amortizationType?: number | null;
  amortizationTypeEnum?: AmortizationTypeEnum | null;
  interestType?: number | null;
  interestTypeEnum?: InterestTypeEnum | null;
  repaymentFrequencyType?: number | null;
  repaymentFrequencyTypeEnum?: RepaymentFrequencyTypeEnum | null;
}
type EnumKey = 'amortizationTypeEnum' | 'interestTypeEnum' | 'repaymentFrequencyTypeEnum';

const PAIRS = [
  { id: 'amortizationType', choice: 'amortizationTypeEnum', byId: AMORTIZATION_BY_ID },
  { id: 'interestType', choice: 'interestTypeEnum', byId: INTEREST_TYPE_BY_ID },
  { id: 'repaymentFrequencyType', choice: 'repaymentFrequencyTypeEnum', byId: FREQUENCY_BY_ID },
] as const;

/**
 * The input with each closed set as Fineract's id, whichever form the GraphQL client chose: an enum alone
 * becomes its id; an enum beside an id must name the same choice (`<enum field>.does.not.match.<id field>`
 * otherwise, every pair reported at once). The enum fields are dropped, so the module sees what REST sends.
 */
export function withChoiceIds<T extends LoanTermChoices>(input: T, resource: string): Omit<T, EnumKey> {
  const v = new Validator(resource);
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(input));
  for (const { id, choice, byId } of PAIRS) {
    const chosen = input[choice];
    delete out[choice];
    if (chosen == null) continue;
    const chosenId = Number(Object.entries(byId).find(([, value]) => value === chosen)![0]);
    const given = input[id];
    if (given == null) out[id] = chosenId;
    else if (given !== chosenId) v.fail(choice, `does.not.match.${id}`, `The parameter \`${choice}\` (${chosen}) names another choice than \`${id}\` (${given}); send one of them, or both alike.`, chosen);
  }
  v.throwIfAny();
  return out as Omit<T, EnumKey>;
}
