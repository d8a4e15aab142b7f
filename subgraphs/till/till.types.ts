import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

/** The organisation subgraph's Staff, referenced by id. */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Staff', { description: 'A staff member of an office (loan officers included); not necessarily a user who can log in.' })
export class StaffReference {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
}

@ObjectType('Teller', { description: 'A counter position at a branch (Fineract teller). status: 300 active, 400 inactive.' })
export class TellerType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field(() => LocalDateScalar, { description: 'First day of the period (YYYY-MM-DD).' }) startDate!: string;
  @Field(() => LocalDateScalar, { description: 'Last day of the period (YYYY-MM-DD), or null when open-ended.', nullable: true }) endDate!: string | null;
  @Field(() => EnumOption, { description: 'Lifecycle status (see the type for its codes and flags).' }) status!: EnumOption;
}

@ObjectType({ description: 'The teller after an update, and what changed.' })
export class TellerChangePayload {
  @Field(() => TellerType, { description: 'The teller after the command.' }) teller!: TellerType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@Directive('@key(fields: "id")')
@ObjectType('Cashier', { description: 'A staff member assigned to a teller for a date range; their till is one drawer per business date.' })
export class CashierType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the teller (a branch\'s till group).' }) tellerId!: number;
  @Field(() => String, { description: 'Name of the teller (a branch\'s till group).', nullable: true }) tellerName?: string | null;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.' }) staffId!: number;
  @Field(() => String, { description: 'Display name of the staff member concerned, or null.', nullable: true }) staffName?: string | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field(() => LocalDateScalar, { description: 'First day of the period (YYYY-MM-DD).' }) startDate!: string;
  @Field(() => LocalDateScalar, { description: 'Last day of the period (YYYY-MM-DD), or null when open-ended.' }) endDate!: string;
  @Field({ description: 'True for a whole-day holiday.' }) isFullDay!: boolean;
  @Field(() => String, { description: 'Time of day the cashier\'s shift starts (HH:mm), or null for all day.', nullable: true }) startTime!: string | null;
  @Field(() => String, { description: 'Time of day the cashier\'s shift ends (HH:mm), or null for all day.', nullable: true }) endTime!: string | null;
}

@ObjectType('CashierChangePayload', { description: 'The cashier allocation after an update, and what changed.' })
export class CashierChangePayload {
  @Field(() => CashierType, { description: 'The cashier allocation after the command.' }) cashier!: CashierType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType('CashiersForTeller', { description: "Fineract's GET /tellers/{id}/cashiers." })
export class CashiersForTellerType {
  @Field(() => Int, { description: 'Id of the teller (a branch\'s till group).' }) tellerId!: number;
  @Field({ description: 'Name of the teller (a branch\'s till group).' }) tellerName!: string;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field(() => LocalDateScalar, { description: 'First day of the period (YYYY-MM-DD).' }) startDate!: string;
  @Field(() => LocalDateScalar, { description: 'Last day of the period (YYYY-MM-DD), or null when open-ended.', nullable: true }) endDate!: string | null;
  @Field(() => [CashierType], { description: 'Cashiers allocated to the teller.' }) cashiers!: CashierType[];
}

@ObjectType('StaffOption', { description: 'A staff member to choose from.' })
export class StaffOptionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Name to display: the person\'s names joined, or the entity\'s full name.' }) displayName!: string;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field({ description: 'True when the record is in use.' }) isActive!: boolean;
}

@ObjectType('CashierTemplate', { description: 'Defaults and choices for allocating a cashier to a teller.' })
export class CashierTemplateType {
  @Field(() => Int, { description: 'Id of the teller (a branch\'s till group).' }) tellerId!: number;
  @Field({ description: 'Name of the teller (a branch\'s till group).' }) tellerName!: string;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field(() => [StaffOptionType], { description: 'Staff members who may be allocated as cashier.' }) staffOptions!: StaffOptionType[];
}

@ObjectType('CashierTransaction', { description: 'txnType: 101 Allocate, 102 Settle, 103 Cash In, 104 Cash Out.' })
export class CashierTransactionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the cashier (a staff member allocated to a teller).' }) cashierId!: number;
  @Field(() => Int, { description: 'Id of the teller (a branch\'s till group).' }) tellerId!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => EnumOption, { description: 'Kind of cash movement: allocation, settlement, inward or outward cash.' }) txnType!: EnumOption;
  @Field(() => DecimalScalar, { description: 'Amount of the transaction (decimal string).' }) txnAmount!: string;
  @Field(() => LocalDateScalar, { description: 'Business day of the transaction (YYYY-MM-DD).' }) txnDate!: string;
  @Field(() => String, { description: 'Free-text note of the transaction.', nullable: true }) txnNote!: string | null;
  @Field(() => String, { description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => String, { description: 'Kind of record concerned.', nullable: true }) entityType!: string | null;
  @Field(() => Int, { description: 'Id of the record concerned.', nullable: true }) entityId!: number | null;
  @Field(() => String, { nullable: true, description: 'The savings or loan transaction that moved the cash.' }) sourceTransactionId!: string | null;
  @Field(() => String, { nullable: true, description: 'The journal transaction (T<id>) of allocations and settlements.' }) journalTransactionId!: string | null;
  @Field(() => Int, { description: 'Id of the user who created the record.', nullable: true }) createdByUserId!: number | null;
  @Field(() => String, { description: 'Day it was created (YYYY-MM-DD).', nullable: true }) createdDate!: string | null;
}

@ObjectType('CashierTransactionPage', { description: 'A page of a cashier\'s cash movements.' })
export class CashierTransactionPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [CashierTransactionType], { description: 'The records of this page, in the requested order.' }) pageItems!: CashierTransactionType[];
}

@ObjectType('CashierSummary', { description: "Fineract's summaryandtransactions; netCash = allocations + cash in - cash out - settlements." })
export class CashierSummaryType {
  @Field(() => Int, { description: 'Id of the cashier (a staff member allocated to a teller).' }) cashierId!: number;
  @Field(() => String, { description: 'Display name of the cashier.', nullable: true }) cashierName?: string | null;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.' }) staffId!: number;
  @Field(() => Int, { description: 'Id of the teller (a branch\'s till group).' }) tellerId!: number;
  @Field({ description: 'Name of the teller (a branch\'s till group).' }) tellerName!: string;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field(() => DecimalScalar, { description: 'Cash allocated to the cashier (decimal string).' }) sumCashAllocation!: string;
  @Field(() => DecimalScalar, { description: 'Cash received from customers (decimal string).' }) sumInwardCash!: string;
  @Field(() => DecimalScalar, { description: 'Cash paid to customers (decimal string).' }) sumOutwardCash!: string;
  @Field(() => DecimalScalar, { description: 'Cash settled back to the vault (decimal string).' }) sumCashSettlement!: string;
  @Field(() => DecimalScalar, { description: 'Cash the cashier should hold: allocations plus inward less outward and settlements (decimal string).' }) netCash!: string;
  @Field(() => CashierTransactionPageType, { description: 'A page of the cashier\'s cash movements.' }) cashierTransactions!: CashierTransactionPageType;
}

@ObjectType('Till', { description: 'One cashier\'s drawer for one business date: open from its first allocation until settled.' })
export class TillType {
  @Field(() => Int, { description: 'Id of the cashier (a staff member allocated to a teller).' }) cashierId!: number;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
  @Field(() => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode!: string | null;
  @Field(() => DecimalScalar, { description: 'Cash the till should hold now (decimal string).' }) balance!: string;
  @Field({ description: 'True once cash was allocated that day.' }) allocated!: boolean;
  @Field({ description: 'True once the till was settled for the day.' }) settled!: boolean;
  @Field({ description: 'Allocated and not settled: cash transactions are accepted.' }) open!: boolean;
  @Field(() => [CashierTransactionType], { description: 'Cash movements of this till.' }) transactions!: CashierTransactionType[];
}

@ObjectType('CashierSettlement', { description: 'The end-of-day reconciliation of one till; variance = countedAmount - systemBalance.' })
export class CashierSettlementType {
  @Field(() => Int, { description: 'Id of the cashier (a staff member allocated to a teller).' }) cashierId!: number;
  @Field(() => Int, { description: 'Same as cashierId (the REST response\'s resourceId).' }) resourceId!: number;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => DecimalScalar, { description: 'Cash the till should hold by its records (decimal string).' }) systemBalance!: string;
  @Field(() => DecimalScalar, { description: 'Cash the cashier counted (decimal string).' }) countedAmount!: string;
  @Field(() => DecimalScalar, { description: 'Counted less expected (decimal string): negative is a shortage.' }) variance!: string;
  @Field(() => Int, { description: 'Id of the user who settled, or null.', nullable: true }) settledByUserId!: number | null;
  @Field(() => String, { description: 'Moment of settlement (ISO 8601 date-time), or null.', nullable: true }) settledAt!: string | null;
}

@ObjectType('CashTransactionResult', { description: 'Result of a cash allocation or settlement.' })
export class CashTransactionResultType {
  @Field(() => Int, { description: 'Id of the teller (a branch\'s till group).' }) tellerId!: number;
  @Field(() => Int, { description: 'Id of the cashier (a staff member allocated to a teller).' }) cashierId!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'Id of the transaction concerned.' }) transactionId!: number;
}

@InputType({ description: 'Fields of a teller to change, as Fineract\'s PUT /tellers/{id} body: any subset.' })
export class UpdateTellerInput {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.', nullable: true }) officeId?: number | null;
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description?: string | null;
  @Field(() => LocalDateScalar, { description: 'First day of the period (YYYY-MM-DD).', nullable: true }) startDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Last day of the period (YYYY-MM-DD), or null when open-ended.', nullable: true }) endDate?: string | null;
  @Field(() => Int, { nullable: true, description: '300 active, 400 inactive.' }) status?: number | null;
}

/** The update's fields, with the ones the service's create validator always requires non-null. */
@InputType({ description: 'A new teller, as Fineract\'s POST /tellers body.' })
export class CreateTellerInput extends UpdateTellerInput {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) override officeId!: number;
  @Field(() => String, { description: 'Display name.' }) override name!: string;
  @Field(() => LocalDateScalar, { description: 'First day of the period (YYYY-MM-DD).' }) override startDate!: string;
  @Field(() => Int, { description: '300 active, 400 inactive.' }) override status!: number;
}

@InputType({ description: 'Fields of a cashier allocation to change: any subset.' })
export class UpdateCashierInput {
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.', nullable: true }) staffId?: number | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description?: string | null;
  @Field(() => LocalDateScalar, { description: 'First day of the period (YYYY-MM-DD).', nullable: true }) startDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Last day of the period (YYYY-MM-DD), or null when open-ended.', nullable: true }) endDate?: string | null;
  @Field(() => Boolean, { description: 'True for a whole-day holiday.', nullable: true }) isFullDay?: boolean | null;
  @Field(() => String, { nullable: true, description: 'HH:mm, when not full day.' }) startTime?: string | null;
  @Field(() => String, { nullable: true, description: 'HH:mm, when not full day.' }) endTime?: string | null;
  @Field(() => Int, { description: 'Hour (0-23) the shift starts, or null for all day.', nullable: true }) hourStartTime?: number | null;
  @Field(() => Int, { description: 'Minute (0-59) the shift starts.', nullable: true }) minStartTime?: number | null;
  @Field(() => Int, { description: 'Hour (0-23) the shift ends, or null for all day.', nullable: true }) hourEndTime?: number | null;
  @Field(() => Int, { description: 'Minute (0-59) the shift ends.', nullable: true }) minEndTime?: number | null;
}

/** The update's fields, with the ones the service's create validator always requires non-null. */
@InputType({ description: 'Allocation of a staff member as cashier of a teller.' })
export class CreateCashierInput extends UpdateCashierInput {
  @Field(() => Int, { description: 'Id of the staff member allocated.' }) override staffId!: number;
  @Field(() => LocalDateScalar, { description: 'First day of the period (YYYY-MM-DD).' }) override startDate!: string;
  @Field(() => LocalDateScalar, { description: 'Last day of the allocation (YYYY-MM-DD).' }) override endDate!: string;
  @Field(() => Boolean, { description: 'True for a whole-day holiday.' }) override isFullDay!: boolean;
}

@InputType({ description: 'Cash allocated to or settled from a cashier.' })
export class CashTransactionInput {
  @Field(() => DecimalScalar, { description: 'Amount of the transaction (decimal string).' }) txnAmount!: string;
  @Field(() => LocalDateScalar, { description: 'Business day of the transaction (YYYY-MM-DD).' }) txnDate!: string;
  @Field(() => String, { description: 'Free-text note of the transaction.', nullable: true }) txnNote?: string | null;
  @Field(() => String, { description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
}

@InputType({ description: 'Settlement of a cashier\'s cash back to the vault.' })
export class SettleCashierInput {
  @Field(() => LocalDateScalar, { description: 'The business date whose till is closed.' }) endDate!: string;
  @Field(() => DecimalScalar, { nullable: true, description: 'Cash counted in the drawer; the system balance when absent.' }) countedAmount?: string | null;
}
