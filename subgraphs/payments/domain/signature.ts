import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed timestamp may be from now, either way. */
const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` with the switch key: both directions sign this way. */
export function switchSignature(key: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function signedHeaders(key: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return { 'x-switch-timestamp': timestamp, 'x-switch-signature': switchSignature(key, timestamp, body) };
}

/** True when the signature is the key's over this exact body and the timestamp is within 5 minutes of now. */
export function verifySwitchSignature(key: string, timestamp: string | null | undefined, signature: string | null | undefined, body: string, now = Date.now()): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(switchSignature(key, timestamp, body));
  // Hex digits in either case are the same signature.
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
