import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { DEFAULT_CRON, dailyCronSeconds } from '../domain/jobs.js';
import { requireJob } from '../queries/jobs.query.js';
import { jobSettings, saveJobSetting, setSchedulerActive } from '../store/job.store.js';

export interface UpdateJobInput {
  cronExpression?: string | null;
  active?: boolean | null;
  displayName?: string | null;
}

/** PUT /jobs/{id} (a job's schedule and whether it runs) and POST /scheduler?command=start|stop. */
export class JobCommands {
  constructor(private readonly db: Database) {}

  async update(identity: Identity, jobId: number, input: UpdateJobInput): Promise<Record<string, unknown>> {
    const actor = requireStaff(identity, 'UPDATE_SCHEDULER');
    const code = requireJob(jobId);
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, code, input));
  }

  /** Returns the changes. A display name is accepted (Fineract's field) but the names are fixed: the steps are named by code. */
  async updateCore(tx: Tx, _actor: Actor, stepCode: string, input: UpdateJobInput): Promise<Record<string, unknown>> {
    const v = new Validator('schedulerjob');
    if (input.cronExpression == null && input.active == null && input.displayName == null) {
      v.fail('cronExpression', 'cannot.be.blank', 'Give at least one of cronExpression, active.');
    }
    if (input.cronExpression != null) {
      v.maxLength('cronExpression', input.cronExpression, 120);
      if (input.cronExpression.length <= 120 && dailyCronSeconds(input.cronExpression) === null) {
        v.fail('cronExpression', 'invalid', 'The parameter `cronExpression` value is not a valid cron expression: the run is daily, e.g. 0 0 1 1/1 * ? * (01:00 UTC).', input.cronExpression);
      }
    }
    v.throwIfAny();
    const current = (await jobSettings(tx)).find((j) => j.stepCode === stepCode) ?? { stepCode, cronExpression: DEFAULT_CRON, active: true };
    const next = { stepCode, cronExpression: input.cronExpression?.trim() ?? current.cronExpression, active: input.active ?? current.active };
    const changes: Record<string, unknown> = {};
    if (next.cronExpression !== current.cronExpression) changes.cronExpression = next.cronExpression;
    if (next.active !== current.active) changes.active = next.active;
    await saveJobSetting(tx, next);
    return changes;
  }

  async setScheduler(identity: Identity, active: boolean): Promise<void> {
    const actor = requireStaff(identity, 'UPDATE_SCHEDULER');
    await this.db.tx(actor.tenantId, (tx) => setSchedulerActive(tx, active));
  }
}
