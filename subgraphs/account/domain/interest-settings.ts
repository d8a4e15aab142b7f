import type { FieldError } from '../../kernel/errors.js';
import { COMPOUNDING_TYPES, DAYS_IN_YEAR_TYPES, POSTING_TYPES } from './savings-interest.js';

const ALLOWED = {
  interestCompoundingPeriodType: { values: COMPOUNDING_TYPES, text: '1 (daily), 4 (monthly), 5 (quarterly), 6 (semi-annual) or 7 (annual)' },
  interestPostingPeriodType: { values: POSTING_TYPES, text: '4 (monthly), 5 (quarterly), 6 (biannual) or 7 (annual)' },
  interestCalculationType: { values: [1, 2], text: '1 (daily balance) or 2 (average daily balance)' },
  interestCalculationDaysInYearType: { values: DAYS_IN_YEAR_TYPES, text: '360 or 365' },
} as const;

/**
 * A savings product's interest settings, each one of the values savings interest applies (Fineract's
 * weekly and bi-weekly compounding and its 364-day year are not offered): `is.not.one.of.expected.enumerations` otherwise.
 */
export function checkInterestSettings(resource: string, input: Partial<Record<keyof typeof ALLOWED, number | null>>): FieldError[] {
  const found: FieldError[] = [];
  for (const [name, allowed] of Object.entries(ALLOWED) as [keyof typeof ALLOWED, (typeof ALLOWED)[keyof typeof ALLOWED]][]) {
    const value = input[name];
    if (value == null || (allowed.values as readonly number[]).includes(value)) continue;
    found.push({ code: `validation.msg.${resource}.${name}.is.not.one.of.expected.enumerations`, message: `The parameter \`${name}\` must be ${allowed.text}.`, parameterName: name, value });
  }
  return found;
}

/** Fineract's defaults of a product that names no interest schedule (its template's). */
const SCHEDULE_DEFAULTS = { interestCompoundingPeriodType: 1, interestPostingPeriodType: 4, interestCalculationType: 1, interestCalculationDaysInYearType: 365 } as const;

/**
 * An account's interest schedule is its product's (interest reads the product's settings): a value given on
 * the account other than the product's would be believed and ignored, so it is refused with
 * `error.msg.<resource>.<setting>.not.supported`; the product's own value (as Fineract's clients send it) passes.
 */
export function scheduleMismatches(
  resource: string, input: Partial<Record<keyof typeof SCHEDULE_DEFAULTS, number | null>>, product: Partial<Record<keyof typeof SCHEDULE_DEFAULTS, number | null>>,
): FieldError[] {
  const found: FieldError[] = [];
  for (const [name, fallback] of Object.entries(SCHEDULE_DEFAULTS) as [keyof typeof SCHEDULE_DEFAULTS, number][]) {
    const value = input[name];
    const own = product[name] ?? fallback;
    if (value == null || value === own) continue;
    found.push({ code: `error.msg.${resource}.${name}.not.supported`, message: `An account follows its product's interest schedule: ${name} may only be the product's (${own}).`, parameterName: name, value });
  }
  return found;
}
