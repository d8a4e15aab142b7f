import { Arg, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import type { RequestContext } from '../platform/request-context.js';
import type { AccountServices } from './account.services.js';
import { ClientAccountsType } from './account.types.js';
import { BRANCH_DAY_MAX_LIMIT } from './branch-day.query.js';

@ObjectType({ description: "One currency's movements of a branch on its business date so far (reversed transactions left out)." })
class BranchDayTotalType {
  @Field({ description: 'ISO 4217 code of the currency.' }) currency!: string;
  @Field(() => DecimalScalar, { description: 'Sum of the credits (deposits, transfers in), an exact decimal string.' }) credits!: string;
  @Field(() => DecimalScalar, { description: 'Sum of the debits (withdrawals, transfers out), an exact decimal string.' }) debits!: string;
  @Field(() => Int, { description: 'Number of transactions.' }) count!: number;
}

@ObjectType({ description: "One of a branch's latest transactions of the business date." })
class BranchDayTransactionType {
  @Field(() => ID, { description: 'Id of the transaction.' }) transactionId!: string;
  @Field(() => ID, { description: 'Id of the account.' }) accountId!: string;
  @Field({ description: 'Account number shown to customers.' }) accountNo!: string;
  @Field(() => Int, { description: 'Id of the account holder (client).' }) clientId!: number;
  @Field(() => ClientAccountsType, { description: 'The account holder: the customer subgraph answers its other fields (displayName...).' }) client!: ClientAccountsType;
  @Field({ description: 'CREDIT or DEBIT, as on the live stream.' }) entryType!: string;
  @Field({ description: 'DEPOSIT or WITHDRAWAL, as on the live stream (transfers count as either).' }) type!: string;
  @Field(() => DecimalScalar, { description: 'Amount, an exact decimal string.' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Account balance after this transaction.' }) runningBalance!: string;
  @Field({ description: 'ISO 4217 code of the currency.' }) currency!: string;
  @Field(() => LocalDateScalar, { description: 'Business date of the transaction.' }) date!: string;
  @Field({ description: 'When it was booked: an ISO 8601 UTC timestamp.' }) bookedAt!: string;
}

@ObjectType({ description: "A branch's business date so far: its totals and latest transactions (the live dashboard's opening view)." })
class BranchDayType {
  @Field(() => LocalDateScalar, { description: "The tenant's business date." }) date!: string;
  @Field(() => [BranchDayTotalType], { description: 'Totals per currency.' }) totals!: BranchDayTotalType[];
  @Field(() => [BranchDayTransactionType], { description: 'The latest transactions, newest first.' }) transactions!: BranchDayTransactionType[];
}

@Resolver()
export class BranchDayResolver {
  constructor(private readonly services: AccountServices) {}

  @Query(() => BranchDayType, { description: "A branch's business date so far: totals per currency and its latest transactions, within the caller's offices." })
  async branchDay(
    @Arg('officeId', () => Int, { description: 'The branch.' }) officeId: number,
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, description: `How many of the latest transactions (default 50, at most ${BRANCH_DAY_MAX_LIMIT}).` }) limit?: number,
  ): Promise<BranchDayType> {
    const day = await this.services.branchDay.get(ctx.identity, officeId, limit ?? 50);
    return {
      date: day.date,
      totals: day.totals,
      transactions: day.transactions.map((t) => ({
        transactionId: String(t.id), accountId: String(t.accountId), accountNo: t.accountNo, clientId: t.clientId, client: { id: t.clientId }, entryType: t.credit ? 'CREDIT' : 'DEBIT',
        type: t.credit ? 'DEPOSIT' : 'WITHDRAWAL', amount: t.amount, runningBalance: t.runningBalance, currency: t.currency, date: t.date, bookedAt: t.bookedAt,
      })),
    };
  }
}
