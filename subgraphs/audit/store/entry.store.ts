import type { AuditDraft } from '../../kernel/audit.js';
import type { Statement, Tx } from '../../kernel/tx.js';

/**
 * One statement for any number of entries (a batch of deposits commits several): the drafts travel as one
 * JSON parameter, so the text, prepared once per connection, is the same whatever their number.
 */
const INSERT = `insert into audit.entry (tenant_id, command_id, action_name, entity_name, operation, resource_id, subresource_id, office_id, office_hierarchy,
    maker_id, maker_delegated_by, checker_id, checked_at, command_json, processing_result, error_code)
  select ?, r.command_id, r.action_name, r.entity_name, r.operation, r.resource_id, r.subresource_id, r.office_id, r.office_hierarchy,
    r.maker_id, r.maker_delegated_by, r.checker_id, r.checked_at, r.command_json, r.processing_result, r.error_code
  from jsonb_to_recordset(?::jsonb) as r(command_id uuid, action_name text, entity_name text, operation text, resource_id bigint, subresource_id bigint, office_id integer,
    office_hierarchy text, maker_id integer, maker_delegated_by integer, checker_id integer, checked_at timestamptz, command_json text,
    processing_result smallint, error_code text)
  where ?::boolean or pg_current_xact_id_if_assigned() is not null
  on conflict (tenant_id, command_id) do nothing`;

/**
 * A transaction that wrote nothing else (pg_current_xact_id_if_assigned() is null before this statement's
 * first row) writes no entry unless `standalone`; a command's later transactions find its entry written.
 */
export function insertEntries(tenantId: string, drafts: readonly AuditDraft[], standalone: boolean): Statement {
  const rows = drafts.map((d) => ({
    command_id: d.commandId,
    action_name: d.actionName,
    entity_name: d.entityName,
    operation: d.operation,
    resource_id: d.resourceId,
    subresource_id: d.subresourceId,
    office_id: d.officeId,
    office_hierarchy: d.officeHierarchy,
    maker_id: d.makerId,
    maker_delegated_by: d.makerDelegatedBy,
    checker_id: d.checkerId,
    checked_at: d.checkedAt?.toISOString() ?? null,
    command_json: d.commandJson,
    processing_result: d.processingResult,
    error_code: d.errorCode,
  }));
  return { sql: INSERT, params: [tenantId, JSON.stringify(rows), standalone] };
}

export interface AuditRow {
  id: number;
  actionName: string;
  entityName: string;
  operation: string;
  resourceId: number | null;
  subresourceId: number | null;
  officeId: number | null;
  makerId: number | null;
  makerDelegatedBy: number | null;
  checkerId: number | null;
  checkedAt: Date | null;
  madeAt: Date;
  commandJson: string;
  processingResult: number;
  errorCode: string | null;
}

export interface AuditFilter {
  actionName?: string | null;
  entityName?: string | null;
  resourceId?: number | null;
  makerId?: number | null;
  checkerId?: number | null;
  officeId?: number | null;
  processingResult?: number | null;
  /** ISO instants. */
  madeFrom?: string | null;
  madeTo?: string | null;
  /** The reader's office hierarchy path: only entries made in that subtree; null for every entry (a head office reader). */
  hierarchy: string | null;
}

const COLUMNS = `id::int as id, action_name as "actionName", entity_name as "entityName", operation, resource_id::int as "resourceId",
  subresource_id::int as "subresourceId", office_id as "officeId", maker_id as "makerId", maker_delegated_by as "makerDelegatedBy",
  checker_id as "checkerId", checked_at as "checkedAt", made_at as "madeAt", command_json as "commandJson",
  processing_result as "processingResult", error_code as "errorCode"`;

/**
 * Each filter is a parameter that is either null (not asked) or compared: one statement text for every
 * combination. Entries without an office (logins, customers' acts) are seen only from the head office.
 */
const WHERE = `where (?::text is null or action_name = ?) and (?::text is null or entity_name = ?) and (?::bigint is null or resource_id = ?)
  and (?::int is null or maker_id = ?) and (?::int is null or checker_id = ?) and (?::int is null or office_id = ?)
  and (?::smallint is null or processing_result = ?) and (?::timestamptz is null or made_at >= ?) and (?::timestamptz is null or made_at <= ?)
  and (?::text is null or office_hierarchy like ? || '%')`;

function whereParams(f: AuditFilter): unknown[] {
  const pair = (v: unknown) => [v ?? null, v ?? null];
  return [
    ...pair(f.actionName), ...pair(f.entityName), ...pair(f.resourceId), ...pair(f.makerId), ...pair(f.checkerId), ...pair(f.officeId),
    ...pair(f.processingResult), ...pair(f.madeFrom), ...pair(f.madeTo), ...pair(f.hierarchy),
  ];
}

/** A page of entries, newest first, and how many match. */
export async function searchEntries(tx: Tx, filter: AuditFilter, limit: number, offset: number): Promise<{ total: number; rows: AuditRow[] }> {
  const [rows, count] = await Promise.all([
    tx.query<AuditRow>(`select ${COLUMNS} from audit.entry ${WHERE} order by made_at desc, id desc limit ? offset ?`, [...whereParams(filter), limit, offset]),
    tx.query<{ n: number }>(`select count(*)::int as n from audit.entry ${WHERE}`, whereParams(filter)),
  ]);
  return { total: count[0]?.n ?? 0, rows };
}

/** An entry with its keyset in the newest-first order: made_at in microseconds since the epoch (exact), then id. */
export type KeyedAuditRow = AuditRow & { madeAtMicros: string };

/**
 * A keyset page of entries, newest first (a connection): `limit` entries before (madeAtMicros, id) in
 * (made_at, id) order, from the newest when null; and how many match.
 */
export async function searchEntriesAfter(tx: Tx, filter: AuditFilter, before: { madeAtMicros: string; id: string } | null, limit: number): Promise<{ total: number; rows: KeyedAuditRow[] }> {
  const keyset = `and (?::bigint is null or (made_at, id) < ('epoch'::timestamptz + ?::bigint * interval '1 microsecond', ?::bigint))`;
  const [rows, count] = await Promise.all([
    tx.query<KeyedAuditRow>(
      `select ${COLUMNS}, (extract(epoch from made_at) * 1000000)::bigint::text as "madeAtMicros" from audit.entry ${WHERE} ${keyset} order by made_at desc, id desc limit ?`,
      [...whereParams(filter), before?.madeAtMicros ?? null, before?.madeAtMicros ?? null, before?.id ?? null, limit],
    ),
    tx.query<{ n: number }>(`select count(*)::int as n from audit.entry ${WHERE}`, whereParams(filter)),
  ]);
  return { total: count[0]?.n ?? 0, rows };
}

export async function findEntry(tx: Tx, id: number, hierarchy: string | null): Promise<AuditRow | null> {
  const rows = await tx.query<AuditRow>(`select ${COLUMNS} from audit.entry where id = ? and (?::text is null or office_hierarchy like ? || '%')`, [id, hierarchy, hierarchy]);
  return rows[0] ?? null;
}

/** The action and entity names the trail holds (the search template's lists). */
export async function distinctNames(tx: Tx): Promise<{ actionNames: string[]; entityNames: string[] }> {
  const rows = await tx.query<{ actionNames: string[] | null; entityNames: string[] | null }>(
    `select (select array_agg(distinct action_name order by action_name) from audit.entry) as "actionNames",
            (select array_agg(distinct entity_name order by entity_name) from audit.entry) as "entityNames"`,
  );
  return { actionNames: rows[0]?.actionNames ?? [], entityNames: rows[0]?.entityNames ?? [] };
}

/** The users who made or checked entries the reader may see (the search template's user list). */
export async function actingUsers(tx: Tx, hierarchy: string | null): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `select distinct u.id from audit.entry e cross join lateral (values (e.maker_id), (e.checker_id)) as u(id)
      where u.id is not null and (?::text is null or e.office_hierarchy like ? || '%') order by u.id limit 1000`,
    [hierarchy, hierarchy],
  );
  return rows.map((r) => r.id);
}
