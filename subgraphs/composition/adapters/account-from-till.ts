import type { AccountDependencies } from '../../account/account.ports.js';
import type { TillServices } from '../../till/till.services.js';

/** A cash movement is recorded in the teller's till, folded into the movement's own statement (cashSql). */
export function accountFromTill(till: TillServices): Pick<AccountDependencies, 'recordCash' | 'cashSql'> {
  return { recordCash: (tx, movement) => till.recordCash(tx, movement), cashSql: till.cashSql };
}
