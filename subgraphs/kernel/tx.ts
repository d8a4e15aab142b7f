import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import type { EntityManager } from '@mikro-orm/sql';
import type { AuditScope } from './audit.js';

/*
 * The database as every module sees it: one tenant's transaction (the port services work in) and what a
 * module declares of its tables. The pools, the transaction runner and the statement pipeline behind it
 * are machinery (subgraphs/platform/database.ts).
 */

/** The role every tenant transaction runs as: not a superuser and not the owner, so row-level security applies. */
export const APP_ROLE = 'cbs_app';

/** The session setting that the RLS policies and the tenant filter read. */
export const TENANT_SETTING = 'app.tenant_id';

export type Em = EntityManager;

export interface MigrationEntry {
  name: string;
  class: Constructor<Migration>;
}

export interface DatabaseModule {
  entities: Constructor<object>[];
  migrations: MigrationEntry[];
}

/**
 * One open transaction of one tenant. Services receive it to work inside the caller's transaction;
 * a service method that takes a Tx must never open its own transaction or use another connection.
 */
export interface Tx {
  readonly em: Em;
  readonly tenantId: string;
  /** Runs after a successful commit (publishing, cache invalidation); never inside the transaction. */
  afterCommit(fn: () => void | Promise<void>): void;
  /**
   * The tenant's reference-data version (kernel.reference_version) as the transaction's first statement
   * saw it; null when the tenant never had one (nothing may be cached then). See platform/reference-cache.ts.
   */
  readonly referenceVersion: string | null;
  /**
   * Runs one statement (`?` placeholders) in this transaction with real parameters: on PostgreSQL each
   * connection prepares a text once and then only binds and executes it (see platform/prepared-statements.ts).
   * The money path uses it; `em.execute` inlines the parameters, so PostgreSQL plans that text every time.
   * `ahead` are statements whose results nobody reads (a lock to take first): they run before this one,
   * in its round trip, and their first error is this call's error.
   */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], ahead?: readonly Statement[]): Promise<T[]>;
  /** The commands whose audit entries this transaction carries (written just before its commit); platform/database.ts fills it. */
  readonly audited?: AuditScope[];
}

/** One statement with `?` placeholders and its parameters. */
export interface Statement {
  sql: string;
  params: readonly unknown[];
}
