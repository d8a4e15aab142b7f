/**
 * Bank verification number checks against the national verification engine. BVN_VERIFIER_URL selects
 * the HTTP adapter for a real engine; without it every deployment uses the deterministic sandbox.
 */
export interface BvnVerification {
  /** The BVN exists and its registered name matches the customer's. */
  verified: boolean;
  /** Why it did not verify, when it did not. */
  reason?: 'not_found' | 'invalid_format' | 'name_mismatch' | 'unavailable';
}

export interface BvnHolder {
  firstname?: string | null;
  lastname?: string | null;
}

export interface BvnVerifier {
  /** Called outside any database transaction: an engine may take seconds to answer. */
  verify(bvn: string, holder: BvnHolder): Promise<BvnVerification>;
}

export const BVN_PATTERN = /^\d{11}$/;

/**
 * The sandbox engine. Deterministic rules, so tests and integrators can choose an outcome:
 * - anything that is not exactly 11 digits: invalid_format;
 * - 11 digits starting with "0", or 11 identical digits (e.g. "11111111111"): not_found;
 * - 11 digits ending in "0000": name_mismatch (the registry holds another name);
 * - any other 11 digits: verified.
 */
export class SandboxBvnVerifier implements BvnVerifier {
  async verify(bvn: string): Promise<BvnVerification> {
    if (!BVN_PATTERN.test(bvn)) return { verified: false, reason: 'invalid_format' };
    if (bvn.startsWith('0') || /^(\d)\1{10}$/.test(bvn)) return { verified: false, reason: 'not_found' };
    if (bvn.endsWith('0000')) return { verified: false, reason: 'name_mismatch' };
    return { verified: true };
  }
}

const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  !a || !b || a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'base' }) === 0;

/**
 * A real engine over HTTP: POST <url> {"bvn"} with `Authorization: Bearer <key>`, answering
 * {"found": boolean, "firstName"?, "lastName"?}. Names are compared ignoring case and accents.
 * Any failure to get an answer (timeout, 5xx, bad JSON) is `unavailable`, never a verification.
 */
export class HttpBvnVerifier implements BvnVerifier {
  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs = 5000,
  ) {}

  async verify(bvn: string, holder: BvnHolder): Promise<BvnVerification> {
    if (!BVN_PATTERN.test(bvn)) return { verified: false, reason: 'invalid_format' };
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
        body: JSON.stringify({ bvn }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status === 404) return { verified: false, reason: 'not_found' };
      if (!response.ok) return { verified: false, reason: 'unavailable' };
      const answer = (await response.json()) as { found?: boolean; firstName?: string; lastName?: string };
      if (!answer.found) return { verified: false, reason: 'not_found' };
      if (!sameName(answer.firstName, holder.firstname) || !sameName(answer.lastName, holder.lastname)) return { verified: false, reason: 'name_mismatch' };
      return { verified: true };
    } catch {
      return { verified: false, reason: 'unavailable' };
    }
  }
}

export function bvnVerifierFromEnv(env: NodeJS.ProcessEnv = process.env): BvnVerifier {
  return env.BVN_VERIFIER_URL ? new HttpBvnVerifier(env.BVN_VERIFIER_URL, env.BVN_VERIFIER_API_KEY) : new SandboxBvnVerifier();
}
