import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing. The key is the Secret's UTF-8 bytes, or for a `whsec_` secret the base64
 * of the rest decoded, which is what a receiver using the standardwebhooks package gets from
 * `new Webhook(secret)` (whsec_) or `new Webhook(secret, { format: 'raw' })` (plain ASCII secrets).
 */
export function signingKey(secret: string): Uint8Array {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function signatureHeaders(secret: string, eventId: string, at: Date, body: string): Record<string, string> {
  const signature = new Webhook(signingKey(secret), { format: 'raw' }).sign(eventId, at, body);
  return { 'webhook-id': eventId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}
