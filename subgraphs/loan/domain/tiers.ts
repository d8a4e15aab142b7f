import BigNumber from 'bignumber.js';

/**
 * Approval tiers of a policy. Tiers are contiguous: the first starts at 0 and each next one starts where
 * the previous one ends. A tier covers amounts above its minAmount (the first also covers 0) up to and
 * including its maxAmount (null: no cap), so 1,000,000 falls in "up to 1,000,000" and 1,000,000.01 in the next.
 */
export interface RequiredApproval {
  roleId: number;
  count: number;
}

export interface Tier {
  minAmount: string;
  maxAmount: string | null;
  approvals: RequiredApproval[];
}

export interface RecordedApproval {
  userId: number;
  roleId: number;
}

/** The tier an amount falls in, or null when no tier covers it. Exact decimal comparisons. */
export function tierFor(tiers: readonly Tier[], amount: BigNumber.Value): { index: number; tier: Tier } | null {
  const a = new BigNumber(amount);
  for (const [index, tier] of tiers.entries()) {
    const aboveMin = index === 0 ? a.gte(tier.minAmount) : a.gt(tier.minAmount);
    const withinMax = tier.maxAmount === null || a.lte(tier.maxAmount);
    if (aboveMin && withinMax) return { index, tier };
  }
  return null;
}

/** Why a tier list is not a valid policy, or null. */
export function tierProblem(tiers: readonly Tier[]): string | null {
  if (tiers.length === 0) return 'A policy needs at least one tier.';
  for (const [i, t] of tiers.entries()) {
    const min = new BigNumber(t.minAmount);
    if (!min.isFinite() || min.isNegative()) return `Tier ${i + 1}: minAmount must be zero or positive.`;
    if (i === 0 && !min.isZero()) return 'The first tier must start at 0.';
    if (i > 0) {
      const previousMax = tiers[i - 1]!.maxAmount;
      if (previousMax === null) return `Tier ${i}: only the last tier may have no maxAmount.`;
      if (!min.eq(previousMax)) return `Tier ${i + 1}: minAmount must equal the previous tier's maxAmount (${previousMax}).`;
    }
    if (t.maxAmount !== null && !new BigNumber(t.maxAmount).gt(min)) return `Tier ${i + 1}: maxAmount must be above minAmount.`;
    if (t.approvals.length === 0) return `Tier ${i + 1}: at least one approval is required.`;
    for (const a of t.approvals) {
      if (!Number.isInteger(a.roleId) || !Number.isInteger(a.count) || a.count < 1) return `Tier ${i + 1}: each approval needs a roleId and a count of at least 1.`;
    }
    if (new Set(t.approvals.map((a) => a.roleId)).size !== t.approvals.length) return `Tier ${i + 1}: a role appears twice.`;
  }
  return null;
}

/** Roles still needed (with how many more approvals of each) given the approvals recorded so far. */
export function stillNeeded(tier: Tier, recorded: readonly RecordedApproval[]): RequiredApproval[] {
  return tier.approvals
    .map((need) => ({ roleId: need.roleId, count: need.count - recorded.filter((r) => r.roleId === need.roleId).length }))
    .filter((need) => need.count > 0);
}

/**
 * The role an approver's approval counts for: the first still-needed role they hold (in the tier's order).
 * A super user counts for the first still-needed role.
 */
export function roleToRecord(tier: Tier, recorded: readonly RecordedApproval[], approverRoleIds: readonly number[], superUser: boolean): number | null {
  const needed = stillNeeded(tier, recorded);
  const held = needed.find((n) => approverRoleIds.includes(n.roleId));
  if (held) return held.roleId;
  return superUser && needed.length > 0 ? needed[0]!.roleId : null;
}
