import { registerEnumType } from 'type-graphql';

/**
 * The account module's closed sets as GraphQL enums, for clients generated from the schema. They sit beside
 * the string and Fineract `{id, code, value}` fields (which REST and existing clients read) and are derived
 * from the same values, so the two never disagree.
 */
export enum AccountTypeEnum {
  SAVINGS = 'SAVINGS',
  CURRENT = 'CURRENT',
}
registerEnumType(AccountTypeEnum, {
  name: 'AccountTypeEnum',
  description: 'Kind of deposit product and account.',
  valuesConfig: {
    SAVINGS: { description: 'A savings account (GL 21101).' },
    CURRENT: { description: 'A current account (GL 21102).' },
  },
});

export enum SavingsTransactionTypeEnum {
  DEPOSIT = 'DEPOSIT',
  WITHDRAWAL = 'WITHDRAWAL',
}
registerEnumType(SavingsTransactionTypeEnum, {
  name: 'SavingsTransactionTypeEnum',
  description: "Kind of savings transaction (Fineract's savingsAccountTransactionType); transfers appear as a deposit on one account and a withdrawal on the other.",
  valuesConfig: {
    DEPOSIT: { description: 'Money into the account (a credit).' },
    WITHDRAWAL: { description: 'Money out of the account (a debit).' },
  },
});

export const accountTypeEnum = (accountType: string): AccountTypeEnum => (accountType === 'CURRENT' ? AccountTypeEnum.CURRENT : AccountTypeEnum.SAVINGS);
export const savingsTransactionTypeEnum = (type: { deposit: boolean }): SavingsTransactionTypeEnum =>
  type.deposit ? SavingsTransactionTypeEnum.DEPOSIT : SavingsTransactionTypeEnum.WITHDRAWAL;
