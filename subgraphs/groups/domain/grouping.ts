/** Fineract's grouping levels (m_group_level): a center holds groups, a group holds clients. */
export const LEVEL = { center: 1, group: 2 } as const;
export type Level = (typeof LEVEL)[keyof typeof LEVEL];

/** Fineract's GroupingTypeStatus: what a center or group may do next depends on it. */
export const STATUS = { pending: 100, active: 300, closed: 600 } as const;

const STATUS_OPTIONS: Record<number, { id: number; code: string; value: string }> = {
  [STATUS.pending]: { id: STATUS.pending, code: 'groupingStatusType.pending', value: 'Pending' },
  [STATUS.active]: { id: STATUS.active, code: 'groupingStatusType.active', value: 'Active' },
  [STATUS.closed]: { id: STATUS.closed, code: 'groupingStatusType.closed', value: 'Closed' },
};

export function statusOption(status: number): { id: number; code: string; value: string } {
  return STATUS_OPTIONS[status] ?? { id: 0, code: 'groupingStatusType.invalid', value: 'Invalid' };
}

/** Fineract's account number of a grouping: its id, zero-padded to nine digits. */
export function accountNoOf(id: number): string {
  return String(id).padStart(9, '0');
}

/**
 * Whether a staff member of `staffOfficeId` may look after a grouping booked at an office with this
 * hierarchy path: Fineract's rule is the grouping's office or an office above it.
 */
export function staffOfficeAllowed(staffOfficeId: number, officeHierarchy: string): boolean {
  const chain = [1, ...officeHierarchy.split('.').filter(Boolean).map(Number)];
  return chain.includes(staffOfficeId);
}
