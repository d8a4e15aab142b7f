import type { Tx } from '../kernel/tx.js';
import { nextValue } from '../kernel/sequence.js';

/** The codes the platform's own rules read (client reasons, gender, types); each tenant starts with them. */
export const SYSTEM_CODES: Record<string, string[]> = {
  'Customer Identifier': ['Passport', 'Id', 'Drivers License', 'Any Other Id Type'],
  Gender: ['Male', 'Female'],
  ClientType: ['Individual', 'Business', 'Non-Profit'],
  ClientClassification: ['Retail', 'Small Business', 'Corporate', 'Staff'],
  ClientClosureReason: ['Deceased', 'Relocated', 'Requested by client', 'Duplicate record', 'Fraud'],
  ClientRejectReason: ['Incomplete documentation', 'Failed KYC checks', 'Duplicate application', 'Blacklisted'],
  ClientWithdrawReason: ['Changed mind', 'Went to another provider', 'No longer needed'],
  WriteOffReasons: ['Bad debt', 'Borrower deceased', 'Fraud', 'Forgiven'],
  LoanRescheduleReason: ['Borrower hardship', 'Natural disaster', 'Business seasonality'],
  // GL account tags, one list per account type, empty as Fineract seeds them: an institution adds its own.
  AssetAccountTags: [],
  LiabilityAccountTags: [],
  EquityAccountTags: [],
  IncomeAccountTags: [],
  ExpenseAccountTags: [],
};

/**
 * Idempotent: a code that exists (by name) is left alone with its values, so values an institution
 * removed do not come back at the next start; a missing code is created with its values.
 */
export async function seedCodes(tx: Tx): Promise<void> {
  const tenantId = tx.tenantId;
  // Two instances provisioning the same tenant at once: the second waits, then finds the codes there.
  await tx.query(`select pg_advisory_xact_lock(hashtext(?))`, [`${tenantId}:seed:codes`]);
  for (const [name, values] of Object.entries(SYSTEM_CODES)) {
    const existing = await tx.query(`select 1 from organisation.code where tenant_id = ? and lower(name) = lower(?)`, [tenantId, name]);
    if (existing.length > 0) continue;
    const codeId = await nextValue(tx, 'code');
    await tx.query(`insert into organisation.code (tenant_id, id, name, system_defined) values (?, ?, ?, true)`, [tenantId, codeId, name]);
    for (const [position, value] of values.entries()) {
      await tx.query(
        `insert into organisation.code_value (tenant_id, id, code_id, name, position, is_active, is_mandatory) values (?, ?, ?, ?, ?, true, false)`,
        [tenantId, await nextValue(tx, 'code_value'), codeId, value, position + 1],
      );
    }
  }
}
