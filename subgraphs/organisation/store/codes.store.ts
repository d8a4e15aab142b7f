import type { Tx } from '../../kernel/tx.js';

/* organisation.code and code_value: the checks by name that the entities cannot express. Caller's transaction. */

/** Whether `valueId` is a value of the code named `codeName` (case-insensitive). */
export async function isValueOfCode(tx: Tx, codeName: string, valueId: number): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from organisation.code_value v join organisation.code c on c.tenant_id = v.tenant_id and c.id = v.code_id
      where v.tenant_id = ? and v.id = ? and lower(c.name) = lower(?::text)`,
    [tx.tenantId, valueId, codeName],
  );
  return rows.length > 0;
}

/** Whether another code (`exceptId` aside) has this name, case-insensitively. */
export async function codeNameTaken(tx: Tx, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx.query(`select 1 from organisation.code where tenant_id = ? and lower(name) = lower(?::text) and id <> ?`, [tx.tenantId, name, exceptId ?? -1]);
  return rows.length > 0;
}

/** Whether another value of the code (`exceptId` aside) has this label, case-insensitively. */
export async function codeValueLabelTaken(tx: Tx, codeId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from organisation.code_value where tenant_id = ? and code_id = ? and lower(name) = lower(?::text) and id <> ?`,
    [tx.tenantId, codeId, name, exceptId ?? -1],
  );
  return rows.length > 0;
}
