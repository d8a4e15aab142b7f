import type { Tx } from '../kernel/tx.js';
import { formatAmount } from '../kernel/money.js';
import type { LoanSavingsMovement, OperatingAccount, SavingsForLoans } from '../kernel/ports.js';
import type { AccountDependencies } from './account.ports.js';
import { LIABILITY_GL, STATUS_ACTIVE, TXN_DEPOSIT, TXN_WITHDRAWAL, type AccountRow } from './account.rows.js';
import { loadAccount } from './store/account-read.store.js';
import { canDebit } from './domain/balance-rules.js';
import { checkAmount, checkUsable, insufficient, notActive, rule, txnNotFound } from './movement-rules.js';
import { accountNotFound } from './savings-account.service.js';
import type { Originator, SavingsMovements } from './savings-movements.js';
import type { SavingsTransactionQueries } from './savings-transaction.queries.js';
import { activeAccountIdsOfClient } from './store/savings-account.store.js';
import { loanLegAccountId, type Leg } from './store/savings-transaction.store.js';
import { ACCOUNT_CODES } from './codes.js';

/**
 * The loan module's port: disbursements into savings, repayments from it and their reversals, inside the
 * loan's transaction and without a permission check (the loan command has made it). Each takes the
 * account's row lock first, as every movement does.
 */
export function savingsForLoans(deps: Required<AccountDependencies>, movements: SavingsMovements, queries: SavingsTransactionQueries): SavingsForLoans {
  const systemLeg = (account: AccountRow, credit: boolean, m: LoanSavingsMovement): Leg => ({
    account, credit, amount: formatAmount(m.amount), date: m.date, type: credit ? TXN_DEPOSIT : TXN_WITHDRAWAL, paymentTypeId: null, isCash: false,
    details: {}, note: m.note ?? null, loanId: m.loanId, loanTransactionId: m.loanTransactionId, actor: m.userId,
  });
  const lockActive = async (tx: Tx, accountId: number, credit: boolean) => {
    const today = await deps.businessDates.today(tx);
    const account = await loadAccount(tx, today, accountId, true);
    if (!account) throw accountNotFound(accountId);
    checkUsable(account, credit);
    const client = (await deps.clients.forAccount(tx, account.clientId))!;
    return { account, client, today };
  };
  const loanOriginator = async (tx: Tx, loanId: number): Promise<Originator> => {
    const bankName = await movements.bankName(tx);
    return { bankName, accountNo: `LOAN${loanId}`, senderName: bankName };
  };
  return {
    operatingAccount: async (tx, clientId, linkAccountId): Promise<OperatingAccount> => {
      const today = await deps.businessDates.today(tx);
      const ids = linkAccountId != null ? [linkAccountId] : await activeAccountIdsOfClient(tx, clientId);
      if (ids.length !== 1) {
        throw rule(ACCOUNT_CODES.savingsaccountOperatingAccountNotUnique, `Client ${clientId} needs exactly one active savings or current account (found ${ids.length}); name one with linkAccountId.`, [clientId, ids.length]);
      }
      const account = await loadAccount(tx, today, ids[0]!);
      if (!account || account.clientId !== clientId) throw accountNotFound(ids[0]);
      if (account.status !== STATUS_ACTIVE) throw notActive();
      return { id: account.id, accountNo: account.accountNo, clientId, officeId: account.officeId, currency: account.currencyCode, liabilityGlCode: LIABILITY_GL[account.accountType] };
    },
    creditFromLoan: async (tx, m) => {
      const { account, client } = await lockActive(tx, m.accountId, true);
      checkAmount(account, formatAmount(m.amount));
      const leg = await movements.writeLeg(tx, systemLeg(account, true, m));
      await movements.emitMovement(tx, account, client, leg.id, true, m.amount, leg.runningBalance, 'DEPOSIT', await loanOriginator(tx, m.loanId), { date: m.date });
      return { savingsTransactionId: leg.id, runningBalance: leg.runningBalance };
    },
    debitForLoan: async (tx, m) => {
      const { account, client } = await lockActive(tx, m.accountId, false);
      checkAmount(account, formatAmount(m.amount));
      if (!canDebit(account, m.amount)) throw insufficient(account, m.amount);
      const leg = await movements.writeLeg(tx, systemLeg(account, false, m));
      await movements.emitMovement(tx, account, client, leg.id, false, m.amount, leg.runningBalance, 'WITHDRAWAL', { bankName: await movements.bankName(tx), accountNo: account.accountNo, senderName: client.displayName }, { date: m.date });
      return { savingsTransactionId: leg.id, runningBalance: leg.runningBalance };
    },
    reverseForLoan: async (tx, savingsTransactionId, userId) => {
      const accountId = await loanLegAccountId(tx, savingsTransactionId);
      if (accountId === null) throw txnNotFound(savingsTransactionId);
      const today = await deps.businessDates.today(tx);
      const account = (await loadAccount(tx, today, accountId, true))!;
      const txn = await queries.txn(tx, savingsTransactionId);
      if (txn.reversed) throw rule(ACCOUNT_CODES.savingsaccountTransactionAlreadyReversed, `Transaction ${savingsTransactionId} is already reversed.`, [savingsTransactionId]);
      const client = (await deps.clients.forAccount(tx, account.clientId))!;
      const balance = await movements.reverseLeg(tx, account, txn, userId, today);
      await movements.emitMovement(tx, account, client, txn.id, !txn.credit, txn.amount, balance, 'UNDOTRANSACTION', { bankName: await movements.bankName(tx), accountNo: account.accountNo, senderName: client.displayName }, { date: today });
    },
  };
}
