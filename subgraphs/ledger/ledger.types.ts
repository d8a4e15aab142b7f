import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

@Directive('@key(fields: "id")')
@ObjectType('GLAccount', { description: 'An account of the chart. type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense; usage: 1 detail, 2 header.' })
export class GLAccountType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() glCode!: string;
  @Field(() => Int, { nullable: true }) parentId!: number | null;
  @Field(() => EnumOption) type!: EnumOption;
  @Field(() => EnumOption) usage!: EnumOption;
  @Field() manualEntriesAllowed!: boolean;
  @Field() disabled!: boolean;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field({ description: 'The name indented with "...." per level below the root.' }) nameDecorated!: string;
}

@ObjectType()
export class GLAccountChangePayload {
  @Field(() => GLAccountType) glAccount!: GLAccountType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class CreateGLAccountInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) glCode?: string | null;
  @Field(() => Int, { nullable: true }) type?: number | null;
  @Field(() => Int, { nullable: true }) usage?: number | null;
  @Field(() => Boolean, { nullable: true }) manualEntriesAllowed?: boolean | null;
  @Field(() => Int, { nullable: true }) parentId?: number | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) disabled?: boolean | null;
}

@InputType()
export class UpdateGLAccountInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) glCode?: string | null;
  @Field(() => Int, { nullable: true }) type?: number | null;
  @Field(() => Int, { nullable: true }) usage?: number | null;
  @Field(() => Boolean, { nullable: true }) manualEntriesAllowed?: boolean | null;
  @Field(() => Int, { nullable: true }) parentId?: number | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) disabled?: boolean | null;
}

@Directive('@shareable')
@ObjectType('Currency')
export class CurrencyType {
  @Field() code!: string;
  @Field() name!: string;
  @Field(() => Int) decimalPlaces!: number;
  @Field(() => Int, { nullable: true }) inMultiplesOf!: number | null;
  @Field(() => String, { nullable: true }) displaySymbol!: string | null;
  @Field() nameCode!: string;
  @Field() displayLabel!: string;
}

@ObjectType()
export class CurrencyConfigurationType {
  @Field(() => [CurrencyType]) selectedCurrencyOptions!: CurrencyType[];
  @Field(() => [CurrencyType]) currencyOptions!: CurrencyType[];
}

@InputType()
export class JournalLineInput {
  @Field(() => Int, { nullable: true }) glAccountId?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) amount?: string | null;
  @Field(() => String, { nullable: true, description: "This line's own comment (Fineract's glAccountId, amount, comments); the entry's comments otherwise." }) comments?: string | null;
}

@InputType()
export class CreateJournalEntryInput {
  @Field(() => Int, { nullable: true }) officeId?: number | null;
  @Field(() => LocalDateScalar, { nullable: true }) transactionDate?: string | null;
  @Field(() => String, { nullable: true }) currencyCode?: string | null;
  @Field(() => String, { nullable: true }) comments?: string | null;
  @Field(() => String, { nullable: true }) referenceNumber?: string | null;
  @Field(() => [JournalLineInput], { nullable: true }) credits?: JournalLineInput[] | null;
  @Field(() => [JournalLineInput], { nullable: true }) debits?: JournalLineInput[] | null;
  @Field(() => Int, { nullable: true }) paymentTypeId?: number | null;
  @Field(() => String, { nullable: true }) accountNumber?: string | null;
  @Field(() => String, { nullable: true }) checkNumber?: string | null;
  @Field(() => String, { nullable: true }) routingCode?: string | null;
  @Field(() => String, { nullable: true }) receiptNumber?: string | null;
  @Field(() => String, { nullable: true }) bankNumber?: string | null;
}

@ObjectType('PaymentTypeRef')
export class PaymentTypeRefType {
  @Field(() => Int) id!: number;
  @Field(() => String, { nullable: true }) name?: string | null;
}

@ObjectType('PaymentDetail', { description: 'How a journal transaction was paid (Fineract paymentDetailData).' })
export class PaymentDetailType {
  @Field(() => PaymentTypeRefType) paymentType!: PaymentTypeRefType;
  @Field(() => String, { nullable: true }) accountNumber!: string | null;
  @Field(() => String, { nullable: true }) checkNumber!: string | null;
  @Field(() => String, { nullable: true }) routingCode!: string | null;
  @Field(() => String, { nullable: true }) receiptNumber!: string | null;
  @Field(() => String, { nullable: true }) bankNumber!: string | null;
}

@Directive('@key(fields: "id")')
@ObjectType('JournalEntry', { description: 'One line of a journal transaction (all lines of a transaction share transactionId).' })
export class JournalEntryType {
  @Field(() => Int) id!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => Int) glAccountId!: number;
  @Field() glAccountCode!: string;
  @Field() glAccountName!: string;
  @Field(() => EnumOption) glAccountType!: EnumOption;
  @Field(() => LocalDateScalar) transactionDate!: string;
  @Field(() => EnumOption, { description: '1 CREDIT, 2 DEBIT.' }) entryType!: EnumOption;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => CurrencyType) currency!: CurrencyType;
  @Field() transactionId!: string;
  @Field() manualEntry!: boolean;
  @Field() reversed!: boolean;
  @Field(() => String, { nullable: true }) reversalTransactionId!: string | null;
  @Field(() => String, { nullable: true }) reversalOf!: string | null;
  @Field(() => EnumOption, { nullable: true }) entityType!: EnumOption | null;
  @Field(() => Int, { nullable: true }) entityId!: number | null;
  @Field(() => String, { nullable: true }) referenceNumber!: string | null;
  @Field(() => String, { nullable: true }) comments!: string | null;
  @Field(() => Int, { nullable: true }) createdByUserId!: number | null;
  @Field(() => String, { nullable: true }) createdDate!: string | null;
  @Field(() => PaymentDetailType, { nullable: true }) paymentDetailData!: PaymentDetailType | null;
  @Field(() => DecimalScalar, { nullable: true, description: "With runningBalance: the account's balance in this office after this line (normal side positive)." }) officeRunningBalance?: string | null;
  @Field(() => DecimalScalar, { nullable: true, description: "With runningBalance: the account's balance across offices after this line." }) organizationRunningBalance?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'True when the running balances were computed (runningBalance asked).' }) runningBalanceComputed?: boolean | null;
}

@ObjectType()
export class JournalEntryPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [JournalEntryType]) pageItems!: JournalEntryType[];
}

@ObjectType('JournalLine')
export class JournalLineType {
  @Field(() => Int) id!: number;
  @Field(() => Int) glAccountId!: number;
  @Field() glCode!: string;
  @Field(() => EnumOption) entryType!: EnumOption;
  @Field(() => DecimalScalar) amount!: string;
}

@ObjectType('JournalTransaction', { description: 'A posted journal transaction: balanced lines sharing one transactionId.' })
export class JournalTransactionType {
  @Field() transactionId!: string;
  @Field(() => Int) officeId!: number;
  @Field() currencyCode!: string;
  @Field(() => LocalDateScalar) transactionDate!: string;
  @Field() manualEntry!: boolean;
  @Field(() => DecimalScalar, { description: 'Sum of the debits (equal to the sum of the credits).' }) amount!: string;
  @Field(() => String, { nullable: true }) reversalOf!: string | null;
  @Field(() => Int, { description: 'The id of the first line, the REST resourceId.' }) resourceId!: number;
  @Field(() => [JournalLineType]) lines!: JournalLineType[];
}

@Directive('@key(fields: "id")')
@ObjectType('GLClosure')
export class GLClosureType {
  @Field(() => Int) id!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => LocalDateScalar) closingDate!: string;
  @Field(() => String, { nullable: true }) comments!: string | null;
  @Field() deleted!: boolean;
  @Field(() => Int, { nullable: true }) createdByUserId!: number | null;
}

@ObjectType()
export class GLClosureChangePayload {
  @Field(() => GLClosureType) glClosure!: GLClosureType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class GLClosureInput {
  @Field(() => Int, { nullable: true }) officeId?: number | null;
  @Field(() => LocalDateScalar, { nullable: true }) closingDate?: string | null;
  @Field(() => String, { nullable: true }) comments?: string | null;
}

@ObjectType('TrialBalanceRow')
export class TrialBalanceRowType {
  @Field(() => Int) glAccountId!: number;
  @Field() glCode!: string;
  @Field() name!: string;
  @Field(() => Int) type!: number;
  @Field(() => DecimalScalar) debit!: string;
  @Field(() => DecimalScalar) credit!: string;
}

@ObjectType('TrialBalance')
export class TrialBalanceType {
  @Field(() => [TrialBalanceRowType]) rows!: TrialBalanceRowType[];
  @Field(() => DecimalScalar) totalDebit!: string;
  @Field(() => DecimalScalar) totalCredit!: string;
}

@ObjectType('StatementRow')
export class StatementRowType {
  @Field(() => Int, { nullable: true }) glAccountId!: number | null;
  @Field() glCode!: string;
  @Field() name!: string;
  @Field(() => Int) type!: number;
  @Field(() => DecimalScalar) amount!: string;
}

@ObjectType('BalanceSheet')
export class BalanceSheetType {
  @Field(() => [StatementRowType]) rows!: StatementRowType[];
  @Field(() => DecimalScalar) totalAssets!: string;
  @Field(() => DecimalScalar) totalLiabilities!: string;
  @Field(() => DecimalScalar) totalEquity!: string;
}

@ObjectType('IncomeStatement')
export class IncomeStatementType {
  @Field(() => [StatementRowType]) rows!: StatementRowType[];
  @Field(() => DecimalScalar) totalIncome!: string;
  @Field(() => DecimalScalar) totalExpense!: string;
  @Field(() => DecimalScalar) netIncome!: string;
}

@ObjectType('ReportColumnHeader')
export class ReportColumnHeaderType {
  @Field() columnName!: string;
  @Field() columnType!: string;
  @Field() columnDisplayType!: string;
  @Field({ description: 'The LedgerReportRow field holding this column.' }) field!: string;
}

@ObjectType('LedgerReportRow')
export class LedgerReportRowType {
  @Field(() => Int, { nullable: true }) glAccountId?: number | null;
  @Field(() => String, { nullable: true }) glCode?: string | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => Int, { nullable: true }) type?: number | null;
  @Field(() => String, { nullable: true }) typeName?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) debit?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) credit?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) amount?: string | null;
}

@ObjectType('ReportParameter', { description: "A report parameter as Fineract's FullParameterList row describes it." })
export class ReportParameterType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() variable!: string;
  @Field() label!: string;
  @Field() displayType!: string;
  @Field() formatType!: string;
  @Field() defaultValue!: string;
  @Field(() => String, { nullable: true }) selectOne!: string | null;
}

@ObjectType('ReportDefinition', { description: "A report /runreports serves, as Fineract's GET /reports lists it." })
export class ReportDefinitionType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() type!: string;
  @Field(() => String, { nullable: true }) subType!: string | null;
  @Field() category!: string;
  @Field() description!: string;
  @Field(() => [ReportParameterType]) parameters!: ReportParameterType[];
}

@ObjectType('LedgerReport', { description: 'A ledger report in the /runreports shape: column headers and typed rows.' })
export class LedgerReportType {
  @Field() reportName!: string;
  @Field(() => [ReportColumnHeaderType]) columnHeaders!: ReportColumnHeaderType[];
  @Field(() => [LedgerReportRowType]) rows!: LedgerReportRowType[];
}
