import { Money } from '../../kernel/money.js';
import { ACCOUNT_CODES } from '../codes.js';

/** One KYC tier's caps (docs/interface.md, KYC tiers); null means unlimited (tier 3). */
export interface TierCaps {
  tier: number;
  singleCredit: string | null;
  balance: string | null;
}

export type KycVerdict =
  | { ok: true }
  | { ok: false; code: typeof ACCOUNT_CODES.savingsaccountKycTierSingleDepositLimitExceeded | typeof ACCOUNT_CODES.savingsaccountKycTierBalanceLimitExceeded; message: string; args: unknown[] };

/**
 * Checks one customer-initiated credit against the client's tier: the single credit, then the client's
 * cumulative balance across all accounts after the credit. The caller must hold the client's row lock while
 * it reads `clientBalance` and commits, or two concurrent credits could both pass.
 */
export function checkKycCredit(caps: TierCaps, amount: string, clientBalance: string): KycVerdict {
  if (caps.singleCredit != null && new Money(amount).gt(caps.singleCredit)) {
    return {
      ok: false,
      code: ACCOUNT_CODES.savingsaccountKycTierSingleDepositLimitExceeded,
      message: `KYC tier ${caps.tier} allows a single deposit of at most ${caps.singleCredit}; ${new Money(amount).toFixed()} was requested.`,
      args: [caps.tier, caps.singleCredit, new Money(amount).toFixed()],
    };
  }
  const after = new Money(clientBalance).plus(amount);
  if (caps.balance != null && after.gt(caps.balance)) {
    return {
      ok: false,
      code: ACCOUNT_CODES.savingsaccountKycTierBalanceLimitExceeded,
      message: `KYC tier ${caps.tier} allows a cumulative balance of at most ${caps.balance}; the credit would bring it to ${after.toFixed()}.`,
      args: [caps.tier, caps.balance, after.toFixed()],
    };
  }
  return { ok: true };
}
