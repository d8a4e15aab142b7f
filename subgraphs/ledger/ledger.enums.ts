import { registerEnumType } from 'type-graphql';
import { ENTRY_CREDIT, ENTRY_DEBIT } from './ledger.entities.js';

/** The side of a journal line as a GraphQL enum, beside Fineract's `entryType` `{id, code, value}`. */
export enum JournalEntryTypeEnum {
  CREDIT = 'CREDIT',
  DEBIT = 'DEBIT',
}
registerEnumType(JournalEntryTypeEnum, {
  name: 'JournalEntryTypeEnum',
  description: "Side of a journal line (Fineract's journalEntryType; its id in brackets).",
  valuesConfig: {
    CREDIT: { description: 'A credit: increases liabilities, equity and income, decreases assets and expenses (1).' },
    DEBIT: { description: 'A debit: increases assets and expenses, decreases liabilities, equity and income (2).' },
  },
});

export const journalEntryTypeEnum = (entryTypeId: number): JournalEntryTypeEnum => (entryTypeId === ENTRY_CREDIT ? JournalEntryTypeEnum.CREDIT : JournalEntryTypeEnum.DEBIT);
export const journalEntryTypeId = (entryType: JournalEntryTypeEnum): number => (entryType === JournalEntryTypeEnum.CREDIT ? ENTRY_CREDIT : ENTRY_DEBIT);
