import { randomInt } from 'node:crypto';

/**
 * A 30-digit session id as Nigerian switches use them: the sending institution's 6-digit code, the time
 * (yyMMddHHmmss, UTC) and 12 random digits. It names a transfer at the switch from its first call on.
 */
export function newSessionId(institutionCode: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${pad(now.getUTCFullYear() % 100)}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  const random = Array.from({ length: 12 }, () => randomInt(10)).join('');
  return `${institutionCode.padStart(6, '0').slice(-6)}${stamp}${random}`;
}
