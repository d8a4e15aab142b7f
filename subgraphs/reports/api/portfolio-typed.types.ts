import { Field, Int, ObjectType } from 'type-graphql';
import { DecimalScalar, LocalDateScalar } from '../../kernel/scalars.js';

@ObjectType('ArrearsBand', { description: 'Outstanding principal of the loans whose days in arrears fall in one delinquency range.' })
export class ArrearsBandType {
  @Field({ description: 'The delinquency range, e.g. "31-60".' }) classification!: string;
  @Field(() => DecimalScalar, { description: 'Outstanding principal of those loans.' }) principal!: string;
}

@ObjectType('PortfolioAtRisk', { description: 'Portfolio at risk of an office subtree (or one office, by branch) in one currency.' })
export class PortfolioAtRiskType {
  @Field(() => Int, { description: 'The office (by-branch rows only).', nullable: true }) officeId!: number | null;
  @Field(() => String, { description: 'The office name, indented by level (by-branch rows only).', nullable: true }) officeName!: string | null;
  @Field({ description: 'ISO currency code.' }) currencyCode!: string;
  @Field(() => Int, { description: 'Active loans.' }) loans!: number;
  @Field(() => DecimalScalar, { description: 'Outstanding principal of the active loans (GL 13101 of the offices).' }) principalOutstanding!: string;
  @Field(() => Int, { description: 'Loans at least one day in arrears.' }) loansInArrears!: number;
  @Field(() => [ArrearsBandType], { description: 'Outstanding principal by delinquency range.' }) bands!: ArrearsBandType[];
  @Field(() => DecimalScalar, { description: 'PAR1: % of outstanding principal at least one day in arrears.' }) par1!: string;
  @Field(() => DecimalScalar, { description: 'PAR30: % more than 30 days in arrears.' }) par30!: string;
  @Field(() => DecimalScalar, { description: 'PAR90: % more than 90 days in arrears.' }) par90!: string;
}

@ObjectType('AgingBand', { description: 'Active loans of one currency in one band of weeks in arrears.' })
export class AgingBandType {
  @Field({ description: 'ISO currency code.' }) currencyCode!: string;
  @Field({ description: '"On Schedule", "1" ... "12", "12+" (weeks in arrears, up to).' }) band!: string;
  @Field(() => Int, { description: 'Loans in the band.' }) loans!: number;
  @Field(() => DecimalScalar, { description: 'Principal scheduled.' }) originalPrincipal!: string;
  @Field(() => DecimalScalar, { description: 'Interest scheduled.' }) originalInterest!: string;
  @Field(() => DecimalScalar, { description: 'Principal repaid.' }) principalPaid!: string;
  @Field(() => DecimalScalar, { description: 'Interest repaid.' }) interestPaid!: string;
  @Field(() => DecimalScalar, { description: 'Principal overdue.' }) principalOverdue!: string;
  @Field(() => DecimalScalar, { description: 'Interest overdue.' }) interestOverdue!: string;
}

@ObjectType('CollectionDay', { description: 'What fell due and what was collected on one day, for one loan officer\'s book.' })
export class CollectionDayType {
  @Field({ description: 'Office, indented by level.' }) officeName!: string;
  @Field(() => String, { description: 'Loan officer, or null for loans without one.', nullable: true }) loanOfficerName!: string | null;
  @Field({ description: 'ISO currency code.' }) currencyCode!: string;
  @Field(() => LocalDateScalar, { description: 'The day.' }) day!: string;
  @Field(() => Int, { description: 'Loans with an instalment due that day.' }) loansDue!: number;
  @Field(() => DecimalScalar, { description: 'Scheduled total of the instalments due that day.' }) amountDue!: string;
  @Field(() => DecimalScalar, { description: 'Repayments dated that day.' }) amountCollected!: string;
  @Field(() => DecimalScalar, { description: 'Collected over due, %; null when nothing fell due.', nullable: true }) collectionRate!: string | null;
}
