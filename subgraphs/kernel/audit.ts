import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * The audit trail as every module sees it. The platform opens an audit scope around each write operation
 * (platform/audit-scope.ts); each transaction of that scope carries the operation's entry, written ahead of
 * the commit by the first of them that writes anything (platform/database.ts). A command that knows more than the operation shows
 * (a maker-checker approval executes another user's entry) says so with `noteAudit`.
 */

/** Fineract's CommandProcessingResultType ids. */
export const PROCESSING_RESULT = { processed: 1, awaitingApproval: 2, rejected: 3, error: 5 } as const;

/** One audit entry as the platform drafts it; the audit module's store turns drafts into rows. */
export interface AuditDraft {
  /** The command's own id (a UUID): its entry is written once, by the first of its transactions that writes. */
  commandId: string;
  actionName: string;
  entityName: string;
  /** The GraphQL field that ran (depositToSavingsAccount): what the entry's action and entity were named from. */
  operation: string;
  resourceId: number | null;
  subresourceId: number | null;
  /** The maker's office, and its hierarchy path (".2."), so readers see only their subtree; null for anonymous and customer acts. */
  officeId: number | null;
  officeHierarchy: string | null;
  makerId: number | null;
  /** The issuer of the API key the maker acted with, when another user issued it. */
  makerDelegatedBy: number | null;
  checkerId: number | null;
  checkedAt: Date | null;
  /** The request (the operation's variables) with secrets replaced, as JSON text. */
  commandJson: string;
  processingResult: number;
  /** The failure's globalisation code, for an entry of a failed command. */
  errorCode: string | null;
}

/**
 * What the platform needs of the audit module: the statement (a tx.ts Statement, spelt out here because
 * tx.ts imports this file) that inserts a transaction's drafts, one statement however many.
 */
export interface AuditWriter {
  /**
   * `standalone`: the statement is its transaction's only write (a failure's entry). Otherwise it writes
   * only when its transaction wrote something else: a read-only transaction of a command (a login's lookup)
   * does not stand for the command.
   */
  insert(tenantId: string, drafts: readonly AuditDraft[], standalone: boolean): { sql: string; params: readonly unknown[] };
}

/** What a command may correct in its operation's entry. */
export type AuditNote = Partial<Pick<AuditDraft, 'actionName' | 'entityName' | 'resourceId' | 'subresourceId' | 'makerId' | 'makerDelegatedBy' | 'checkerId' | 'checkedAt' | 'processingResult'>>;

/** The running write operation's entry-to-be; see platform/audit-scope.ts. */
export interface AuditScope {
  draft: AuditDraft;
  /** Set once a transaction that carried the entry has committed (it wrote it if it wrote anything else). */
  committed: boolean;
  /** The open transaction that carries the entry, until it commits or rolls back (an opaque token). */
  carrier: object | null;
}

export const auditScopes = new AsyncLocalStorage<AuditScope>();

/** Corrects the running operation's entry (a maker-checker approval names the maker and the checker); no-op outside one. */
export function noteAudit(note: AuditNote): void {
  const scope = auditScopes.getStore();
  if (scope) Object.assign(scope.draft, note);
}

/**
 * The id a command's result names (`resourceId`, else `id`, else the `id` of the first record it holds, as
 * `{ user, roles }` holds the user): what a create's entry is about.
 */
export function idOf(value: unknown, depth = 0): number | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { resourceId, id } = value as { resourceId?: unknown; id?: unknown };
  if (Number.isSafeInteger(resourceId)) return resourceId as number;
  if (Number.isSafeInteger(id)) return id as number;
  if (depth > 0) return null;
  for (const inner of Object.values(value)) {
    const found = idOf(inner, 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Runs `fn` outside the running command's audit scope: bookkeeping that is not the command's effect (a
 * failed login's counter) must not write the command's entry as processed before the command fails.
 */
export function unaudited<T>(fn: () => T): T {
  return auditScopes.exit(fn);
}
