/** Helpers the loan stores share: row mapping and the shapes parameters take. */

import { pgArray } from '../../kernel/pg-array.js';

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Raw rows to camelCase objects; integer-typed bigint ids come back as text from pg and are made numbers. */
export function rows<T>(raw: Record<string, unknown>[], numeric: readonly string[] = []): T[] {
  return raw.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      const key = camel(k);
      out[key] = numeric.includes(key) && v != null ? Number(v) : v;
    }
    return out as T;
  });
}

/** A date column as ISO text under its own name (pg would otherwise make it a JS Date in local time). */
export const date = (column: string) => `to_char(${column}, 'YYYY-MM-DD') as ${column}`;

/** An office filter parameter: null (every office) or the array literal of the office ids. */
export const officeFilter = (officeIds: readonly number[] | null) => (officeIds === null ? null : pgArray(officeIds));
