/** Lone surrogates and NUL cannot be stored (PostgreSQL text refuses NUL) and are nobody's real input. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Walks any JSON value; true when a string (or key) holds a forbidden character. Iterative: a body of
 * 400,000 nested arrays, or one array of 200,000 items, is valid JSON and must not overflow the stack.
 */
export function jsonHasForbiddenCharacters(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasForbiddenCharacters(value)) return true;
    } else if (Array.isArray(value)) {
      // One push per item: spreading 200,000 items passes them as arguments, past the stack's limit.
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (hasForbiddenCharacters(k)) return true;
        pending.push(v);
      }
    }
  }
  return false;
}
