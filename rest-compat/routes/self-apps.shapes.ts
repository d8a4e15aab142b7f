/**
 * Fineract's shapes of a customer's own records, as its own customer apps (the Mifos mobile app, the web
 * self-service app) read them on /self paths (issue 42): status objects with their flags (the mobile app
 * draws an account without them as "Closed"), currency objects, summaries and timelines.
 */

import { loanStatus, savingsStatus } from '../status-flags.js';

type Data = Record<string, any>;

const SAVINGS_DEPOSIT = { id: 100, code: 'depositAccountType.savingsDeposit', value: 'Savings' };

/** Fineract's currency object: `displayLabel` is "Name (symbol)", or "Name [code]" without a symbol. */
export const currencyObject = (c: Data) => ({
  code: c.code, name: c.name, decimalPlaces: c.decimalPlaces, inMultiplesOf: 0, ...(c.displaySymbol ? { displaySymbol: c.displaySymbol } : {}), nameCode: `currency.${c.code}`,
  displayLabel: c.displayLabel ?? `${c.name} ${c.displaySymbol ? `(${c.displaySymbol})` : `[${c.code}]`}`,
});

const subStatus = (b: Data) => {
  const [id, code, value] = b.block ? [400, 'block', 'Block'] : b.blockDebit ? [500, 'blockDebit', 'Block Debit'] : b.blockCredit ? [600, 'blockCredit', 'Block Credit'] : [0, 'none', 'None'];
  return { id, code: `SavingsAccountSubStatusEnum.${code}`, value, none: id === 0, inactive: false, dormant: false, escheat: false, block: b.block, blockCredit: b.blockCredit, blockDebit: b.blockDebit };
};

/** A savings account with Fineract's listing and detail fields (no interest is posted by this service yet). */
export const savingsAccount = ({ blocks, totalDeposits, totalWithdrawals, ...a }: Data) => {
  const currency = currencyObject(a.currency);
  return {
    ...a, savingsProductId: a.productId, savingsProductName: a.productName, status: savingsStatus(a.status), currency, depositType: SAVINGS_DEPOSIT,
    subStatus: subStatus(blocks), totalDeposits, totalWithdrawals,
    summary: {
      currency, accountBalance: a.accountBalance, availableBalance: a.availableBalance, totalDeposits, totalWithdrawals, totalInterestEarned: 0, totalInterestPosted: 0,
      totalFeeCharge: 0, totalPenaltyCharge: 0, totalWithdrawalFees: 0, totalAnnualFees: 0, totalOverdraftInterestDerived: 0,
    },
  };
};

/** A loan with Fineract's listing and detail fields: its terms at the top level, as Fineract has them. */
export const loan = ({ loanStatus: status, terms, repaymentSchedule, summary, currency, ...l }: Data) => {
  const currencyObj = currencyObject(currency);
  return {
    ...l, ...terms, loanProductId: l.productId, loanProductName: l.productName, status: loanStatus(status), currency: currencyObj,
    // The mobile app's account list reads the balance and the amount paid at the top level, as Fineract lists them.
    ...(summary ? { summary: { ...summary, currency: currencyObj }, loanBalance: summary.totalOutstanding, amountPaid: summary.totalRepayment } : {}),
    ...(repaymentSchedule ? { repaymentSchedule: { ...repaymentSchedule, currency: currencyObj } } : {}),
  };
};

export const accounts = (d: Data) => ({ savingsAccounts: d.savingsAccounts.map(savingsAccount), loanAccounts: d.loanAccounts.map(loan), shareAccounts: [] });

/** A client as Fineract's GET /clients/{id} has it (no groups: customers are individuals here; no photos are kept). */
export const client = (c: Data) => ({ ...c, groups: [], imagePresent: false });

/** Fineract's savings transaction type flags (SavingsEnumerations.transactionType): 4, 5 and 7 are fees. */
export const savingsTransactionType = (t: Data) => ({
  ...t, deposit: t.id === 1, withdrawal: t.id === 2, interestPosting: false, feeDeduction: t.id === 4 || t.id === 5 || t.id === 7, initiateTransfer: false, approveTransfer: false,
  withdrawTransfer: false, rejectTransfer: false, overdraftInterest: false, writtenoff: false, overdraftFee: false, withholdTax: false, escheat: false,
});

/** A transaction of a savings account, as Fineract lists it under the account (its account and currency). */
export const savingsTransaction = (account: Data) => (t: Data) => ({
  ...t, transactionType: savingsTransactionType(t.transactionType), accountId: account.id, accountNo: account.accountNo, currency: account.currency, submittedOnDate: t.date,
});

/**
 * Fineract's individual loan template: the client, the products it may apply for (those it holds an offer
 * of), no loan purposes (none are kept), and with a product its terms as `{id, code, value}` options.
 */
export const loanTemplate = (me: Data) => {
  const own = me.clients[0] ?? {};
  const base = {
    clientId: own.id, clientAccountNo: own.accountNo, clientName: own.displayName, clientOfficeId: own.officeId,
    productOptions: me.loanProductOptions, loanPurposeOptions: [],
  };
  if (!me.loanTemplate) return base;
  const { options, ...t } = me.loanTemplate;
  return {
    ...base, ...t, ...options, termFrequency: t.numberOfRepayments * t.repaymentEvery, transactionProcessingStrategyId: 1,
    currency: currencyObject(t.currency),
  };
};
