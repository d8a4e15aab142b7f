import { errors, Validator } from '../kernel/errors.js';
import { formatAmount } from '../kernel/money.js';
import { STATUS_ACTIVE, type AccountRow } from './account.rows.js';
import { amountProblem, BALANCE_COLUMN_MAX, BALANCE_LIMIT_EXCEEDED } from './domain/balance-rules.js';
import { DETAIL_KEYS } from './store/savings-transaction.store.js';
import { ACCOUNT_CODES } from './codes.js';

/*
 * The checks every money movement shares (deposits, withdrawals, transfers, the loan and payments ports)
 * and their refusals, each with its Fineract code.
 */

/** A deposit's or withdrawal's body, as Fineract names its fields. */
export interface TransactionInput {
  transactionDate?: string | null;
  transactionAmount?: string | null;
  paymentTypeId?: number | null;
  note?: string | null;
  receiptNumber?: string | null;
  checkNumber?: string | null;
  accountNumber?: string | null;
  routingCode?: string | null;
  bankNumber?: string | null;
}

export const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);
export const balanceLimitExceeded = (account: AccountRow, amount: string) =>
  rule(BALANCE_LIMIT_EXCEEDED, `Account ${account.accountNo} cannot hold ${formatAmount(amount)} more: its balance or totals would exceed ${BALANCE_COLUMN_MAX}.`, [account.id, formatAmount(amount)], 'transactionAmount');
export const txnNotFound = (id: unknown) => errors.notFound(ACCOUNT_CODES.savingAccountTrasactionIdInvalid, `Savings transaction with identifier ${id} does not exist`, id);
export const insufficient = (account: AccountRow, amount: string) =>
  rule(ACCOUNT_CODES.savingsaccountTransactionInsufficientAccountBalance, `Insufficient account balance on account ${account.accountNo} for ${formatAmount(amount)}.`, [account.id, formatAmount(amount)], 'transactionAmount');

export const notActive = () => errors.badRequest(ACCOUNT_CODES.savingsaccountTransactionAccountIsNotActive, 'The savings account is not active.', 'id');

/** Active, and not blocked for this direction. */
export function checkUsable(account: AccountRow, credit: boolean): void {
  if (account.status !== STATUS_ACTIVE) throw notActive();
  if (credit && (account.blocked || account.creditBlocked)) throw rule(ACCOUNT_CODES.savingsaccountTransactionCreditBlocked, `Account ${account.accountNo} is blocked for credits.`, [account.id]);
  if (!credit && (account.blocked || account.debitBlocked)) throw rule(ACCOUNT_CODES.savingsaccountTransactionDebitBlocked, `Account ${account.accountNo} is blocked for debits.`, [account.id]);
}

/** Not after the tenant's business date, not before the account's activation. */
export function checkDate(account: AccountRow, date: string, today: string): void {
  if (date > today) {
    throw errors.badRequest(ACCOUNT_CODES.savingsaccountTransactionInTheFuture, `The transaction date ${date} is after the business date ${today}.`, 'transactionDate');
  }
  if (account.activatedOnDate && date < account.activatedOnDate) {
    throw rule(ACCOUNT_CODES.savingsaccountTransactionBeforeActivationDate, `The transaction date ${date} is before the account's activation on ${account.activatedOnDate}.`, [date], 'transactionDate');
  }
}

/** `parameter` names the amount as the caller sent it: a transfer's is `transferAmount` under `accounttransfer`. */
export function checkAmount(
  account: Pick<AccountRow, 'digitsAfterDecimal'>, amount: string,
  parameter: { resource: string; name: string } = { resource: 'savingsaccount.transaction', name: 'transactionAmount' },
): void {
  const problem = amountProblem(amount, account.digitsAfterDecimal);
  if (problem) {
    const { resource, name } = parameter;
    throw errors.validation([{ code: `validation.msg.${resource}.${name}.${problem}`, message: `The parameter \`${name}\` is invalid (${problem.replaceAll('.', ' ')}).`, parameterName: name, value: amount, args: [account.digitsAfterDecimal] }]);
  }
}

/** What a deposit or withdrawal must carry before any account is read. */
export function validateTransactionInput(input: TransactionInput): void {
  const v = new Validator('savingsaccount.transaction');
  v.required('transactionDate', input.transactionDate);
  v.required('transactionAmount', input.transactionAmount);
  v.required('paymentTypeId', input.paymentTypeId);
  v.maxLength('note', input.note, 500);
  for (const key of DETAIL_KEYS) v.maxLength(key, input[key], 100);
  if (input.transactionAmount != null) {
    const problem = amountProblem(input.transactionAmount, 6);
    if (problem === 'not.greater.than.zero' || problem === 'exceeds.max.value') v.fail('transactionAmount', problem, 'The parameter `transactionAmount` must be greater than 0 and within bounds.', input.transactionAmount);
  }
  v.throwIfAny();
}

