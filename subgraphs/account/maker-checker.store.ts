import type { Tx } from '../kernel/tx.js';

/** A command held for a checker: what it is, the account whose available balance it holds, and its input. */
export interface NewHold {
  entityName: 'SAVINGSACCOUNT' | 'ACCOUNTTRANSFER';
  actionName: 'WITHDRAWAL' | 'CREATE';
  accountId: number;
  officeId: number;
  amount: string;
  command: unknown;
  makerId: number;
  /** The business date: the hold lapses with it. */
  madeOn: string;
}

/** Writes a pending maker-checker entry (the caller holds the account's row lock) and returns its id. */
export async function insertHold(tx: Tx, hold: NewHold): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `insert into account.maker_checker (tenant_id, entity_name, action_name, account_id, office_id, amount, command_json, maker_id, made_on_date, status, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?::date, 'awaiting.approval', ?, ?) returning id`,
    [tx.tenantId, hold.entityName, hold.actionName, hold.accountId, hold.officeId, hold.amount, JSON.stringify(hold.command), hold.makerId, hold.madeOn, hold.makerId, hold.makerId],
  );
  return Number(rows[0]!.id);
}
