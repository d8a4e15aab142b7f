import type { Database } from '../platform/database.js';
import { ApplyHolidaysStep } from './commands/apply-holidays.step.js';
import { CloseOfBusiness } from './commands/close-of-business.command.js';
import { HolidayCommands } from './commands/holiday.command.js';
import { JobCommands } from './commands/jobs.command.js';
import { RunMetrics } from './commands/run-metrics.js';
import { CobScheduler } from './commands/scheduler.js';
import { UpdateWorkingDaysCommand } from './commands/working-days.command.js';
import type { CobDependencies } from './ports.js';
import { CalendarQueries } from './queries/calendar.query.js';
import { JobQueries } from './queries/jobs.query.js';
import { RunQueries } from './queries/run.query.js';

/** The cob module's facade: the calendar (working days, holidays) and the close-of-business run. */
export interface CobServices {
  calendar: CalendarQueries;
  workingDays: UpdateWorkingDaysCommand;
  holidays: HolidayCommands;
  run: CloseOfBusiness;
  runs: RunQueries;
  /** The run's steps as Fineract's scheduler jobs (/jobs, /scheduler). */
  jobs: JobQueries;
  jobCommands: JobCommands;
  /** The automatic run (started by the background work). */
  scheduler: CobScheduler;
  /** This process's run and step counts, for /metrics. */
  metrics: RunMetrics;
}

export function createCobServices(db: Database, deps: CobDependencies, options: { batchSize: number; warn: (data: Record<string, unknown>, message: string) => void }): CobServices {
  const calendar = new CalendarQueries(db, deps);
  const metrics = new RunMetrics();
  const run = new CloseOfBusiness(db, deps, options.warn, options.batchSize, metrics);
  run.register('APPLY_HOLIDAYS_TO_LOANS', new ApplyHolidaysStep(deps));
  return {
    jobs: new JobQueries(db, run),
    jobCommands: new JobCommands(db),
    scheduler: new CobScheduler(db, deps, run, options.warn),
    metrics,
    calendar,
    workingDays: new UpdateWorkingDaysCommand(db, calendar),
    holidays: new HolidayCommands(db, deps, calendar),
    run,
    runs: new RunQueries(db),
  };
}
