import type { FieldError } from '../../kernel/errors.js';

/**
 * Savings interest settings no posting applies yet: interest is neither compounded nor posted, so a product
 * or an account asking for another schedule would be believed and silently ignored. Only Fineract's
 * defaults (the template's: compounding daily, posting monthly) or null are accepted until savings
 * interest applies them.
 */
export const UNAPPLIED_INTEREST_DEFAULTS = { interestCompoundingPeriodType: 1, interestPostingPeriodType: 4 } as const;

/** One `error.msg.<resource>.<setting>.not.supported` per interest setting given with another value than its default. */
export function unappliedInterestSettings(resource: string, input: { interestCompoundingPeriodType?: number | null; interestPostingPeriodType?: number | null }): FieldError[] {
  const found: FieldError[] = [];
  for (const [name, fallback] of Object.entries(UNAPPLIED_INTEREST_DEFAULTS) as [keyof typeof UNAPPLIED_INTEREST_DEFAULTS, number][]) {
    const value = input[name];
    if (value == null || value === fallback) continue;
    found.push({
      code: `error.msg.${resource}.${name}.not.supported`,
      message: `Savings interest is not compounded or posted yet: ${name} accepts only ${fallback} (Fineract's default) until it is.`,
      parameterName: name,
      value,
    });
  }
  return found;
}
