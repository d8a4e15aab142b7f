import { enumOption, type EnumOption } from '../kernel/enum-option.type.js';
import { STATUS_ACTIVE, STATUS_APPROVED, STATUS_CLOSED, STATUS_REJECTED, STATUS_SUBMITTED, STATUS_WITHDRAWN, TXN_ANNUAL_FEE, TXN_DEPOSIT, TXN_PAY_CHARGE, TXN_INTEREST_POSTING, TXN_WITHHOLD_TAX, TXN_WITHDRAWAL_FEE, type AccountRow } from './account.rows.js';
import type { AccountServices } from './account.services.js';
import { availableBalance } from './domain/balance-rules.js';
import type {
  AccountCurrencyType, AccountTransferType, MakerCheckerEntryType, SavingsAccountChangePayload, SavingsAccountStatusType, SavingsAccountType,
  SavingsProductType, SavingsTransactionResultType, SavingsTransactionType,
} from './account.types.js';
import type { MakerCheckerEntry } from './store/maker-checker.store.js';
import type { SavingsProduct } from './store/product.store.js';
import type { AccountChange } from './savings-account.service.js';
import type { MoneyResult } from './savings-transaction.commands.js';
import type { TransactionRow } from './store/savings-transaction.store.js';
import type { TransferRow } from './store/transfer.store.js';
import { DORMANT, ESCHEAT, INACTIVE } from './dormancy.js';

const STATUS: Record<number, [string, string]> = {
  [STATUS_SUBMITTED]: ['savingsAccountStatusType.submitted.and.pending.approval', 'Submitted and pending approval'],
  [STATUS_APPROVED]: ['savingsAccountStatusType.approved', 'Approved'],
  [STATUS_ACTIVE]: ['savingsAccountStatusType.active', 'Active'],
  [STATUS_WITHDRAWN]: ['savingsAccountStatusType.withdrawn.by.applicant', 'Withdrawn by applicant'],
  [STATUS_REJECTED]: ['savingsAccountStatusType.rejected', 'Rejected'],
  [STATUS_CLOSED]: ['savingsAccountStatusType.closed', 'Closed'],
};
export const STATUS_OPTIONS = Object.entries(STATUS).map(([id, [code, value]]) => enumOption(Number(id), code, value));
const SAVINGS_DEPOSIT = enumOption(100, 'depositAccountType.savingsDeposit', 'Savings');
const SAVINGS_ACCOUNT_TYPE = enumOption(2, 'accountType.savings', 'Savings Account');
const ACCOUNTING_RULES: Record<number, EnumOption> = { 1: enumOption(1, 'accountingRuleType.none', 'NONE'), 2: enumOption(2, 'accountingRuleType.cash', 'CASH BASED') };

function statusType(id: number): SavingsAccountStatusType {
  const [code, value] = STATUS[id] ?? ['savingsAccountStatusType.invalid', 'Invalid'];
  return {
    id, code, value,
    submittedAndPendingApproval: id === STATUS_SUBMITTED, approved: id === STATUS_APPROVED, rejected: id === STATUS_REJECTED,
    withdrawnByApplicant: id === STATUS_WITHDRAWN, active: id === STATUS_ACTIVE, closed: id === STATUS_CLOSED,
  };
}

/** Service rows to GraphQL objects (Fineract's shapes). */
/** Fineract's savings transaction types other than deposit and withdrawal: fees (savings-fees.ts) and interest (savings-interest.service.ts). */
const FEE_TYPES: Record<number, { code: string; value: string } | undefined> = {
  [TXN_WITHDRAWAL_FEE]: { code: 'savingsAccountTransactionType.withdrawalFee', value: 'Withdrawal Fee' },
  [TXN_ANNUAL_FEE]: { code: 'savingsAccountTransactionType.annualFee', value: 'Annual Fee' },
  [TXN_PAY_CHARGE]: { code: 'savingsAccountTransactionType.payCharge', value: 'Pay Charge' },
  [TXN_INTEREST_POSTING]: { code: 'savingsAccountTransactionType.interestPosting', value: 'Interest Posting' },
  [TXN_WITHHOLD_TAX]: { code: 'savingsAccountTransactionType.withholdTax', value: 'Withhold Tax' },
};

export class Mappers {
  constructor(private readonly services: AccountServices) {}

  currency(code: string, decimalPlaces: number, inMultiplesOf: number | null = null): AccountCurrencyType {
    const info = this.services.deps.currencyInfo(code);
    const name = info?.name ?? code;
    const displaySymbol = info?.displaySymbol ?? null;
    return { code, name, decimalPlaces, inMultiplesOf, displaySymbol, nameCode: info?.nameCode ?? `currency.${code}`, displayLabel: `${name} ${displaySymbol ? `(${displaySymbol})` : `[${code}]`}` };
  }

  product(p: SavingsProduct): SavingsProductType {
    return { ...p.parameters, ...p, currency: this.currency(p.currencyCode, p.digitsAfterDecimal, p.inMultiplesOf), accountingRule: ACCOUNTING_RULES[p.accountingRule] ?? enumOption(p.accountingRule, 'accountingRuleType.invalid', 'INVALID') };
  }

  account(a: AccountRow): SavingsAccountType {
    const currency = this.currency(a.currencyCode, a.digitsAfterDecimal);
    const available = availableBalance(a).toFixed();
    const sub = a.blocked ? enumOption(400, 'SavingsAccountSubStatusEnum.block', 'Block') : a.debitBlocked ? enumOption(500, 'SavingsAccountSubStatusEnum.blockDebit', 'Block Debit') : a.creditBlocked ? enumOption(600, 'SavingsAccountSubStatusEnum.blockCredit', 'Block Credit') : dormancySubStatus(a.dormancyStatus);
    return {
      id: a.id, accountNo: a.accountNo, externalId: a.externalId, clientId: a.clientId, clientName: null, client: { id: a.clientId }, officeId: a.officeId,
      savingsProductId: a.productId, savingsProductName: a.productName, productId: a.productId, productName: a.productName, shortProductName: a.shortProductName,
      accountType: a.accountType, depositType: SAVINGS_DEPOSIT, status: statusType(a.status),
      subStatus: { ...sub, block: a.blocked, blockDebit: a.debitBlocked, blockCredit: a.creditBlocked },
      timeline: { submittedOnDate: a.submittedOnDate, approvedOnDate: a.approvedOnDate, activatedOnDate: a.activatedOnDate, closedOnDate: a.closedOnDate, rejectedOnDate: a.rejectedOnDate, withdrawnOnDate: a.withdrawnOnDate },
      currency, nominalAnnualInterestRate: a.nominalAnnualInterestRate, allowOverdraft: a.allowOverdraft, overdraftLimit: a.overdraftLimit,
      minRequiredBalance: a.minRequiredBalance, enforceMinRequiredBalance: a.enforceMinRequiredBalance, accountBalance: a.accountBalance, availableBalance: available,
      summary: { currency, accountBalance: a.accountBalance, availableBalance: available, totalDeposits: a.totalDeposits, totalWithdrawals: a.totalWithdrawals, onHoldAmount: a.onHold },
    };
  }

  transaction(t: TransactionRow, decimalPlaces = 2): SavingsTransactionType {
    const deposit = t.transactionType === TXN_DEPOSIT;
    const kind = t.transferId != null ? (deposit ? 'Transfer in' : 'Transfer out') : deposit ? 'Deposit' : 'Withdrawal';
    return {
      id: t.id,
      transactionType: FEE_TYPES[t.transactionType]
        ? { id: t.transactionType, ...FEE_TYPES[t.transactionType]!, deposit: false, withdrawal: false }
        : { id: t.transactionType, code: deposit ? 'savingsAccountTransactionType.deposit' : 'savingsAccountTransactionType.withdrawal', value: deposit ? 'Deposit' : 'Withdrawal', deposit, withdrawal: !deposit },
      entryType: t.credit ? 'CREDIT' : 'DEBIT',
      accountId: t.accountId, accountNo: t.accountNo, date: t.date, submittedOnDate: t.submittedOnDate, currency: this.currency(t.currencyCode, decimalPlaces),
      paymentDetailData: t.paymentTypeId == null ? null : { paymentType: { id: t.paymentTypeId, name: t.paymentTypeName }, accountNumber: t.accountNumber, checkNumber: t.checkNumber, routingCode: t.routingCode, receiptNumber: t.receiptNumber, bankNumber: t.bankNumber },
      amount: t.amount, runningBalance: t.runningBalance, reversed: t.reversed, narrative: t.note ?? kind, note: t.note, transferId: t.transferId,
    };
  }

  change(c: AccountChange): SavingsAccountChangePayload {
    return { savingsAccount: this.account(c.account), changes: c.changes };
  }

  money(r: MoneyResult): SavingsTransactionResultType {
    const base = { officeId: r.account.officeId, clientId: r.account.clientId, savingsId: r.account.id, savingsAccount: this.account(r.account) };
    if (r.kind === 'pending') return { ...base, resourceId: null, commandId: r.commandId, transaction: null, changes: { status: 'awaiting.approval' } };
    const t = r.transaction;
    return { ...base, resourceId: r.transferId ?? t.id, commandId: null, transaction: this.transaction(t, r.account.digitsAfterDecimal), changes: { transactionAmount: t.amount, transactionDate: t.date, paymentTypeId: t.paymentTypeId, runningBalance: t.runningBalance } };
  }

  transfer(t: TransferRow): AccountTransferType {
    return {
      id: t.id, fromOfficeId: t.fromOfficeId, fromClientId: t.fromClientId, fromAccountType: SAVINGS_ACCOUNT_TYPE, fromAccount: { id: t.fromAccountId, accountNo: t.fromAccountNo },
      toOfficeId: t.toOfficeId, toClientId: t.toClientId, toAccountType: SAVINGS_ACCOUNT_TYPE, toAccount: { id: t.toAccountId, accountNo: t.toAccountNo },
      currency: this.currency(t.currencyCode, 2), transferAmount: t.amount, transferDate: t.transferDate, transferDescription: t.description, reversed: false,
      fromTransactionId: t.fromTransactionId, toTransactionId: t.toTransactionId,
    };
  }

  entry(e: MakerCheckerEntry): MakerCheckerEntryType {
    return {
      id: e.id, actionName: e.actionName, entityName: e.entityName, resourceId: e.resourceId, savingsAccountId: e.resourceId, makerId: e.makerId, maker: null,
      madeOnDate: e.madeOnDate, processingResult: e.status, commandAsJson: e.commandAsJson, officeId: e.officeId, officeName: null, savingsAccountNo: e.savingsAccountNo,
      amount: e.amount, checkerId: e.checkerId, transactionId: e.transactionId,
    };
  }
}

const DORMANCY_SUB_STATUSES: Record<number, [string, string]> = {
  [INACTIVE]: ['SavingsAccountSubStatusEnum.inactive', 'Inactive'], [DORMANT]: ['SavingsAccountSubStatusEnum.dormant', 'Dormant'], [ESCHEAT]: ['SavingsAccountSubStatusEnum.escheat', 'Escheat'],
};

/** A block shows first; otherwise the dormancy close of business set (Fineract's sub-status codes). */
function dormancySubStatus(status: number) {
  const known = DORMANCY_SUB_STATUSES[status];
  return known ? enumOption(status, known[0], known[1]) : enumOption(0, 'SavingsAccountSubStatusEnum.none', 'None');
}
