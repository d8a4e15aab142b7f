import { randomBytes } from 'node:crypto';

/**
 * W3C Trace Context, as far as this service goes without a tracing library: a caller's `traceparent`
 * gives the request its trace id, so the caller's trace and this service's log lines meet; a malformed
 * or all-zero header is ignored and the request gets a trace id of its own.
 */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function traceIdOf(header: string | string[] | undefined): string {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  // Version ff is forbidden; an all-zero trace or parent id is invalid.
  if (match && match[1] !== 'ff' && !/^0+$/.test(match[2]!) && !/^0+$/.test(match[3]!)) return match[2]!;
  return randomBytes(16).toString('hex');
}
