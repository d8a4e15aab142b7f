import type { CobServices } from '../../cob/cob.services.js';
import type { GroupsDependencies } from '../../groups/ports.js';

/** Meeting dates moved by the tenant's working days and the office's holidays, as loan schedules are. */
export function groupsFromCob(cob: CobServices): Pick<GroupsDependencies, 'adjustDueDates'> {
  return { adjustDueDates: (tx, officeId, dates) => cob.calendar.adjustDueDates(tx, officeId, dates) };
}
