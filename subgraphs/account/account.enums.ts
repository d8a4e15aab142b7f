import { registerEnumType } from 'type-graphql';
import { Validator } from '../kernel/errors.js';

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
  INTEREST_POSTING = 'INTEREST_POSTING',
  WITHHOLD_TAX = 'WITHHOLD_TAX',
}
registerEnumType(SavingsTransactionTypeEnum, {
  name: 'SavingsTransactionTypeEnum',
  description: "Kind of savings transaction (Fineract's savingsAccountTransactionType); transfers appear as a deposit on one account and a withdrawal on the other.",
  valuesConfig: {
    DEPOSIT: { description: 'Money into the account (a credit).' },
    WITHDRAWAL: { description: 'Money out of the account (a debit).' },
    INTEREST_POSTING: { description: "Savings interest posted to the account (a credit, Fineract's type 3)." },
    WITHHOLD_TAX: { description: "Tax withheld from posted interest (a debit, Fineract's type 18)." },
  },
});

export const accountTypeEnum = (accountType: string): AccountTypeEnum => (accountType === 'CURRENT' ? AccountTypeEnum.CURRENT : AccountTypeEnum.SAVINGS);
/** Fineract's transaction type ids of the enum's values. */
export const SAVINGS_TRANSACTION_TYPE_IDS: Record<SavingsTransactionTypeEnum, number> = { DEPOSIT: 1, WITHDRAWAL: 2, INTEREST_POSTING: 3, WITHHOLD_TAX: 18 };
export const savingsTransactionTypeEnum = (type: { id: number; deposit: boolean }): SavingsTransactionTypeEnum =>
  type.id === SAVINGS_TRANSACTION_TYPE_IDS.INTEREST_POSTING ? SavingsTransactionTypeEnum.INTEREST_POSTING
    : type.id === SAVINGS_TRANSACTION_TYPE_IDS.WITHHOLD_TAX ? SavingsTransactionTypeEnum.WITHHOLD_TAX
      : type.deposit ? SavingsTransactionTypeEnum.DEPOSIT : SavingsTransactionTypeEnum.WITHDRAWAL;

/**
 * A product input with its kind as the string REST sends, whichever form the GraphQL client chose: the enum
 * alone becomes the string; beside the string it must name the same kind
 * (`validation.msg.savingsproduct.accountTypeEnum.does.not.match.accountType` otherwise).
 */
export function withAccountTypeString<T extends { accountType?: string | null; accountTypeEnum?: AccountTypeEnum | null }>(input: T): Omit<T, 'accountTypeEnum'> {
  const { accountTypeEnum: chosen, ...rest } = input;
  if (chosen == null) return rest;
  if (rest.accountType != null && rest.accountType.trim().toUpperCase() !== chosen) {
    new Validator('savingsproduct')
      .fail('accountTypeEnum', 'does.not.match.accountType', `The parameter \`accountTypeEnum\` (${chosen}) names another kind than \`accountType\` (${rest.accountType}); send one of them, or both alike.`, chosen)
      .throwIfAny();
  }
  return { ...rest, accountType: chosen };
}
