/**
 * KYC tiers of docs/interface.md, KYC tiers. Amounts are exact decimal strings; null means unlimited.
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

/** Constitution codes of docs/interface.md. */
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

/**
 * Business line codes (docs/interface.md gives only the range; the names are ours). The ones marked
 * `designated` are designated non-financial businesses and professions (DNFBPs, after FATF
 * Recommendation 22 and the SCUML register): they must present a SCUML registration number.
 */
export const BUSINESS_LINES: Record<number, { name: string; designated: boolean }> = {
  200220: { name: 'Agriculture, forestry and fishing', designated: false },
  200221: { name: 'Manufacturing', designated: false },
  200222: { name: 'Wholesale and retail trade', designated: false },
  200223: { name: 'Construction', designated: false },
  200224: { name: 'Transport and logistics', designated: false },
  200225: { name: 'Information and communication', designated: false },
  200226: { name: 'Hospitality and food services', designated: false },
  200227: { name: 'Real estate agency and development', designated: true },
  200228: { name: 'Dealers in precious metals and stones', designated: true },
  200229: { name: 'Legal, accounting, audit and notary services', designated: true },
  200230: { name: 'Casinos, gaming and lotteries', designated: true },
  200231: { name: 'Dealers in cars, luxury goods and high-value items', designated: true },
  200232: { name: 'Other services', designated: false },
};

/** True when an entity in this business line must have a SCUML number on file. */
export function requiresScumlNumber(mainBusinessLineId: number | null | undefined): boolean {
  return mainBusinessLineId != null && BUSINESS_LINES[mainBusinessLineId]?.designated === true;
}

/** Beneficial ownership disclosure threshold (docs/interface.md), in percent. */
export const BENEFICIAL_OWNER_MIN_PCT = 5;
