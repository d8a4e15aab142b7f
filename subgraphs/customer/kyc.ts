/**
 * KYC tiers of interface section 8. Amounts are exact decimal strings; null means unlimited.
 * Accounts read these through CustomerServices.clients.tierLimits() to enforce deposit and balance caps.
 */
export interface KycTierLimits {
  tier: number;
  maxSingleDeposit: string | null;
  maxCumulativeBalance: string | null;
  requirements: string[];
}

export const KYC_TIER_LIMITS: Readonly<Record<1 | 2 | 3, KycTierLimits>> = {
  1: { tier: 1, maxSingleDeposit: '50000', maxCumulativeBalance: '300000', requirements: ['Basic personal information', 'Passport photograph', 'Phone number'] },
  2: { tier: 2, maxSingleDeposit: '100000', maxCumulativeBalance: '500000', requirements: ['Verified BVN', 'National identity number', 'Proof of address'] },
  3: { tier: 3, maxSingleDeposit: null, maxCumulativeBalance: null, requirements: ['Corporate entity status', 'Full registry documents', 'Tax identification number', 'Beneficial owners', '2 referees'] },
};

export function kycTierLimits(tier: number): KycTierLimits {
  const limits = KYC_TIER_LIMITS[tier as 1 | 2 | 3];
  if (!limits) throw new Error(`unknown KYC tier ${tier}`);
  return limits;
}

/** Constitution codes of interface 2.1. */
export const CONSTITUTIONS: Record<number, string> = {
  200200: 'Sole proprietorship (business name)',
  200201: 'Partnership',
  200202: 'Private limited company',
  200203: 'Public limited company',
  200204: 'Company limited by guarantee',
  200205: 'Incorporated trustees (NGO, association, church)',
  200206: 'Cooperative society',
  200207: 'Government agency or parastatal',
};

export const CONSTITUTION_RANGE = [200200, 200207] as const;
export const BUSINESS_LINE_RANGE = [200220, 200232] as const;

/** Beneficial ownership disclosure threshold (interface 2.3 and section 8), in percent. */
export const BENEFICIAL_OWNER_MIN_PCT = 5;
