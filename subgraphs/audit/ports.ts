/*
 * What the audit module needs from the others, wired in subgraphs/registry.ts: names for the ids an entry
 * holds and the tenants to chain (organisation).
 */
export interface AuditDependencies {
  officeNames(tenantId: string, ids: readonly number[]): Promise<Map<number, string>>;
  usernames(tenantId: string, ids: readonly number[]): Promise<Map<number, string>>;
  /** Every tenant (the chainer visits each). */
  tenantIds(): Promise<string[]>;
}
