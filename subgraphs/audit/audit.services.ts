import type { Database } from '../platform/database.js';
import type { Logger } from '../platform/logger.js';
import type { AuditWriter } from '../kernel/audit.js';
import { AuditChainer } from './commands/chain.command.js';
import type { AuditDependencies } from './ports.js';
import { AuditQueries } from './queries/audits.query.js';
import { insertEntries } from './store/entry.store.js';

/** The audit module's facade: the statement the platform writes entries with, the reads, and the chainer. */
export interface AuditServices {
  writer: AuditWriter;
  queries: AuditQueries;
  chainer: AuditChainer;
}

/** `background` is where the chainer runs its transactions (the background pool when there is one). */
export function createAuditServices(db: Database, deps: AuditDependencies, background: Database = db, logger?: Logger): AuditServices {
  return {
    writer: { insert: insertEntries },
    queries: new AuditQueries(db, deps),
    chainer: new AuditChainer(background, deps, logger),
  };
}
