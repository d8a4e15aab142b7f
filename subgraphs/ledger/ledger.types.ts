import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { connectionType } from '../kernel/connection.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

@Directive('@key(fields: "id")')
@ObjectType('GLAccount', { description: 'An account of the chart. type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense; usage: 1 detail, 2 header.' })
export class GLAccountType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'General-ledger account code (chart-of-accounts number, e.g. "21101").' }) glCode!: string;
  @Field(() => Int, { description: 'Id of the parent record, or null at the top of the tree.', nullable: true }) parentId!: number | null;
  @Field(() => EnumOption, { description: 'GL account type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense (Fineract\'s codes).' }) type!: EnumOption;
  @Field(() => EnumOption, { description: 'GL account usage: 1 detail (postable), 2 header (grouping only).' }) usage!: EnumOption;
  @Field({ description: 'True when journal entries may be posted to this GL account by hand.' }) manualEntriesAllowed!: boolean;
  @Field({ description: 'True when the record may no longer be used for new postings or logins.' }) disabled!: boolean;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'The name indented with "...." per level below the root.' }) nameDecorated!: string;
  @Field(() => GLAccountTagType, { description: "The account's tag (a value of AssetAccountTags, LiabilityAccountTags... by type), or null.", nullable: true }) tag!: GLAccountTagType | null;
}

@ObjectType('GLAccountTag', { description: 'A GL account tag: a code value of the tag list for the account\'s type.' })
export class GLAccountTagType {
  @Field(() => Int, { description: 'The code value\'s id.' }) id!: number;
  @Field(() => String, { description: 'The code value\'s name.', nullable: true }) name?: string | null;
}

@ObjectType('GLAccountBalance', { description: "A GL account's balance in one currency, on the account's normal side." })
export class GLAccountBalanceType {
  @Field({ description: 'ISO 4217 currency code of the balance.' }) currencyCode!: string;
  @Field(() => DecimalScalar, { description: 'Balance over all journal lines in this currency (decimal string).' }) amount!: string;
}

@ObjectType({ description: 'The GL account after an update, and what changed.' })
export class GLAccountChangePayload {
  @Field(() => GLAccountType, { description: 'The GL account after the command.' }) glAccount!: GLAccountType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'A new GL account, as Fineract\'s POST /glaccounts body.' })
export class CreateGLAccountInput {
  @Field(() => String, { description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'General-ledger account code (chart-of-accounts number, e.g. "21101").' }) glCode!: string;
  @Field(() => Int, { description: 'GL account type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense (Fineract\'s codes).' }) type!: number;
  @Field(() => Int, { description: 'GL account usage: 1 detail (postable), 2 header (grouping only).' }) usage!: number;
  @Field(() => Boolean, { description: 'True when journal entries may be posted to this GL account by hand.' }) manualEntriesAllowed!: boolean;
  @Field(() => Int, { description: 'Id of the parent record, or null at the top of the tree.', nullable: true }) parentId?: number | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description?: string | null;
  @Field(() => Boolean, { description: 'True when the record may no longer be used for new postings or logins.', nullable: true }) disabled?: boolean | null;
  @Field(() => Int, { description: 'A code value of the tag list for the account\'s type (AssetAccountTags for an asset...), or null for none.', nullable: true }) tagId?: number | null;
}

@InputType({ description: 'Changes to a GL account; omitted fields stay as they are.' })
export class UpdateGLAccountInput {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => String, { description: 'General-ledger account code (chart-of-accounts number, e.g. "21101").', nullable: true }) glCode?: string | null;
  @Field(() => Int, { description: 'GL account type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense (Fineract\'s codes).', nullable: true }) type?: number | null;
  @Field(() => Int, { description: 'GL account usage: 1 detail (postable), 2 header (grouping only).', nullable: true }) usage?: number | null;
  @Field(() => Boolean, { description: 'True when journal entries may be posted to this GL account by hand.', nullable: true }) manualEntriesAllowed?: boolean | null;
  @Field(() => Int, { description: 'Id of the parent record, or null at the top of the tree.', nullable: true }) parentId?: number | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description?: string | null;
  @Field(() => Boolean, { description: 'True when the record may no longer be used for new postings or logins.', nullable: true }) disabled?: boolean | null;
  @Field(() => Int, { description: 'A code value of the tag list for the account\'s type (AssetAccountTags for an asset...), or null for none.', nullable: true }) tagId?: number | null;
}

@Directive('@shareable')
@ObjectType('Currency', { description: 'A currency and how its amounts are shown (ISO 4217).' })
export class CurrencyType {
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) code!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'Decimal places amounts in this currency are kept to.' }) decimalPlaces!: number;
  @Field(() => Int, { description: 'Amounts are rounded to multiples of this many currency units; null or 0 for no rounding.', nullable: true }) inMultiplesOf!: number | null;
  @Field(() => String, { description: 'Symbol to show before amounts, e.g. "₦", or null.', nullable: true }) displaySymbol!: string | null;
  @Field({ description: 'Fineract\'s message key for the currency name, e.g. "currency.NGN".' }) nameCode!: string;
  @Field({ description: 'Label to show, e.g. "Nigerian Naira (₦)".' }) displayLabel!: string;
}

@ObjectType({ description: 'The currencies the tenant allows, and every currency it could allow.' })
export class CurrencyConfigurationType {
  @Field(() => [CurrencyType], { description: 'Currencies the tenant allows.' }) selectedCurrencyOptions!: CurrencyType[];
  @Field(() => [CurrencyType], { description: 'Every currency the tenant could allow.' }) currencyOptions!: CurrencyType[];
}

@InputType({ description: 'One debit or credit line of a manual journal entry.' })
export class JournalLineInput {
  @Field(() => Int, { description: 'Id of the general-ledger account.' }) glAccountId!: number;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => String, { nullable: true, description: "This line's own comment (Fineract's glAccountId, amount, comments); the entry's comments otherwise." }) comments?: string | null;
}

@InputType({ description: 'A manual journal entry, as Fineract\'s POST /journalentries body: debits must equal credits.' })
export class CreateJournalEntryInput {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => LocalDateScalar, { description: 'Business day of the transaction (YYYY-MM-DD).' }) transactionDate!: string;
  @Field(() => String, { description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => String, { description: 'Free-text comments, or null.', nullable: true }) comments?: string | null;
  @Field(() => String, { description: 'Reference number, or null.', nullable: true }) referenceNumber?: string | null;
  @Field(() => [JournalLineInput], { description: 'Credit lines (at least one); their amounts must sum to the debits\'.' }) credits!: JournalLineInput[];
  @Field(() => [JournalLineInput], { description: 'Debit lines (at least one); their amounts must sum to the credits\'.' }) debits!: JournalLineInput[];
  @Field(() => Int, { description: 'Id of the payment type (cash, transfer, cheque, ...), or null.', nullable: true }) paymentTypeId?: number | null;
  @Field(() => String, { description: 'Account number (a 10-digit NUBAN for deposit accounts).', nullable: true }) accountNumber?: string | null;
  @Field(() => String, { description: 'Cheque number of the payment, or null.', nullable: true }) checkNumber?: string | null;
  @Field(() => String, { description: 'Payment routing code, or null.', nullable: true }) routingCode?: string | null;
  @Field(() => String, { description: 'Receipt number of the payment, or null.', nullable: true }) receiptNumber?: string | null;
  @Field(() => String, { description: 'Bank number (sort code) of the payment, or null.', nullable: true }) bankNumber?: string | null;
}

@ObjectType('PaymentTypeRef', { description: 'A payment type (cash, transfer, cheque, ...), as referenced from a journal entry.' })
export class PaymentTypeRefType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
}

@ObjectType('PaymentDetail', { description: 'How a journal transaction was paid (Fineract paymentDetailData).' })
export class PaymentDetailType {
  @Field(() => PaymentTypeRefType, { description: 'Payment type (cash, transfer, cheque, ...), or null.' }) paymentType!: PaymentTypeRefType;
  @Field(() => String, { description: 'Account number (a 10-digit NUBAN for deposit accounts).', nullable: true }) accountNumber!: string | null;
  @Field(() => String, { description: 'Cheque number of the payment, or null.', nullable: true }) checkNumber!: string | null;
  @Field(() => String, { description: 'Payment routing code, or null.', nullable: true }) routingCode!: string | null;
  @Field(() => String, { description: 'Receipt number of the payment, or null.', nullable: true }) receiptNumber!: string | null;
  @Field(() => String, { description: 'Bank number (sort code) of the payment, or null.', nullable: true }) bankNumber!: string | null;
}

@Directive('@key(fields: "id")')
@ObjectType('JournalEntry', { description: 'One line of a journal transaction (all lines of a transaction share transactionId).' })
export class JournalEntryType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field(() => Int, { description: 'Id of the general-ledger account.' }) glAccountId!: number;
  @Field({ description: 'GL code of the account posted to.' }) glAccountCode!: string;
  @Field({ description: 'Name of the GL account posted to.' }) glAccountName!: string;
  @Field(() => EnumOption, { description: 'Type of the GL account: asset, liability, equity, income or expense.' }) glAccountType!: EnumOption;
  @Field(() => LocalDateScalar, { description: 'Business day of the transaction (YYYY-MM-DD).' }) transactionDate!: string;
  @Field(() => EnumOption, { description: '1 CREDIT, 2 DEBIT.' }) entryType!: EnumOption;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => CurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: CurrencyType;
  @Field({ description: 'Id of the transaction concerned.' }) transactionId!: string;
  @Field({ description: 'True when the entry was posted by hand rather than by a transaction.' }) manualEntry!: boolean;
  @Field({ description: 'True when the transaction was reversed; a reversed transaction no longer counts in balances.' }) reversed!: boolean;
  @Field(() => String, { description: 'Transaction id of the entry that reverses this one, or null.', nullable: true }) reversalTransactionId!: string | null;
  @Field(() => String, { description: 'Id of the transaction this one reverses, or null.', nullable: true }) reversalOf!: string | null;
  @Field(() => EnumOption, { description: 'Kind of record concerned.', nullable: true }) entityType!: EnumOption | null;
  @Field(() => Int, { description: 'Id of the record concerned.', nullable: true }) entityId!: number | null;
  @Field(() => String, { description: 'Reference number, or null.', nullable: true }) referenceNumber!: string | null;
  @Field(() => String, { description: 'Free-text comments, or null.', nullable: true }) comments!: string | null;
  @Field(() => Int, { description: 'Id of the user who created the record.', nullable: true }) createdByUserId!: number | null;
  @Field(() => String, { description: 'Day it was created (YYYY-MM-DD).', nullable: true }) createdDate!: string | null;
  @Field(() => PaymentDetailType, { description: 'Payment details (payment type, receipt, cheque numbers), or null.', nullable: true }) paymentDetailData!: PaymentDetailType | null;
  @Field(() => DecimalScalar, { nullable: true, description: "With runningBalance: the account's balance in this office after this line (normal side positive)." }) officeRunningBalance?: string | null;
  @Field(() => DecimalScalar, { nullable: true, description: "With runningBalance: the account's balance across offices after this line." }) organizationRunningBalance?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'True when the running balances were computed (runningBalance asked).' }) runningBalanceComputed?: boolean | null;
}

@ObjectType({ description: 'A page of journal entry lines.' })
export class JournalEntryPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [JournalEntryType], { description: 'The records of this page, in the requested order.' }) pageItems!: JournalEntryType[];
}

@ObjectType('JournalLine', { description: 'One debit or credit line of a journal entry.' })
export class JournalLineType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the general-ledger account.' }) glAccountId!: number;
  @Field({ description: 'General-ledger account code (chart-of-accounts number, e.g. "21101").' }) glCode!: string;
  @Field(() => EnumOption, { description: 'Side of the entry: CREDIT or DEBIT.' }) entryType!: EnumOption;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
}

@ObjectType('JournalTransaction', { description: 'A posted journal transaction: balanced lines sharing one transactionId.' })
export class JournalTransactionType {
  @Field({ description: 'Id of the transaction concerned.' }) transactionId!: string;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => LocalDateScalar, { description: 'Business day of the transaction (YYYY-MM-DD).' }) transactionDate!: string;
  @Field({ description: 'True when the entry was posted by hand rather than by a transaction.' }) manualEntry!: boolean;
  @Field(() => DecimalScalar, { description: 'Sum of the debits (equal to the sum of the credits).' }) amount!: string;
  @Field(() => String, { description: 'Id of the transaction this one reverses, or null.', nullable: true }) reversalOf!: string | null;
  @Field(() => Int, { description: 'The id of the first line, the REST resourceId.' }) resourceId!: number;
  @Field(() => [JournalLineType], { description: 'Debit and credit lines; debits equal credits.' }) lines!: JournalLineType[];
}

@Directive('@key(fields: "id")')
@ObjectType('GLClosure', { description: 'An accounting closure: no journal entry may be posted to its office on or before closingDate.' })
export class GLClosureType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field(() => LocalDateScalar, { description: 'Last day of the closed period (YYYY-MM-DD).' }) closingDate!: string;
  @Field(() => String, { description: 'Free-text comments, or null.', nullable: true }) comments!: string | null;
  @Field({ description: 'True when the closure was removed (the period is open again).' }) deleted!: boolean;
  @Field(() => Int, { description: 'Id of the user who created the record.', nullable: true }) createdByUserId!: number | null;
}

@ObjectType({ description: 'The closure after an update, and what changed.' })
export class GLClosureChangePayload {
  @Field(() => GLClosureType, { description: 'The closure after the command.' }) glClosure!: GLClosureType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'Fields of an accounting closure to change: only its comments can change.' })
export class UpdateGLClosureInput {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.', nullable: true }) officeId?: number | null;
  @Field(() => LocalDateScalar, { description: 'Last day of the closed period (YYYY-MM-DD).', nullable: true }) closingDate?: string | null;
  @Field(() => String, { description: 'Free-text comments, or null.', nullable: true }) comments?: string | null;
}

/** The update's fields, with the office and the day a new closure cannot do without non-null. */
@InputType({ description: 'An accounting closure of an office up to a day.' })
export class CreateGLClosureInput extends UpdateGLClosureInput {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) override officeId!: number;
  @Field(() => LocalDateScalar, { description: 'Last day of the closed period (YYYY-MM-DD).' }) override closingDate!: string;
}

@ObjectType('TrialBalanceRow', { description: 'One GL account\'s line of the trial balance.' })
export class TrialBalanceRowType {
  @Field(() => Int, { description: 'Id of the general-ledger account.' }) glAccountId!: number;
  @Field({ description: 'General-ledger account code (chart-of-accounts number, e.g. "21101").' }) glCode!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'GL account type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense.' }) type!: number;
  @Field(() => DecimalScalar, { description: 'Debit amount (decimal string).' }) debit!: string;
  @Field(() => DecimalScalar, { description: 'Credit amount (decimal string).' }) credit!: string;
}

@ObjectType('TrialBalance', { description: 'Trial balance: every GL account\'s debits and credits over a period; totals are equal when the books balance.' })
export class TrialBalanceType {
  @Field(() => [TrialBalanceRowType], { description: 'The data rows, in display order.' }) rows!: TrialBalanceRowType[];
  @Field(() => DecimalScalar, { description: 'Sum of debits (decimal string).' }) totalDebit!: string;
  @Field(() => DecimalScalar, { description: 'Sum of credits (decimal string).' }) totalCredit!: string;
}

@ObjectType('StatementRow', { description: 'One GL account\'s line of a financial statement.' })
export class StatementRowType {
  @Field(() => Int, { description: 'Id of the general-ledger account.', nullable: true }) glAccountId!: number | null;
  @Field({ description: 'General-ledger account code (chart-of-accounts number, e.g. "21101").' }) glCode!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'GL account type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense.' }) type!: number;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
}

@ObjectType('BalanceSheet', { description: 'Balance sheet at a day: assets, liabilities and equity.' })
export class BalanceSheetType {
  @Field(() => [StatementRowType], { description: 'The data rows, in display order.' }) rows!: StatementRowType[];
  @Field(() => DecimalScalar, { description: 'Total assets (decimal string).' }) totalAssets!: string;
  @Field(() => DecimalScalar, { description: 'Total liabilities (decimal string).' }) totalLiabilities!: string;
  @Field(() => DecimalScalar, { description: 'Total equity, current earnings included (decimal string).' }) totalEquity!: string;
}

@ObjectType('IncomeStatement', { description: 'Income statement over a period: income, expenses and net income.' })
export class IncomeStatementType {
  @Field(() => [StatementRowType], { description: 'The data rows, in display order.' }) rows!: StatementRowType[];
  @Field(() => DecimalScalar, { description: 'Total income (decimal string).' }) totalIncome!: string;
  @Field(() => DecimalScalar, { description: 'Total expenses (decimal string).' }) totalExpense!: string;
  @Field(() => DecimalScalar, { description: 'Income less expenses (decimal string).' }) netIncome!: string;
}

@ObjectType('ReportColumnHeader', { description: 'Name and type of a report column (Fineract\'s `columnHeaders`).' })
export class ReportColumnHeaderType {
  @Field({ description: 'Column name.' }) columnName!: string;
  @Field({ description: 'SQL type of the column, e.g. "VARCHAR" or "DECIMAL".' }) columnType!: string;
  @Field({ description: 'How to show it: TEXT, DATE, DECIMAL, INTEGER.' }) columnDisplayType!: string;
  @Field({ description: 'The LedgerReportRow field holding this column.' }) field!: string;
}

@ObjectType('LedgerReportRow', { description: 'One row of a ledger report, its cells in column order.' })
export class LedgerReportRowType {
  @Field(() => Int, { description: 'Id of the general-ledger account.', nullable: true }) glAccountId?: number | null;
  @Field(() => String, { description: 'General-ledger account code (chart-of-accounts number, e.g. "21101").', nullable: true }) glCode?: string | null;
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => Int, { description: 'GL account type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense.', nullable: true }) type?: number | null;
  @Field(() => String, { description: 'GL account type name, or null.', nullable: true }) typeName?: string | null;
  @Field(() => DecimalScalar, { description: 'Debit amount (decimal string).', nullable: true }) debit?: string | null;
  @Field(() => DecimalScalar, { description: 'Credit amount (decimal string).', nullable: true }) credit?: string | null;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").', nullable: true }) amount?: string | null;
}

@ObjectType('ReportParameter', { description: "A report parameter as Fineract's FullParameterList row describes it." })
export class ReportParameterType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'Name to send the value under, e.g. "startDate" (as R_startDate over REST).' }) variable!: string;
  @Field({ description: 'Label to show next to the input.' }) label!: string;
  @Field({ description: 'Kind of input: date, select, text, ...' }) displayType!: string;
  @Field({ description: 'Format of the value: DATE, INTEGER, DECIMAL, STRING.' }) formatType!: string;
  @Field({ description: 'Value used when none is given.' }) defaultValue!: string;
  @Field(() => String, { description: 'Label of the "choose one" entry of a select, or null.', nullable: true }) selectOne!: string | null;
}

@ObjectType('ReportDefinition', { description: "A report /runreports serves, as Fineract's GET /reports lists it." })
export class ReportDefinitionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'Report type, e.g. "Table".' }) type!: string;
  @Field(() => String, { description: 'Report sub-type, e.g. "Trial Balance", or null.', nullable: true }) subType!: string | null;
  @Field({ description: 'Category the report is listed under.' }) category!: string;
  @Field({ description: 'Free-text description, or null when none was given.' }) description!: string;
  @Field(() => [ReportParameterType], { description: 'Parameters the report takes.' }) parameters!: ReportParameterType[];
}

@ObjectType('LedgerReport', { description: 'A ledger report in the /runreports shape: column headers and typed rows.' })
export class LedgerReportType {
  @Field({ description: 'Name of the report run.' }) reportName!: string;
  @Field(() => [ReportColumnHeaderType], { description: 'Columns, in row order.' }) columnHeaders!: ReportColumnHeaderType[];
  @Field(() => [LedgerReportRowType], { description: 'The data rows, in display order.' }) rows!: LedgerReportRowType[];
}

export const JournalEntryConnectionType = connectionType(JournalEntryType, 'JournalEntry', 'journal entry line');
