import { Money } from '../../kernel/money.js';
import type { LoanReceiptRow, ReceiptTransaction, SchedulePeriod, StatementAccount, StatementTransaction } from '../store/statement.store.js';
import { date, decimal, integer, type ReportTable } from './report-table.js';

/** A statement line: the transaction, and the balance after it. */
export interface StatementLine {
  transactionId: string;
  date: string;
  type: string;
  description: string;
  debit: string | null;
  credit: string | null;
  balance: string;
}

export interface SavingsStatement {
  account: StatementAccount;
  fromDate: string;
  toDate: string;
  openingBalance: string;
  lines: StatementLine[];
  totalDebits: string;
  totalCredits: string;
  closingBalance: string;
}

/** Fineract's savings transaction types, as a statement names them. */
const TYPE_NAMES: Record<number, string> = { 1: 'Deposit', 2: 'Withdrawal', 3: 'Interest Posting', 4: 'Withdrawal Fee', 5: 'Annual Fee', 7: 'Pay Charge' };

export function typeName(t: StatementTransaction): string {
  if (t.transfer) return t.credit ? 'Transfer in' : 'Transfer out';
  return TYPE_NAMES[t.transactionType] ?? (t.credit ? 'Credit' : 'Debit');
}

/**
 * The statement of a period: the opening balance (everything dated before it), each transaction with the
 * balance after it, the period's debits and credits, and the closing balance, which is opening + credits -
 * debits by construction. Amounts in the account's currency digits.
 */
export function savingsStatement(account: StatementAccount, fromDate: string, toDate: string, opening: string, transactions: readonly StatementTransaction[]): SavingsStatement {
  const fixed = (v: Money) => v.toFixed(account.digits, Money.ROUND_HALF_EVEN);
  let balance = new Money(opening);
  let debits = new Money(0);
  let credits = new Money(0);
  const lines = transactions.map((t) => {
    const amount = new Money(t.amount);
    if (t.credit) {
      balance = balance.plus(amount);
      credits = credits.plus(amount);
    } else {
      balance = balance.minus(amount);
      debits = debits.plus(amount);
    }
    return {
      transactionId: t.id, date: t.transactionDate, type: typeName(t), description: t.note ?? typeName(t),
      debit: t.credit ? null : fixed(amount), credit: t.credit ? fixed(amount) : null, balance: fixed(balance),
    };
  });
  return {
    account, fromDate, toDate, openingBalance: fixed(new Money(opening)), lines, totalDebits: fixed(debits), totalCredits: fixed(credits), closingBalance: fixed(balance),
  };
}

/** A receipt for one savings transaction: what moved, and the balance after it. */
export interface SavingsReceipt {
  account: StatementAccount;
  transactionId: string;
  date: string;
  type: string;
  description: string;
  credit: boolean;
  amount: string;
  balanceAfter: string;
  reversed: boolean;
}

export function savingsReceipt(account: StatementAccount, t: ReceiptTransaction): SavingsReceipt {
  const fixed = (v: string) => new Money(v).toFixed(account.digits, Money.ROUND_HALF_EVEN);
  return {
    account, transactionId: t.id, date: t.transactionDate, type: typeName(t), description: t.note ?? typeName(t), credit: t.credit, amount: fixed(t.amount),
    balanceAfter: fixed(t.balanceAfter), reversed: t.reversed,
  };
}

/** Fineract's loan transaction types, as a receipt names them. */
const LOAN_TYPE_NAMES: Record<number, string> = { 1: 'Disbursement', 2: 'Repayment', 4: 'Waive Interest', 6: 'Write-Off', 8: 'Recovery Repayment' };

/** A receipt for one loan transaction: the amount, how it was split, and the principal outstanding after it. */
export interface LoanReceipt {
  row: LoanReceiptRow;
  type: string;
  amount: string;
  principal: string;
  interest: string;
  fees: string;
  penalties: string;
  outstandingAfter: string;
}

export function loanReceipt(row: LoanReceiptRow): LoanReceipt {
  const fixed = (v: string) => new Money(v).toFixed(row.digits, Money.ROUND_HALF_EVEN);
  return {
    row, type: LOAN_TYPE_NAMES[row.typeId] ?? 'Other', amount: fixed(row.amount), principal: fixed(row.principalPortion), interest: fixed(row.interestPortion),
    fees: fixed(row.feePortion), penalties: fixed(row.penaltyPortion), outstandingAfter: fixed(row.outstandingAfter),
  };
}

/** "Loan Account Schedule": each instalment with its parts, total, paid and still owed, and the principal balance after it. */
export function loanScheduleTable(periods: readonly SchedulePeriod[], digits: number): ReportTable {
  const fixed = (v: Money) => v.toFixed(digits, Money.ROUND_HALF_EVEN);
  let balance = periods.reduce((acc, p) => acc.plus(p.principalDue), new Money(0));
  return {
    columnHeaders: [
      integer('Installment'), date('From Date'), date('Due Date'), decimal('Principal Due'), decimal('Interest Due'), decimal('Fees Due'), decimal('Penalties Due'),
      decimal('Total Due'), decimal('Total Paid'), decimal('Total Outstanding'), decimal('Principal Balance'),
    ],
    rows: periods.map((p) => {
      const total = new Money(p.principalDue).plus(p.interestDue).plus(p.feeDue).plus(p.penaltyDue);
      balance = balance.minus(p.principalDue);
      return [
        String(p.period), p.fromDate, p.dueDate, fixed(new Money(p.principalDue)), fixed(new Money(p.interestDue)), fixed(new Money(p.feeDue)), fixed(new Money(p.penaltyDue)),
        fixed(total), fixed(new Money(p.paid)), fixed(total.minus(p.paid)), fixed(balance),
      ];
    }),
  };
}
