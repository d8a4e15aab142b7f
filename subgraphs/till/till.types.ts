import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

/** The organisation subgraph's Staff, referenced by id. */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Staff')
export class StaffReference {
  @Field(() => Int) id!: number;
}

@ObjectType('Teller', { description: 'A counter position at a branch (Fineract teller). status: 300 active, 400 inactive.' })
export class TellerType {
  @Field(() => Int) id!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => LocalDateScalar) startDate!: string;
  @Field(() => LocalDateScalar, { nullable: true }) endDate!: string | null;
  @Field(() => EnumOption) status!: EnumOption;
}

@ObjectType()
export class TellerChangePayload {
  @Field(() => TellerType) teller!: TellerType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@Directive('@key(fields: "id")')
@ObjectType('Cashier', { description: 'A staff member assigned to a teller for a date range; their till is one drawer per business date.' })
export class CashierType {
  @Field(() => Int) id!: number;
  @Field(() => Int) tellerId!: number;
  @Field(() => String, { nullable: true }) tellerName?: string | null;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => Int) staffId!: number;
  @Field(() => String, { nullable: true }) staffName?: string | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => LocalDateScalar) startDate!: string;
  @Field(() => LocalDateScalar) endDate!: string;
  @Field() isFullDay!: boolean;
  @Field(() => String, { nullable: true }) startTime!: string | null;
  @Field(() => String, { nullable: true }) endTime!: string | null;
}

@ObjectType('CashierChangePayload')
export class CashierChangePayload {
  @Field(() => CashierType) cashier!: CashierType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@ObjectType('CashiersForTeller', { description: "Fineract's GET /tellers/{id}/cashiers." })
export class CashiersForTellerType {
  @Field(() => Int) tellerId!: number;
  @Field() tellerName!: string;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => LocalDateScalar) startDate!: string;
  @Field(() => LocalDateScalar, { nullable: true }) endDate!: string | null;
  @Field(() => [CashierType]) cashiers!: CashierType[];
}

@ObjectType('StaffOption')
export class StaffOptionType {
  @Field(() => Int) id!: number;
  @Field() displayName!: string;
  @Field(() => Int) officeId!: number;
  @Field() isActive!: boolean;
}

@ObjectType('CashierTemplate')
export class CashierTemplateType {
  @Field(() => Int) tellerId!: number;
  @Field() tellerName!: string;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => [StaffOptionType]) staffOptions!: StaffOptionType[];
}

@ObjectType('CashierTransaction', { description: 'txnType: 101 Allocate, 102 Settle, 103 Cash In, 104 Cash Out.' })
export class CashierTransactionType {
  @Field(() => Int) id!: number;
  @Field(() => Int) cashierId!: number;
  @Field(() => Int) tellerId!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => EnumOption) txnType!: EnumOption;
  @Field(() => DecimalScalar) txnAmount!: string;
  @Field(() => LocalDateScalar) txnDate!: string;
  @Field(() => String, { nullable: true }) txnNote!: string | null;
  @Field(() => String) currencyCode!: string;
  @Field(() => String, { nullable: true }) entityType!: string | null;
  @Field(() => Int, { nullable: true }) entityId!: number | null;
  @Field(() => String, { nullable: true, description: 'The savings or loan transaction that moved the cash.' }) sourceTransactionId!: string | null;
  @Field(() => String, { nullable: true, description: 'The journal transaction (T<id>) of allocations and settlements.' }) journalTransactionId!: string | null;
  @Field(() => Int, { nullable: true }) createdByUserId!: number | null;
  @Field(() => String, { nullable: true }) createdDate!: string | null;
}

@ObjectType('CashierTransactionPage')
export class CashierTransactionPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [CashierTransactionType]) pageItems!: CashierTransactionType[];
}

@ObjectType('CashierSummary', { description: "Fineract's summaryandtransactions; netCash = allocations + cash in - cash out - settlements." })
export class CashierSummaryType {
  @Field(() => Int) cashierId!: number;
  @Field(() => String, { nullable: true }) cashierName?: string | null;
  @Field(() => Int) staffId!: number;
  @Field(() => Int) tellerId!: number;
  @Field() tellerName!: string;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => DecimalScalar) sumCashAllocation!: string;
  @Field(() => DecimalScalar) sumInwardCash!: string;
  @Field(() => DecimalScalar) sumOutwardCash!: string;
  @Field(() => DecimalScalar) sumCashSettlement!: string;
  @Field(() => DecimalScalar) netCash!: string;
  @Field(() => CashierTransactionPageType) cashierTransactions!: CashierTransactionPageType;
}

@ObjectType('Till', { description: 'One cashier\'s drawer for one business date: open from its first allocation until settled.' })
export class TillType {
  @Field(() => Int) cashierId!: number;
  @Field(() => LocalDateScalar) date!: string;
  @Field(() => String, { nullable: true }) currencyCode!: string | null;
  @Field(() => DecimalScalar) balance!: string;
  @Field({ description: 'True once cash was allocated that day.' }) allocated!: boolean;
  @Field() settled!: boolean;
  @Field({ description: 'Allocated and not settled: cash transactions are accepted.' }) open!: boolean;
  @Field(() => [CashierTransactionType]) transactions!: CashierTransactionType[];
}

@ObjectType('CashierSettlement', { description: 'The end-of-day reconciliation of one till; variance = countedAmount - systemBalance.' })
export class CashierSettlementType {
  @Field(() => Int) cashierId!: number;
  @Field(() => Int, { description: 'Same as cashierId (the REST response\'s resourceId).' }) resourceId!: number;
  @Field(() => LocalDateScalar) date!: string;
  @Field() currencyCode!: string;
  @Field(() => DecimalScalar) systemBalance!: string;
  @Field(() => DecimalScalar) countedAmount!: string;
  @Field(() => DecimalScalar) variance!: string;
  @Field(() => Int, { nullable: true }) settledByUserId!: number | null;
  @Field(() => String, { nullable: true }) settledAt!: string | null;
}

@ObjectType('CashTransactionResult')
export class CashTransactionResultType {
  @Field(() => Int) tellerId!: number;
  @Field(() => Int) cashierId!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => Int) transactionId!: number;
}

@InputType()
export class TellerInput {
  @Field(() => Int, { nullable: true }) officeId?: number | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) startDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) endDate?: string | null;
  @Field(() => Int, { nullable: true, description: '300 active, 400 inactive.' }) status?: number | null;
}

@InputType()
export class CashierInput {
  @Field(() => Int, { nullable: true }) staffId?: number | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) startDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) endDate?: string | null;
  @Field(() => Boolean, { nullable: true }) isFullDay?: boolean | null;
  @Field(() => String, { nullable: true, description: 'HH:mm, when not full day.' }) startTime?: string | null;
  @Field(() => String, { nullable: true, description: 'HH:mm, when not full day.' }) endTime?: string | null;
  @Field(() => Int, { nullable: true }) hourStartTime?: number | null;
  @Field(() => Int, { nullable: true }) minStartTime?: number | null;
  @Field(() => Int, { nullable: true }) hourEndTime?: number | null;
  @Field(() => Int, { nullable: true }) minEndTime?: number | null;
}

@InputType()
export class CashTransactionInput {
  @Field(() => DecimalScalar, { nullable: true }) txnAmount?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) txnDate?: string | null;
  @Field(() => String, { nullable: true }) txnNote?: string | null;
  @Field(() => String, { nullable: true }) currencyCode?: string | null;
}

@InputType()
export class SettleCashierInput {
  @Field(() => LocalDateScalar, { nullable: true, description: 'The business date whose till is closed.' }) endDate?: string | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Cash counted in the drawer; the system balance when absent.' }) countedAmount?: string | null;
}
