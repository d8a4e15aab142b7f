/**
 * Fineract's client statuses (ClientStatus and ClientEnumerations.status), ids, codes and values exactly:
 * the staff API and the self-service API name a status alike, and no status reads as another.
 */
export const FINERACT_CLIENT_STATUS: Readonly<Record<number, readonly [code: string, value: string]>> = {
  100: ['clientStatusType.pending', 'Pending'],
  300: ['clientStatusType.active', 'Active'],
  303: ['clientStatusType.transfer.in.progress', 'Transfer in progress'],
  304: ['clientStatusType.transfer.on.hold', 'Transfer on hold'],
  600: ['clientStatusType.closed', 'Closed'],
  700: ['clientStatusType.rejected', 'Rejected'],
  800: ['clientStatusType.withdraw', 'Withdrawn'],
};

/** A status as Fineract's {id, code, value}; an id Fineract does not know is its INVALID (0). */
export function clientStatusOption(statusId: number): { id: number; code: string; value: string } {
  const known = FINERACT_CLIENT_STATUS[statusId];
  return known ? { id: statusId, code: known[0], value: known[1] } : { id: 0, code: 'clientStatusType.invalid', value: 'Invalid' };
}
