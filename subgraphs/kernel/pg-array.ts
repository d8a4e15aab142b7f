/*
 * Array parameters as PostgreSQL array literals (`?::int[]`, `?::text[]`): one parameter whatever the number of
 * elements, so a statement's text (and its prepared plan) does not depend on it, on PostgreSQL and on the
 * embedded database alike (its driver inlines parameters and would spread a JS array into a list).
 */

/** Numbers, dates or decimal text (null elements as NULL): elements that need no quoting. */
export function pgArray(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}

/** Any text, each element quoted and escaped. */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
