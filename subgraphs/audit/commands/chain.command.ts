import type { Database } from '../../platform/database.js';
import type { Logger } from '../../platform/logger.js';
import type { Tx } from '../../kernel/tx.js';
import { emit } from '../../kernel/outbox.js';
import type { AuditAnchoredData } from '../contract.js';
import type { AuditDependencies } from '../ports.js';
import { entryHash, GENESIS_HASH } from '../domain/chain.js';
import { anchorExists, chainHead, chainHorizon, dayOpen, insertAnchor, insertLinks, lastLinkBefore, lockChain, tryLockChain, unchainedEntries } from '../store/chain.store.js';

/** Entries linked per transaction: a tenant behind by more takes several. */
const CHAIN_BATCH = 500;

/**
 * Links committed audit entries into each tenant's hash chain, and anchors finished days.
 *
 * Writers never wait for the chain: an entry is written in its command's transaction with no position, and
 * this chainer (in the background, one per tenant at a time under an advisory lock) gives positions later,
 * in the order (writing transaction id, entry id), to entries of transactions older than the oldest still
 * running in this database (chainHorizon). Those can no longer change or gain company below them, so the
 * order never changes after it is read; commit order would not do (a transaction with a lower id may still
 * commit later), nor id order (ids are drawn before commit). See
 * docs/audit-trail.md.
 */
export class AuditChainer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly db: Database, private readonly deps: AuditDependencies, private readonly logger?: Logger) {}

  /** Links what a tenant has waiting below the horizon (now when not given); returns how many entries were linked. */
  async chainTenant(tenantId: string, horizon?: string): Promise<number> {
    const below = horizon ?? (await this.db.system((em) => chainHorizon(em)));
    let linked = 0;
    for (;;) {
      const count = await this.db.tx(tenantId, (tx) => this.chainBatch(tx, below));
      linked += count;
      if (count < CHAIN_BATCH) return linked;
    }
  }

  private async chainBatch(tx: Tx, horizon: string): Promise<number> {
    if (!(await tryLockChain(tx))) return 0;
    const head = await chainHead(tx);
    const entries = await unchainedEntries(tx, head, horizon, CHAIN_BATCH);
    let previous = head?.hash ?? GENESIS_HASH;
    let seq = BigInt(head?.seq ?? '0');
    const links = entries.map((entry) => {
      seq += 1n;
      previous = entryHash(previous, entry);
      return { seq: seq.toString(), entryId: entry.id, entryTxid: entry.txid, hash: previous };
    });
    if (links.length > 0) await insertLinks(tx, links);
    return links.length;
  }

  /**
   * Anchors `date` (UTC): the hash of its last linked entry, kept and emitted as `audit.anchored`. Refused
   * (null) while an entry of that day still waits for its link, or when there is nothing to anchor; an
   * anchored day answers its anchor again without a second event.
   */
  async anchor(tenantId: string, date: string): Promise<AuditAnchoredData | null> {
    const nextDay = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return this.db.tx(tenantId, async (tx) => {
      await lockChain(tx);
      if (await dayOpen(tx, nextDay)) return null;
      const last = await lastLinkBefore(tx, nextDay);
      if (!last) return null;
      const data: AuditAnchoredData = { date, seq: Number(last.seq), hash: last.hash };
      if (await anchorExists(tx, date)) return data;
      await insertAnchor(tx, date, last.seq, last.hash);
      await emit(tx, { eventType: 'audit.anchored', entityName: 'AUDIT', actionName: 'ANCHOR', data });
      return data;
    });
  }

  /** One round over every tenant: link what waits, then anchor yesterday once its entries are all linked. */
  async runOnce(now = new Date()): Promise<void> {
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const horizon = await this.db.system((em) => chainHorizon(em));
    for (const tenantId of await this.deps.tenantIds()) {
      await this.chainTenant(tenantId, horizon);
      await this.anchor(tenantId, yesterday);
    }
  }

  /** Chains every `intervalMs` until stopped; a round still running when the next is due is not doubled. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce()
        .catch((error: unknown) => this.logger?.warn({ err: error }, 'audit chain round failed'))
        .finally(() => {
          this.running = null;
        });
    }, intervalMs).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
