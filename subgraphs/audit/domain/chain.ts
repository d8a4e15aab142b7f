import { createHash } from 'node:crypto';

/** The hash before a tenant's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * An entry as the chain covers it: every stored column except the chain's own bookkeeping, timestamps as
 * microseconds since the epoch (text), so the bytes hashed never depend on a session's time zone or a
 * driver's date type.
 */
export interface ChainedContent {
  id: string;
  commandId: string;
  txid: string;
  actionName: string;
  entityName: string;
  operation: string;
  resourceId: string | null;
  subresourceId: string | null;
  officeId: number | null;
  officeHierarchy: string | null;
  makerId: number | null;
  makerDelegatedBy: number | null;
  checkerId: number | null;
  checkedAtMicros: string | null;
  madeAtMicros: string;
  commandJson: string;
  processingResult: number;
  errorCode: string | null;
}

/** The field order is the format: changing it (or adding a field anywhere but the end) breaks every stored chain. */
const FIELDS: readonly (keyof ChainedContent)[] = [
  'id', 'txid', 'actionName', 'entityName', 'operation', 'resourceId', 'subresourceId', 'officeId', 'officeHierarchy', 'makerId',
  'makerDelegatedBy', 'checkerId', 'checkedAtMicros', 'madeAtMicros', 'commandJson', 'processingResult', 'errorCode', 'commandId',
];

/** SHA-256 (hex) of the previous hash and the entry's content: changing any field, or any earlier entry, changes it. */
export function entryHash(previous: string, entry: ChainedContent): string {
  return createHash('sha256').update(previous).update('\n').update(JSON.stringify(FIELDS.map((f) => entry[f]))).digest('hex');
}
