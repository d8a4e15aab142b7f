import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type Identity } from '../kernel/identity.js';
import type { BusinessDates, TenantSettings } from '../kernel/ports.js';
import { ReferenceCache } from '../platform/reference-cache.js';
import { ORGANISATION_CODES } from './codes.js';
import { pinDate, pinnedDates, unpinDates } from './store/reference.store.js';

export const BUSINESS_DATE_TYPES = { BUSINESS_DATE: 'Business Date', COB_DATE: 'Close of Business Date' } as const;
export type BusinessDateType = keyof typeof BUSINESS_DATE_TYPES;

export interface BusinessDateView {
  type: BusinessDateType;
  description: string;
  date: string;
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs more than a deposit's own date work. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date each zone's formatter last wrote, with the minute of UTC it holds throughout. */
const lastDates = new Map<string, { from: number; to: number; text: string }>();
const MINUTE_MS = 60_000;

/**
 * Today's calendar date in an IANA time zone, YYYY-MM-DD. Formatting costs about 15 µs, and every money
 * movement asks several times: a date found to hold for the whole minute (at both its ends) is reused
 * within that minute. A zone's date changes at its midnight, on a whole minute of UTC in every zone
 * since 1972; a minute whose ends disagree (or any other) is formatted each time.
 */
export function calendarDate(timeZone: string, now = new Date()): string {
  const at = now.getTime();
  const last = lastDates.get(timeZone);
  if (last && at >= last.from && at < last.to) return last.text;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD. Only valid zones get here (settings validate them), so the map stays small.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  const text = formatter.format(now);
  const from = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  if (formatter.format(from) === text && formatter.format(from + MINUTE_MS - 1) === text) lastDates.set(timeZone, { from, to: from + MINUTE_MS, text });
  return text;
}

const isType = (t: string | null | undefined): t is BusinessDateType => t != null && Object.hasOwn(BUSINESS_DATE_TYPES, t);

/**
 * Fineract's business date: a tenant may pin "today" (tests, operators replaying a day, close of business);
 * otherwise it is the calendar date in the tenant's time zone. The only writer of organisation.business_date.
 */
export class BusinessDateService implements BusinessDates {
  /** The tenant's pinned dates (none: the calendar), cached: every money movement reads today. */
  private readonly pinned = new ReferenceCache((tx) => pinnedDates(tx));

  constructor(
    private readonly db: Database,
    private readonly settings: TenantSettings,
  ) {}

  async today(tx: Tx): Promise<string> {
    return (await this.dateOf(tx, 'BUSINESS_DATE')) ?? this.calendarToday(tx);
  }

  private async calendarToday(tx: Tx): Promise<string> {
    return calendarDate((await this.settings.read(tx, 'tenant-time-zone')).stringValue ?? 'Africa/Lagos');
  }

  async list(identity: Identity): Promise<BusinessDateView[]> {
    const staff = requireStaff(identity, 'READ_BUSINESS_DATE');
    return this.db.tx(staff.tenantId, async (tx) => {
      const business = await this.today(tx);
      const cob = (await this.dateOf(tx, 'COB_DATE')) ?? previousDay(business);
      return [
        { type: 'BUSINESS_DATE', description: BUSINESS_DATE_TYPES.BUSINESS_DATE, date: business },
        { type: 'COB_DATE', description: BUSINESS_DATE_TYPES.COB_DATE, date: cob },
      ];
    });
  }

  async get(identity: Identity, type: string): Promise<BusinessDateView> {
    if (!isType(type)) throw errors.notFound(ORGANISATION_CODES.businessdateTypeNotFound, `Business date type ${type.slice(0, 40)} does not exist`, type.slice(0, 40));
    const all = await this.list(identity);
    return all.find((d) => d.type === type)!;
  }

  /** Pins a date. Setting BUSINESS_DATE also moves COB_DATE to the day before, as Fineract does. */
  async set(identity: Identity, input: { type?: string | null; date?: string | null }): Promise<{ view: BusinessDateView; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATE_BUSINESS_DATE');
    const v = new Validator('businessdate');
    if (v.required('type', input.type)) v.check(isType(input.type), 'type', 'is.not.one.of.expected.enumerations', 'The type is BUSINESS_DATE or COB_DATE.', String(input.type).slice(0, 40));
    v.required('date', input.date);
    v.throwIfAny();
    const type = input.type as BusinessDateType;
    return this.db.tx(staff.tenantId, async (tx) => {
      const by = actorId(identity);
      await pinDate(tx, type, input.date!, by);
      const changes: Record<string, unknown> = { [type === 'BUSINESS_DATE' ? 'businessDate' : 'cobDate']: input.date };
      if (type === 'BUSINESS_DATE') await pinDate(tx, 'COB_DATE', previousDay(input.date!), by);
      return { view: { type, description: BUSINESS_DATE_TYPES[type], date: input.date! }, changes };
    });
  }

  /** Returns the tenant to the calendar. */
  async reset(identity: Identity): Promise<BusinessDateView> {
    const staff = requireStaff(identity, 'UPDATE_BUSINESS_DATE');
    return this.db.tx(staff.tenantId, async (tx) => {
      await unpinDates(tx);
      // Not today(): its cache answers as of this transaction's start, before the delete.
      return { type: 'BUSINESS_DATE', description: BUSINESS_DATE_TYPES.BUSINESS_DATE, date: await this.calendarToday(tx) };
    });
  }

  /** COB_DATE: the last date whose business is over (pinned, or the day before the business date). */
  async cobDate(tx: Tx): Promise<string> {
    return (await this.dateOf(tx, 'COB_DATE')) ?? previousDay(await this.today(tx));
  }

  /**
   * Inside the close of business's transaction, once every step of `closedDate` succeeded: COB_DATE becomes
   * it and BUSINESS_DATE the day after, unless the business date is already past it (a catch-up of old dates).
   */
  async closed(tx: Tx, closedDate: string): Promise<void> {
    if ((await this.today(tx)) > closedDate) return;
    await pinDate(tx, 'COB_DATE', closedDate, null);
    await pinDate(tx, 'BUSINESS_DATE', nextDay(closedDate), null);
  }

  /** A pinned date, unless the tenant turned enable-business-date off (then the calendar rules). */
  private async dateOf(tx: Tx, type: BusinessDateType): Promise<string | null> {
    if (!(await this.settings.read(tx, 'enable-business-date')).enabled) return null;
    return (await this.pinned.get(tx)).get(type) ?? null;
  }

}

function previousDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
