import type { Database } from '../platform/database.js';
import { ApplyHolidaysStep } from './commands/apply-holidays.step.js';
import { CloseOfBusiness } from './commands/close-of-business.command.js';
import { HolidayCommands } from './commands/holiday.command.js';
import { UpdateWorkingDaysCommand } from './commands/working-days.command.js';
import type { CobDependencies } from './ports.js';
import { CalendarQueries } from './queries/calendar.query.js';
import { RunQueries } from './queries/run.query.js';

/** The cob module's facade: the calendar (working days, holidays) and the close-of-business run. */
export interface CobServices {
  calendar: CalendarQueries;
  workingDays: UpdateWorkingDaysCommand;
  holidays: HolidayCommands;
  run: CloseOfBusiness;
  runs: RunQueries;
}

export function createCobServices(db: Database, deps: CobDependencies, options: { batchSize: number; warn: (data: Record<string, unknown>, message: string) => void }): CobServices {
  const calendar = new CalendarQueries(db, deps);
  const run = new CloseOfBusiness(db, deps, options.warn, options.batchSize);
  run.register('APPLY_HOLIDAYS_TO_LOANS', new ApplyHolidaysStep(deps));
  return {
    calendar,
    workingDays: new UpdateWorkingDaysCommand(db, calendar),
    holidays: new HolidayCommands(db, deps, calendar),
    run,
    runs: new RunQueries(db),
  };
}
