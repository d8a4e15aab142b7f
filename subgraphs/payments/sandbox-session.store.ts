import type { Database } from '../platform/database.js';
import type { SandboxReceived, SandboxRule, SandboxSessions } from './sandbox-switch.js';

/** A sandbox session is kept a week: long past any status query, and the table stays small. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

/** The in-process sandbox switch's memory in the database (payments.sandbox_session), as the owner. */
export class DatabaseSandboxSessions implements SandboxSessions {
  constructor(private readonly db: Database) {}

  async remember(sessionId: string, received: SandboxReceived): Promise<SandboxReceived> {
    return this.db.system(async (em) => {
      await em.execute(`delete from payments.sandbox_session where received_ms < ?`, [received.at - KEEP_MS]);
      // The first receipt of a session is kept: a replay answers as the first did.
      const rows = await em.execute<{ rule: SandboxRule; received_ms: string }[]>(
        `with inserted as (
           insert into payments.sandbox_session (session_id, rule, received_ms) values (?, ?, ?)
           on conflict (session_id) do nothing returning rule, received_ms)
         select rule, received_ms from inserted
         union all select rule, received_ms from payments.sandbox_session where session_id = ?`,
        [sessionId, received.rule, received.at, sessionId],
      );
      const kept = rows[0]!;
      return { rule: kept.rule, at: Number(kept.received_ms) };
    });
  }

  async find(sessionId: string): Promise<SandboxReceived | null> {
    const rows = await this.db.system((em) =>
      em.execute<{ rule: SandboxRule; received_ms: string }[]>(`select rule, received_ms from payments.sandbox_session where session_id = ?`, [sessionId]));
    const found = rows[0];
    return found ? { rule: found.rule, at: Number(found.received_ms) } : null;
  }
}
