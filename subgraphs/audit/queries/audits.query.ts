import type { Database } from '../../platform/database.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../../kernel/identity.js';
import { MAX_PAGE } from '../../kernel/paging.js';
import type { KeysetPage } from '../../kernel/connection.js';
import { PROCESSING_RESULT } from '../../kernel/audit.js';
import { AUDIT_CODES } from '../codes.js';
import type { AuditDependencies } from '../ports.js';
import { entryHash, GENESIS_HASH } from '../domain/chain.js';
import { actingUsers, distinctNames, findEntry, searchEntries, searchEntriesAfter, type AuditFilter, type AuditRow } from '../store/entry.store.js';
import { firstLinkFrom, linksFrom, unchainedCount } from '../store/chain.store.js';

export const READ_AUDIT = 'READ_AUDIT';

/** Fineract's processing result names, by id. */
export const PROCESSING_RESULTS: { id: number; processingResult: string }[] = [
  { id: PROCESSING_RESULT.processed, processingResult: 'processed' },
  { id: PROCESSING_RESULT.awaitingApproval, processingResult: 'awaiting.approval' },
  { id: PROCESSING_RESULT.rejected, processingResult: 'rejected' },
  { id: PROCESSING_RESULT.error, processingResult: 'error' },
];

/** An entry as readers see it: the stored row with the names of its office, maker and checker. */
export interface AuditView extends AuditRow {
  officeName: string | null;
  maker: string | null;
  checker: string | null;
  processingResultName: string;
}

export interface AuditSearch {
  actionName?: string | null;
  entityName?: string | null;
  resourceId?: number | null;
  makerId?: number | null;
  checkerId?: number | null;
  officeId?: number | null;
  processingResult?: number | null;
  makerDateTimeFrom?: string | null;
  makerDateTimeTo?: string | null;
  offset?: number | null;
  limit?: number | null;
}

export interface AuditVerification {
  verified: boolean;
  checkedEntries: number;
  /** Entries of the range the chainer has not linked yet (their transactions' horizon has not passed). */
  unchainedEntries: number;
  /** The hash of the last entry checked. */
  lastHash: string | null;
  firstMismatch: { entryId: number; seq: number; reason: string; storedHash: string | null; computedHash: string | null } | null;
}

/** A verification checks at most this many days in one request (it reads every entry of them). */
export const MAX_VERIFY_DAYS = 366;
const VERIFY_BATCH = 1000;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?))?(Z|[+-]\d{2}:\d{2})?$/;

/** The reader's subtree, or null for the head office (who also sees entries without an office: logins, customers). */
function hierarchyOf(staff: StaffIdentity): string | null {
  return staff.officeHierarchy === '.' ? null : staff.officeHierarchy;
}

/** Fineract's `yyyy-MM-dd HH:mm:ss` (or an ISO date-time, or a date), UTC unless it names its offset. */
function instant(v: Validator, name: string, value: string | null | undefined, endOfDay: boolean): string | null {
  if (value == null || value === '') return null;
  const match = DATE_TIME.exec(value.trim());
  const iso = match ? `${match[1]}T${match[2] ?? (endOfDay ? '23:59:59.999999' : '00:00:00')}${match[3] ?? 'Z'}` : '';
  if (!match || Number.isNaN(Date.parse(iso))) {
    v.fail(name, 'invalid.format', `The parameter \`${name}\` must be a date-time as yyyy-MM-dd HH:mm:ss.`, value);
    return null;
  }
  return iso;
}

function isoDate(v: Validator, name: string, value: string | null | undefined): string | null {
  if (!v.required(name, value)) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value!) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    v.fail(name, 'invalid.format', `The parameter \`${name}\` must be a date as yyyy-MM-dd.`, value);
    return null;
  }
  return value!;
}

export class AuditQueries {
  constructor(private readonly db: Database, private readonly deps: AuditDependencies) {}

  async list(identity: Identity, search: AuditSearch): Promise<{ total: number; items: AuditView[] }> {
    const staff = requireStaff(identity, READ_AUDIT);
    const v = new Validator('audit');
    const limit = search.limit ?? MAX_PAGE;
    const offset = search.offset ?? 0;
    v.check(Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE, 'limit', 'not.in.range', `The parameter limit must be from 1 to ${MAX_PAGE}.`, limit);
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter offset must be zero or greater.', offset);
    const filter = this.filterOf(v, staff, search);
    v.throwIfAny();
    const page = await this.db.tx(staff.tenantId, (tx) => searchEntries(tx, filter, limit, offset));
    return { total: page.total, items: await this.named(staff.tenantId, page.rows) };
  }

  /** The trail as a connection: newest first, `page.first` entries before the cursor's (made_at, id), the same filters and walls as list. */
  async keysetPage(identity: Identity, search: AuditSearch, page: KeysetPage): Promise<{ total: number; items: (AuditView & { madeAtMicros: string })[] }> {
    const staff = requireStaff(identity, READ_AUDIT);
    const v = new Validator('audit');
    const filter = this.filterOf(v, staff, search);
    v.throwIfAny();
    const before = page.after === null ? null : { madeAtMicros: page.after[0]!, id: page.after[1]! };
    // One row beyond the page tells whether another follows.
    const found = await this.db.tx(staff.tenantId, (tx) => searchEntriesAfter(tx, filter, before, page.first + 1));
    return { total: found.total, items: await this.named(staff.tenantId, found.rows) };
  }

  /** The search's filters, checked on `v`, within the reader's office subtree. */
  private filterOf(v: Validator, staff: StaffIdentity, search: AuditSearch): AuditFilter {
    const madeFrom = instant(v, 'makerDateTimeFrom', search.makerDateTimeFrom, false);
    const madeTo = instant(v, 'makerDateTimeTo', search.makerDateTimeTo, true);
    v.maxLength('actionName', search.actionName, 50);
    v.maxLength('entityName', search.entityName, 100);
    return {
      actionName: search.actionName?.toUpperCase() || null,
      entityName: search.entityName?.toUpperCase() || null,
      resourceId: search.resourceId,
      makerId: search.makerId,
      checkerId: search.checkerId,
      officeId: search.officeId,
      processingResult: search.processingResult,
      madeFrom,
      madeTo,
      hierarchy: hierarchyOf(staff),
    };
  }

  async get(identity: Identity, id: number): Promise<AuditView> {
    const staff = requireStaff(identity, READ_AUDIT);
    const row = Number.isSafeInteger(id) ? await this.db.tx(staff.tenantId, (tx) => findEntry(tx, id, hierarchyOf(staff))) : null;
    if (!row) throw errors.notFound(AUDIT_CODES.auditIdInvalid, `Audit entry with identifier ${id} does not exist`, id);
    return (await this.named(staff.tenantId, [row]))[0]!;
  }

  async searchTemplate(identity: Identity): Promise<{ appUsers: { id: number; username: string }[]; actionNames: string[]; entityNames: string[]; statuses: typeof PROCESSING_RESULTS }> {
    const staff = requireStaff(identity, READ_AUDIT);
    const { names, users } = await this.db.tx(staff.tenantId, async (tx) => ({ names: await distinctNames(tx), users: await actingUsers(tx, hierarchyOf(staff)) }));
    const usernames = await this.deps.usernames(staff.tenantId, users);
    return { appUsers: users.map((id) => ({ id, username: usernames.get(id) ?? '' })), ...names, statuses: PROCESSING_RESULTS };
  }

  /**
   * Recomputes the chain over the entries made from `fromDate` to `toDate` (UTC days) from the stored
   * content and the link before the range, and answers the first entry whose hash differs (its row was
   * changed), whose link does not follow its predecessor, or whose row is gone.
   */
  async verify(identity: Identity, fromDate: string | null | undefined, toDate: string | null | undefined): Promise<AuditVerification> {
    const staff = requireStaff(identity, READ_AUDIT);
    const v = new Validator('audit');
    const from = isoDate(v, 'fromDate', fromDate);
    const to = isoDate(v, 'toDate', toDate);
    v.throwIfAny();
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (days < 0) v.fail('toDate', 'before.fromDate', 'The parameter `toDate` must not be before `fromDate`.', to);
    if (days >= MAX_VERIFY_DAYS) v.add({ code: AUDIT_CODES.rangeTooLong, message: `At most ${MAX_VERIFY_DAYS} days are verified in one request.`, parameterName: 'toDate', value: to, args: [MAX_VERIFY_DAYS] });
    v.throwIfAny();
    const beforeDay = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return this.db.tx(staff.tenantId, async (tx) => {
      const unchained = await unchainedCount(tx, from!, beforeDay);
      const first = await firstLinkFrom(tx, from!);
      const result: AuditVerification = { verified: true, checkedEntries: 0, unchainedEntries: unchained, lastHash: null, firstMismatch: null };
      if (!first) return result;
      let expectedSeq = BigInt(first.seq);
      let previous = first.previous ?? (expectedSeq === 1n ? GENESIS_HASH : null);
      for (;;) {
        const links = await linksFrom(tx, expectedSeq.toString(), beforeDay, VERIFY_BATCH);
        for (const link of links) {
          const seq = BigInt(link.seq);
          const fail = (reason: string, computedHash: string | null) => ({ entryId: Number(link.entryId), seq: Number(link.seq), reason, storedHash: link.hash, computedHash });
          if (seq !== expectedSeq || previous === null) return { ...result, verified: false, firstMismatch: fail('the link before this entry is missing', null) };
          if (!link.content) return { ...result, verified: false, firstMismatch: fail('the entry is missing', null) };
          const computed = entryHash(previous, link.content);
          if (computed !== link.hash) return { ...result, verified: false, firstMismatch: fail('the entry differs from what was chained', computed) };
          result.checkedEntries += 1;
          result.lastHash = link.hash;
          previous = link.hash;
          expectedSeq += 1n;
        }
        if (links.length < VERIFY_BATCH) return result;
      }
    });
  }

  private async named<R extends AuditRow>(tenantId: string, rows: R[]): Promise<(R & Omit<AuditView, keyof AuditRow>)[]> {
    const users = [...new Set(rows.flatMap((r) => [r.makerId, r.checkerId]).filter((id): id is number => id !== null))];
    const offices = [...new Set(rows.map((r) => r.officeId).filter((id): id is number => id !== null))];
    const [usernames, officeNames] = await Promise.all([this.deps.usernames(tenantId, users), this.deps.officeNames(tenantId, offices)]);
    return rows.map((r) => ({
      ...r,
      officeName: r.officeId === null ? null : (officeNames.get(r.officeId) ?? null),
      maker: r.makerId === null ? null : (usernames.get(r.makerId) ?? null),
      checker: r.checkerId === null ? null : (usernames.get(r.checkerId) ?? null),
      processingResultName: PROCESSING_RESULTS.find((p) => p.id === r.processingResult)?.processingResult ?? 'invalid',
    }));
  }
}
