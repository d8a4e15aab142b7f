import assert from 'node:assert/strict';
import type { HttpResult } from './service.js';

/** Asserts the HTTP status and that the globalisation code appears at the top or in errors[]. */
export function assertError(res: HttpResult, status: number, code: string): void {
  assert.equal(res.status, status, res.text);
  const codes = [res.body?.userMessageGlobalisationCode, ...((res.body?.errors ?? []) as { userMessageGlobalisationCode: string }[]).map((e) => e.userMessageGlobalisationCode)];
  assert.ok(codes.includes(code), `expected ${code} in ${res.text}`);
}
