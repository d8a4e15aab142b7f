/**
 * The tenant settings every institution has (Fineract's /configurations), with their defaults. Ids are
 * fixed so that `PUT /configurations/{id}` means the same setting in every tenant. A tenant row exists only
 * once the setting is changed; reads fall back to these defaults.
 */
export interface SettingDef {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  value: string | null;
  /** `null` with `tenantName` means "the tenant's name" (bank-name). */
  stringValue: string | null;
  tenantName?: boolean;
  /** What PUT may change: a numeric value, a string value, or only the enabled flag. */
  kind: 'value' | 'string' | 'flag';
}

export const SETTINGS: SettingDef[] = [
  { id: 1, name: 'bank-code', description: 'The institution\'s 3-digit CBN bank code, used for NUBAN check digits.', enabled: true, value: null, stringValue: '999', kind: 'string' },
  { id: 2, name: 'bank-name', description: 'The institution\'s name as shown to receivers of transfers and events.', enabled: true, value: null, stringValue: null, tenantName: true, kind: 'string' },
  { id: 3, name: 'teller-cash-withdrawal-ceiling', description: 'A cash withdrawal above this amount waits for checker approval.', enabled: true, value: '500000', stringValue: null, kind: 'value' },
  { id: 4, name: 'webhooks-allow-private-targets', description: 'Allow webhook payload URLs on loopback, link-local and private addresses.', enabled: false, value: null, stringValue: null, kind: 'flag' },
  { id: 5, name: 'tenant-time-zone', description: 'IANA time zone of the institution; the business date defaults to today there.', enabled: true, value: null, stringValue: 'Africa/Lagos', kind: 'string' },
  { id: 6, name: 'kyc-tier-1-single-deposit-limit', description: 'KYC tier 1: largest single credit (base currency).', enabled: true, value: '50000', stringValue: null, kind: 'value' },
  { id: 7, name: 'kyc-tier-1-balance-limit', description: 'KYC tier 1: largest cumulative balance across the client\'s accounts.', enabled: true, value: '300000', stringValue: null, kind: 'value' },
  { id: 8, name: 'kyc-tier-2-single-deposit-limit', description: 'KYC tier 2: largest single credit (base currency).', enabled: true, value: '100000', stringValue: null, kind: 'value' },
  { id: 9, name: 'kyc-tier-2-balance-limit', description: 'KYC tier 2: largest cumulative balance across the client\'s accounts.', enabled: true, value: '500000', stringValue: null, kind: 'value' },
  { id: 10, name: 'self-service-office', description: 'Office id where self-registered clients are booked; unset: a "Digital Branch" under the head office is created at the first registration and recorded here.', enabled: true, value: null, stringValue: null, kind: 'value' },
  { id: 11, name: 'self-registration-limit-per-ip-per-hour', description: 'Self-registrations accepted from one client address per hour (carrier NAT puts many phones behind one address).', enabled: true, value: '100', stringValue: null, kind: 'value' },
  { id: 12, name: 'self-registration-limit-per-bvn-per-day', description: 'Self-registration attempts with one BVN per day.', enabled: true, value: '5', stringValue: null, kind: 'value' },
  { id: 13, name: 'self-transfer-daily-limit-tier-1', description: 'KYC tier 1: self-service transfers to others per business date.', enabled: true, value: '50000', stringValue: null, kind: 'value' },
  { id: 14, name: 'self-transfer-daily-limit-tier-2', description: 'KYC tier 2: self-service transfers to others per business date.', enabled: true, value: '200000', stringValue: null, kind: 'value' },
  { id: 15, name: 'self-transfer-daily-limit-tier-3', description: 'KYC tier 3: self-service transfers to others per business date.', enabled: true, value: '5000000', stringValue: null, kind: 'value' },
  // Off by default, as Fineract's maker-checker is; once enabled, 500,000 unless the tenant sets a value.
  { id: 16, name: 'maker-checker-non-cash-ceiling', description: 'When enabled, a staff-made non-cash withdrawal above this amount waits for checker approval.', enabled: false, value: '500000', stringValue: null, kind: 'value' },
  // Fineract's own names, for its clients. Both on by default: this service has always honoured a pinned
  // business date and held large cash withdrawals for a checker.
  { id: 17, name: 'enable-business-date', description: 'A date pinned with /businessdate is today; off, the business date follows the calendar in the tenant\'s time zone.', enabled: true, value: null, stringValue: null, kind: 'flag' },
  { id: 18, name: 'maker-checker', description: 'Cash withdrawals above teller-cash-withdrawal-ceiling wait for a checker; off, they execute at once.', enabled: true, value: null, stringValue: null, kind: 'flag' },
  // Issue 33: a customer walked every account number of an office through beneficiaries, and called name
  // enquiry 100 times in 16 s, reading other people's names. Both are counted per customer per hour.
  { id: 19, name: 'self-beneficiary-creations-per-hour', description: 'Beneficiaries a customer may try to add per hour (each attempt counts, found or not).', enabled: true, value: '20', stringValue: null, kind: 'value' },
  { id: 20, name: 'self-name-enquiries-per-hour', description: 'Inter-bank name enquiries a customer may make per hour.', enabled: true, value: '60', stringValue: null, kind: 'value' },
  // Issue 36: off by default, as maker-checker is; once enabled, 100,000 unless the tenant sets a value.
  { id: 21, name: 'loan-interest-waiver-ceiling', description: 'When enabled, a loan interest waiver above this amount waits for a second person to approve it (four eyes).', enabled: false, value: '100000', stringValue: null, kind: 'value' },
  // Fineract's names that its staff console reads on every loan screen (ids from 30: the
  // service's own settings keep 1-29).
  { id: 30, name: 'loan-arrears-delinquency-display-data', description: 'What the staff console shows on a loan: 0 - both, 1 - arrears, 2 - delinquency.', enabled: true, value: '0', stringValue: null, kind: 'value' },
  { id: 31, name: 'charge-accrual-date', description: 'The date a charge is accrued on: due-date (the only one offered).', enabled: true, value: null, stringValue: 'due-date', kind: 'string' },
  { id: 42, name: 'self-registration-token-minutes', description: 'Minutes a two-step self-registration token (POST /self/registration without a BVN) stays valid.', enabled: true, value: '30', stringValue: null, kind: 'value' },
];

export const SETTINGS_BY_NAME = new Map(SETTINGS.map((s) => [s.name, s]));
export const SETTINGS_BY_ID = new Map(SETTINGS.map((s) => [s.id, s]));
