/**
 * A JavaScript value as the text of a statement parameter, the way pg converts a statement's own
 * parameters (its documented conversion, node-postgres.com/features/types), so that a prelude written on
 * the wire by PipelinedQuery means what the same value means as a statement's parameter. Written here
 * because pg offers it only from its internal `pg/lib/utils.js`, whose shape an upgrade may change silently;
 * test/platform/pipelined-statements.test.ts checks that both arrive alike.
 */
export function parameterText(value: unknown): string | Buffer | null {
  return textOf(value, []);
}

function textOf(value: unknown, seen: readonly object[]): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof Date) return timestampText(value);
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value !== 'object') return String(value);
  // An object that says how it is sent (`toPostgres`), else its JSON; a cycle of `toPostgres` is refused.
  const custom = (value as { toPostgres?: (prepare: (v: unknown) => unknown) => unknown }).toPostgres;
  if (typeof custom !== 'function') return JSON.stringify(value);
  if (seen.includes(value)) throw new Error(`circular reference detected while preparing "${String(value)}" for query`);
  return textOf(custom.call(value, parameterText), [...seen, value]);
}

/** PostgreSQL's array literal: elements quoted and escaped, NULL bare, nested arrays nested, bytes as hex. */
function arrayLiteral(values: readonly unknown[]): string {
  const elements = values.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    if (ArrayBuffer.isView(item)) return `\\\\x${Buffer.from(item.buffer, item.byteOffset, item.byteLength).toString('hex')}`;
    return `"${String(parameterText(item)).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${elements.join(',')}}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A Date in the process's local time with its offset (pg's default), a year before 1 as BC. */
function timestampText(date: Date): string {
  const year = date.getFullYear();
  const offset = -date.getTimezoneOffset();
  const day = `${pad(year < 1 ? Math.abs(year) + 1 : year, 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${day}T${time}${zone}${year < 1 ? ' BC' : ''}`;
}
