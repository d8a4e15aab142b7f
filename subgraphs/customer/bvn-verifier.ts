/**
 * Bank verification number checks against the national verification engine. Production plugs in a
 * real client; every other deployment uses the sandbox below.
 */
export interface BvnVerification {
  /** The BVN exists in the (sandbox) registry. */
  verified: boolean;
  /** Why it did not verify, when it did not. */
  reason?: 'not_found' | 'invalid_format';
}

export interface BvnVerifier {
  verify(bvn: string): Promise<BvnVerification>;
}

export const BVN_PATTERN = /^\d{11}$/;

/**
 * The sandbox engine. Deterministic rules, so tests and integrators can choose an outcome:
 * - anything that is not exactly 11 digits: invalid_format;
 * - 11 digits starting with "0": not_found (no such person in the registry);
 * - 11 identical digits (e.g. "11111111111"): not_found;
 * - any other 11 digits: verified.
 */
export class SandboxBvnVerifier implements BvnVerifier {
  async verify(bvn: string): Promise<BvnVerification> {
    if (!BVN_PATTERN.test(bvn)) return { verified: false, reason: 'invalid_format' };
    if (bvn.startsWith('0') || /^(\d)\1{10}$/.test(bvn)) return { verified: false, reason: 'not_found' };
    return { verified: true };
  }
}
