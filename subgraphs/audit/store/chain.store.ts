import type { Em, Tx } from '../../kernel/tx.js';
import type { ChainedContent } from '../domain/chain.js';

/*
 * The chain's statements, in the tenant's transaction (the chainer's, or a reader's verifying it).
 */

const CONTENT = `e.id::text as id, e.command_id::text as "commandId", e.txid::text as txid, e.action_name as "actionName", e.entity_name as "entityName", e.operation,
  e.resource_id::text as "resourceId", e.subresource_id::text as "subresourceId", e.office_id as "officeId", e.office_hierarchy as "officeHierarchy",
  e.maker_id as "makerId", e.maker_delegated_by as "makerDelegatedBy", e.checker_id as "checkerId",
  (extract(epoch from e.checked_at) * 1000000)::bigint::text as "checkedAtMicros", (extract(epoch from e.made_at) * 1000000)::bigint::text as "madeAtMicros",
  e.command_json as "commandJson", e.processing_result as "processingResult", e.error_code as "errorCode"`;

export interface ChainHead {
  seq: string;
  hash: string;
  entryTxid: string;
  entryId: string;
}

/** One chainer per tenant at a time (a transaction-scoped advisory lock; writers never take it). */
export async function tryLockChain(tx: Tx): Promise<boolean> {
  const rows = await tx.query<{ locked: boolean }>(`select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked`, [`audit-chain:${tx.tenantId}`]);
  return rows[0]?.locked === true;
}

/** The same lock, waited for (an anchor: the chainer holds it only for one batch). */
export async function lockChain(tx: Tx): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`audit-chain:${tx.tenantId}`]);
}

export async function chainHead(tx: Tx): Promise<ChainHead | null> {
  const rows = await tx.query<ChainHead>(
    // Ordered by the column, not the text alias of the same name (which would put 9 after 10).
    `select l.seq::text as seq, l.hash, l.entry_txid::text as "entryTxid", l.entry_id::text as "entryId" from audit.chain_link l where l.tenant_id = ? order by l.seq desc limit 1`,
    [tx.tenantId],
  );
  return rows[0] ?? null;
}

/**
 * The chain's horizon: a transaction id below which every transaction of this database has ended. It is the
 * oldest transaction still in progress here (the snapshot's in-progress ids, kept when pg_stat_activity shows
 * a backend of this database holding it), else the next id to be assigned. Other databases' transactions
 * (another service, a test run) do not hold it back, as the snapshot's own xmin would. Read as the owner:
 * the application role may not see other sessions' transaction ids.
 */
export async function chainHorizon(em: Em): Promise<string> {
  const rows = await em.execute<{ xmax: string; inProgress: string[] | null; local: string[] | null }[]>(
    `select pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
            array(select x::text from pg_snapshot_xip(pg_current_snapshot()) x) as "inProgress",
            array(select backend_xid::text from pg_stat_activity where datname = current_database() and backend_xid is not null) as local`,
  );
  const row = rows[0]!;
  // backend_xid is the 32-bit id; the snapshot's are 64-bit (epoch and id).
  const local = new Set(row.local ?? []);
  const held = (row.inProgress ?? []).map((x) => BigInt(x)).filter((x) => local.has((x % 4294967296n).toString()));
  return held.reduce((least, x) => (x < least ? x : least), BigInt(row.xmax)).toString();
}

/**
 * Entries after the head in chain order (writing transaction, then id), only of transactions below the
 * horizon: those have all committed or rolled back, so no entry can later appear before the ones
 * returned, and the order is the same whenever it is read (an outbox relay's horizon).
 */
export async function unchainedEntries(tx: Tx, after: ChainHead | null, horizon: string, limit: number): Promise<ChainedContent[]> {
  return tx.query<ChainedContent>(
    `select ${CONTENT} from audit.entry e
      where e.tenant_id = ? and e.txid < ?::xid8
        and (?::xid8 is null or (e.txid, e.id) > (?::xid8, ?::bigint))
      order by e.txid, e.id limit ?`,
    [tx.tenantId, horizon, after?.entryTxid ?? null, after?.entryTxid ?? null, after?.entryId ?? null, limit],
  );
}

export async function insertLinks(tx: Tx, links: readonly { seq: string; entryId: string; entryTxid: string; hash: string }[]): Promise<void> {
  await tx.query(
    `insert into audit.chain_link (tenant_id, seq, entry_id, entry_txid, hash)
     select ?, r.seq, r.entry_id, r.entry_txid::xid8, r.hash from jsonb_to_recordset(?::jsonb) as r(seq bigint, entry_id bigint, entry_txid text, hash text)`,
    [tx.tenantId, JSON.stringify(links.map((l) => ({ seq: l.seq, entry_id: l.entryId, entry_txid: l.entryTxid, hash: l.hash })))],
  );
}

/** The link that ends day `date` (UTC): the last whose entry was made before the next day began. */
export async function lastLinkBefore(tx: Tx, nextDay: string): Promise<{ seq: string; hash: string } | null> {
  const rows = await tx.query<{ seq: string; hash: string }>(
    `select l.seq::text as seq, l.hash from audit.chain_link l join audit.entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
      where l.tenant_id = ? and e.made_at < ?::date::timestamp at time zone 'UTC' order by l.seq desc limit 1`,
    [tx.tenantId, nextDay],
  );
  return rows[0] ?? null;
}

export async function anchorExists(tx: Tx, date: string): Promise<boolean> {
  const rows = await tx.query<{ n: number }>(`select count(*)::int as n from audit.anchor where tenant_id = ? and anchor_date = ?::date`, [tx.tenantId, date]);
  return (rows[0]?.n ?? 0) > 0;
}

/** Whether an entry made before `nextDay` still waits for its link (a transaction of that day still in flight). */
export async function dayOpen(tx: Tx, nextDay: string): Promise<boolean> {
  const rows = await tx.query<{ open: boolean }>(
    `select exists (select 1 from audit.entry e where e.tenant_id = ? and e.made_at < ?::date::timestamp at time zone 'UTC'
       and not exists (select 1 from audit.chain_link l where l.tenant_id = e.tenant_id and l.entry_id = e.id)) as open`,
    [tx.tenantId, nextDay],
  );
  return rows[0]?.open === true;
}

export async function insertAnchor(tx: Tx, date: string, seq: string, hash: string): Promise<void> {
  await tx.query(`insert into audit.anchor (tenant_id, anchor_date, seq, hash) values (?, ?::date, ?::bigint, ?) on conflict do nothing`, [tx.tenantId, date, seq, hash]);
}

/** Links with their entries' content in chain order, from `fromSeq` on, for verification. */
export interface VerifiedLink {
  seq: string;
  hash: string;
  entryId: string;
  /** Null when the entry is gone (deleted with the guard disabled). */
  content: ChainedContent | null;
}

/** The first link whose entry was made on or after `from` (UTC), and the hash before it. */
export async function firstLinkFrom(tx: Tx, from: string): Promise<{ seq: string; previous: string | null } | null> {
  const rows = await tx.query<{ seq: string; previous: string | null }>(
    `select l.seq::text as seq, (select p.hash from audit.chain_link p where p.tenant_id = l.tenant_id and p.seq = l.seq - 1) as previous
       from audit.chain_link l join audit.entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
      where e.made_at >= ?::date::timestamp at time zone 'UTC' order by l.seq limit 1`,
    [from],
  );
  return rows[0] ?? null;
}

export async function linksFrom(tx: Tx, fromSeq: string, beforeDay: string, limit: number): Promise<VerifiedLink[]> {
  const rows = await tx.query<{ seq: string; hash: string; linkedEntry: string } & Partial<ChainedContent> & { present: boolean }>(
    `select l.seq::text as seq, l.hash, l.entry_id::text as "linkedEntry", e.id is not null as present, ${CONTENT}
       from audit.chain_link l left join audit.entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
      where l.seq >= ?::bigint and (e.id is null or e.made_at < ?::date::timestamp at time zone 'UTC') order by l.seq limit ?`,
    [fromSeq, beforeDay, limit],
  );
  return rows.map(({ seq, hash, linkedEntry, present, ...content }) => ({ seq, hash, entryId: linkedEntry, content: present ? (content as ChainedContent) : null }));
}

/** Entries of the range not chained yet (recent ones: their transactions' horizon has not passed). */
export async function unchainedCount(tx: Tx, from: string, beforeDay: string): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `select count(*)::int as n from audit.entry e where e.made_at >= ?::date::timestamp at time zone 'UTC' and e.made_at < ?::date::timestamp at time zone 'UTC'
       and not exists (select 1 from audit.chain_link l where l.tenant_id = e.tenant_id and l.entry_id = e.id)`,
    [from, beforeDay],
  );
  return rows[0]?.n ?? 0;
}
