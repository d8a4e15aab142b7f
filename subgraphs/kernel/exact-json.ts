import BigNumber from 'bignumber.js';

/**
 * Exact JSON numbers for event payloads. The interface's envelope says `amount` and `runningBalance` are
 * numbers, and a numeric(20,6) amount has up to 20 significant digits: more than a float holds. An amount
 * enters a payload as a raw JSON number written from its decimal text (JSON.rawJSON), is stored as jsonb
 * (numeric, exact), and is read back keeping the source text of every number a float would change, so
 * webhook bodies and the worker bus carry exactly the digits that were written.
 */

/** What JSON.rawJSON returns: serialised by JSON.stringify as its text, verbatim. */
export interface RawJsonNumber {
  readonly rawJSON: string;
}

// Node 21+ (V8 11.4); TypeScript's lib does not declare these yet.
const json = JSON as unknown as {
  rawJSON(text: string): RawJsonNumber;
  isRawJSON(value: unknown): value is RawJsonNumber;
  parse(text: string, reviver: (key: string, value: unknown, context: { source?: string }) => unknown): unknown;
};

/** A decimal as an exact JSON number: `exactNumber("1234567890123.123456")` stringifies with every digit. */
export function exactNumber(value: BigNumber.Value): RawJsonNumber {
  const decimal = new BigNumber(value);
  if (!decimal.isFinite()) throw new Error(`not a finite decimal: ${String(value).slice(0, 40)}`);
  return json.rawJSON(decimal.toFixed());
}

/** Up to 15 significant digits a float always holds: a text without a longer digit run parses plainly. */
const LONG_NUMBER = /\d[\d.]{15,}/;

/**
 * JSON.parse that keeps every number a float would change (long decimals, "100.50") as its raw text. The
 * relay parses every event with it, so a payload with no number longer than 15 digits skips the reviver
 * (a number that short only loses trailing zeros, which jsonb never stores).
 */
export function parseExactJson<T = unknown>(text: string): T {
  if (!LONG_NUMBER.test(text)) return JSON.parse(text) as T;
  return json.parse(text, (_key, value, context) => {
    if (typeof value !== 'number' || context.source === undefined || String(value) === context.source) return value;
    return json.rawJSON(context.source);
  }) as T;
}

/** The decimal text of a payload number, raw or plain (GraphQL's Decimal fields carry it as a string). */
export function decimalText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (json.isRawJSON(value)) return value.rawJSON;
  return new BigNumber(value as BigNumber.Value).toFixed();
}
