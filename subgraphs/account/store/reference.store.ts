import type { Tx } from '../../kernel/tx.js';

/** A referee of a savings account (docs/interface.md); current and overdraft accounts need two before activation. */
export interface SavingsReference {
  id: number;
  savingsId: number;
  refereeName: string;
  refereeAccountNo: string | null;
  refereeBank: string | null;
  refereePhone: string;
  refereeEmail: string | null;
  refereeAddress: string | null;
  relationship: string;
}

/** The referee's fields, as the API names them, and their columns. */
const REFERENCE_COLUMNS = {
  refereeName: 'referee_name',
  refereeAccountNo: 'referee_account_no',
  refereeBank: 'referee_bank',
  refereePhone: 'referee_phone',
  refereeEmail: 'referee_email',
  refereeAddress: 'referee_address',
  relationship: 'relationship',
} as const;
export type ReferenceField = keyof typeof REFERENCE_COLUMNS;
export const REFERENCE_FIELDS = Object.keys(REFERENCE_COLUMNS) as ReferenceField[];

const SELECT = `select id, account_id as "savingsId", ${REFERENCE_FIELDS.map((k) => `${REFERENCE_COLUMNS[k]} as "${k}"`).join(', ')} from account.savings_reference`;

type RawReference = Omit<SavingsReference, 'id' | 'savingsId'> & { id: string; savingsId: string };

const toReference = (r: RawReference): SavingsReference => ({ ...r, id: Number(r.id), savingsId: Number(r.savingsId) });

export async function referencesOf(tx: Tx, accountId: number): Promise<SavingsReference[]> {
  const rows = await tx.query<RawReference>(`${SELECT} where tenant_id = ? and account_id = ? order by id`, [tx.tenantId, accountId]);
  return rows.map(toReference);
}

export async function findReference(tx: Tx, accountId: number, id: number): Promise<SavingsReference | null> {
  const rows = await tx.query<RawReference>(`${SELECT} where tenant_id = ? and account_id = ? and id = ?`, [tx.tenantId, accountId, id]);
  return rows[0] ? toReference(rows[0]) : null;
}

export async function referenceCount(tx: Tx, accountId: number): Promise<number> {
  const rows = await tx.query<{ n: string }>(`select count(*) as n from account.savings_reference where tenant_id = ? and account_id = ?`, [tx.tenantId, accountId]);
  return Number(rows[0]!.n);
}

export async function insertReference(tx: Tx, id: number, accountId: number, values: Record<ReferenceField, string | null>, actor: number): Promise<void> {
  await tx.query(
    `insert into account.savings_reference (tenant_id, id, account_id, ${REFERENCE_FIELDS.map((k) => REFERENCE_COLUMNS[k]).join(', ')}, created_by, updated_by)
     values (?, ?, ?, ${REFERENCE_FIELDS.map(() => '?').join(', ')}, ?, ?)`,
    [tx.tenantId, id, accountId, ...REFERENCE_FIELDS.map((k) => values[k]), actor, actor],
  );
}

/** Writes the changed fields (at least one). */
export async function updateReference(tx: Tx, id: number, changes: Partial<Record<ReferenceField, string>>, actor: number): Promise<void> {
  const fields = REFERENCE_FIELDS.filter((k) => changes[k] !== undefined);
  await tx.query(
    `update account.savings_reference set ${fields.map((k) => `${REFERENCE_COLUMNS[k]} = ?`).join(', ')}, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`,
    [...fields.map((k) => changes[k]), actor, tx.tenantId, id],
  );
}

export async function deleteReference(tx: Tx, id: number): Promise<void> {
  await tx.query(`delete from account.savings_reference where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}
