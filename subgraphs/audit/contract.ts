/*
 * What other modules may know of the audit module: nothing to call (every command is audited by the
 * platform; a command corrects its entry with kernel/audit.ts noteAudit), only the event it emits.
 */

/** `audit.anchored`: the chain's last hash at the end of a day (docs/events/audit.anchored.json). */
export interface AuditAnchoredData {
  [key: string]: unknown;
  date: string;
  seq: number;
  hash: string;
}

export type { AuditDraft, AuditNote } from '../kernel/audit.js';
