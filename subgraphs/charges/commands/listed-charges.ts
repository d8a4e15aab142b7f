import { Validator } from '../../kernel/errors.js';

/** Charges listed in a product's or an account's body (Fineract's `charges` arrays), read and bounded. */

/** Fineract has no cap; a product or account with more charges than this is not a real one. */
export const MAX_LISTED_CHARGES = 50;

export function checkListLength(v: Validator, listed: readonly unknown[]): void {
  if (listed.length <= MAX_LISTED_CHARGES) return;
  v.fail('charges', 'list.too.long', `At most ${MAX_LISTED_CHARGES} charges may be listed.`, listed.length);
  v.throwIfAny();
}

/** A JSON value as text: the REST layer hands a JSON object's numbers on as their exact source text ({ source }); GraphQL clients send numbers or text. */
export function jsonText(value: unknown): string | null {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const source = typeof value === 'object' && value !== null ? (value as { source?: unknown }).source : undefined;
  return typeof source === 'string' ? source : null;
}

/** An entry of a `charges` array as an object (anything else reads as an empty one, which the checks then refuse). */
export const entryOf = (entry: unknown): Record<string, unknown> => (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;

/** A product's `charges`, [{id}] (Fineract's shape; chargeId is read too), as distinct charge ids. */
export function productChargeList(listed: readonly unknown[], resource: string): number[] {
  const v = new Validator(resource);
  checkListLength(v, listed);
  const ids = listed.map((entry, i) => {
    const e = entryOf(entry);
    const id = Number(jsonText(e.id ?? e.chargeId));
    if (!Number.isInteger(id) || id <= 0) v.fail(`charges[${i}].id`, 'cannot.be.blank', 'Each charge needs an id.', e.id);
    return id;
  });
  v.throwIfAny();
  return [...new Set(ids)];
}
