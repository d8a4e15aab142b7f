import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type Identity } from '../kernel/identity.js';
import { Money } from '../kernel/money.js';
import { ReferenceCache } from '../platform/reference-cache.js';
import type { Setting, TenantSettings } from '../kernel/ports.js';
import { SETTINGS, SETTINGS_BY_ID, SETTINGS_BY_NAME, type SettingDef } from './settings.catalogue.js';
import { recordSettingValue, settingsAndTenantName, upsertSetting, type SettingRow } from './store/reference.store.js';
import { ORGANISATION_CODES } from './codes.js';

export interface SettingView extends Setting {
  description: string;
}

export interface UpdateSettingInput {
  enabled?: boolean | null;
  value?: string | null;
  stringValue?: string | null;
}

/** Largest numeric setting accepted: ceilings and limits are amounts, bounded like any amount. */
const MAX_VALUE = new Money('1e15');

const notFound = (id: number) => errors.notFound(ORGANISATION_CODES.configurationIdInvalid, `Configuration identifier ${id} does not exist`, id);
const nameNotFound = (name: string) => errors.notFound(ORGANISATION_CODES.configurationPropertyInvalid, `Configuration property ${name.slice(0, 100)} does not exist`, name.slice(0, 100));

/** Tenant settings. The only writer of organisation.setting; other modules read through the TenantSettings port. */
export class SettingsService implements TenantSettings {
  constructor(private readonly db: Database) {}

  /** Every row of the tenant and its name, cached: every deposit reads bank-name, KYC limits, the time zone. */
  private readonly tenantRows = new ReferenceCache(async (tx) => {
    const { byId, tenantName } = await settingsAndTenantName(tx);
    return { byId, tenantName: tenantName ?? tx.tenantId };
  });

  async read(tx: Tx, name: string): Promise<Setting> {
    const def = SETTINGS_BY_NAME.get(name);
    if (!def) throw new Error(`unknown setting ${name}`);
    const { byId, tenantName } = await this.tenantRows.get(tx);
    return view(def, byId.get(def.id), tenantName);
  }

  /** Records a numeric setting inside the caller's transaction (the self-service office, created once). */
  async recordValue(tx: Tx, name: string, value: string, by: number): Promise<void> {
    const def = SETTINGS_BY_NAME.get(name);
    if (!def || def.kind !== 'value') throw new Error(`${name} is not a numeric setting`);
    await recordSettingValue(tx, def, value, by);
  }

  async list(identity: Identity): Promise<SettingView[]> {
    const staff = requireStaff(identity, 'READ_CONFIGURATION');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { byId, tenantName } = await settingsAndTenantName(tx);
      return SETTINGS.map((def) => view(def, byId.get(def.id), tenantName ?? tx.tenantId));
    });
  }

  async get(identity: Identity, ref: { id?: number | null; name?: string | null }): Promise<SettingView> {
    const staff = requireStaff(identity, 'READ_CONFIGURATION');
    const def = ref.id != null ? SETTINGS_BY_ID.get(ref.id) : SETTINGS_BY_NAME.get(ref.name ?? '');
    if (!def) throw ref.id != null ? notFound(ref.id) : nameNotFound(ref.name ?? '');
    return this.db.tx(staff.tenantId, async (tx) => ({ ...(await this.read(tx, def.name)), description: def.description }));
  }

  /** By id, or by name as Fineract's `PUT /configurations/name/{name}`. */
  async update(identity: Identity, ref: { id?: number | null; name?: string | null }, input: UpdateSettingInput): Promise<{ setting: SettingView; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATE_CONFIGURATION');
    const def = ref.id != null ? SETTINGS_BY_ID.get(ref.id) : SETTINGS_BY_NAME.get(ref.name ?? '');
    if (!def) throw ref.id != null ? notFound(ref.id) : nameNotFound(ref.name ?? '');
    validate(def, input);
    return this.db.tx(staff.tenantId, async (tx) => {
      const current = await this.read(tx, def.name);
      const next = { ...current };
      const changes: Record<string, unknown> = {};
      if (input.enabled != null && input.enabled !== current.enabled) next.enabled = changes.enabled = input.enabled;
      if (input.value != null && input.value !== current.value) next.value = changes.value = new Money(input.value).toFixed();
      if (input.stringValue != null && input.stringValue !== current.stringValue) next.stringValue = changes.stringValue = input.stringValue.trim();
      if (Object.keys(changes).length > 0) {
        const by = actorId(identity);
        await upsertSetting(tx, def, next, by);
      }
      return { setting: { ...next, description: def.description }, changes };
    });
  }

}

function validate(def: SettingDef, input: UpdateSettingInput): void {
  const v = new Validator('globalConfiguration');
  if (input.value != null) {
    const value = new Money(input.value);
    v.check(def.kind === 'value', 'value', 'not.supported', `The configuration ${def.name} takes no numeric value.`, input.value);
    v.check(value.isInteger() && value.gte(0) && value.lte(MAX_VALUE), 'value', 'invalid', 'The parameter `value` must be a whole number from 0 to 10^15.', String(input.value).slice(0, 40));
    if (def.name === 'loan-arrears-delinquency-display-data') v.check(value.lte(2), 'value', 'invalid', 'The value is 0 (both), 1 (arrears) or 2 (delinquency).', String(input.value).slice(0, 40));
  }
  if (input.stringValue != null) {
    v.check(def.kind === 'string', 'stringValue', 'not.supported', `The configuration ${def.name} takes no string value.`);
    v.maxLength('stringValue', input.stringValue, 500);
    if (def.name === 'bank-code') v.check(/^\d{3}$/.test(input.stringValue), 'stringValue', 'invalid.bank.code', 'The bank code is 3 digits.', input.stringValue.slice(0, 40));
    if (def.name === 'charge-accrual-date') v.check(input.stringValue.trim() === 'due-date', 'stringValue', 'not.supported', 'Charges are accrued on their due date only.', input.stringValue.slice(0, 40));
    if (def.name === 'tenant-time-zone') v.check(isTimeZone(input.stringValue), 'stringValue', 'invalid.time.zone', 'Not an IANA time zone.', input.stringValue.slice(0, 40));
    if (def.name === 'bank-name') v.check(input.stringValue.trim() !== '', 'stringValue', 'cannot.be.blank', 'The bank name cannot be blank.');
  }
  v.throwIfAny();
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A setting as read: the tenant's row when it changed it, else the catalogue default (bank-name: the tenant's name). */
function view(def: SettingDef, row: SettingRow | undefined, tenantName: string): SettingView {
  const stringValue = row ? row.stringValue : def.stringValue;
  return {
    id: def.id,
    name: def.name,
    description: def.description,
    enabled: row ? row.enabled : def.enabled,
    value: row ? (row.value == null ? null : new Money(row.value).toFixed()) : def.value,
    stringValue: stringValue == null && def.tenantName ? tenantName : stringValue,
  };
}
