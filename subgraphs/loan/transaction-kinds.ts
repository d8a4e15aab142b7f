import { TXN_DISBURSEMENT, TXN_RECOVERY_REPAYMENT, TXN_REPAYMENT, TXN_WAIVE_INTEREST, TXN_WRITEOFF } from './store/transactions.js';

/** Fineract's loanTransactionType of each kind of loan transaction this service records, with its flags. */
const KINDS: Record<number, [string, string]> = {
  [TXN_DISBURSEMENT]: ['loanTransactionType.disbursement', 'Disbursement'],
  [TXN_REPAYMENT]: ['loanTransactionType.repayment', 'Repayment'],
  [TXN_WAIVE_INTEREST]: ['loanTransactionType.waiver', 'Waive interest'],
  [TXN_WRITEOFF]: ['loanTransactionType.writeOff', 'Write-Off'],
  [TXN_RECOVERY_REPAYMENT]: ['loanTransactionType.recoveryRepayment', 'Recovery Repayment'],
};

export function transactionKind(typeId: number) {
  const [code, value] = KINDS[typeId] ?? ['loanTransactionType.invalid', 'Invalid'];
  return {
    id: typeId, code, value, disbursement: typeId === TXN_DISBURSEMENT, repayment: typeId === TXN_REPAYMENT, waiveInterest: typeId === TXN_WAIVE_INTEREST,
    writeOff: typeId === TXN_WRITEOFF, recoveryRepayment: typeId === TXN_RECOVERY_REPAYMENT,
  };
}
