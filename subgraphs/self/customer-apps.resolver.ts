import { Arg, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import { enumOption, type EnumOption } from '../kernel/enum-option.type.js';
import { LocalDateScalar } from '../kernel/scalars.js';
import type { RequestContext } from '../platform/request-context.js';
import type { RecentTransaction } from './customer-apps.service.js';
import { GraphQLJSONObject } from 'graphql-scalars';
import { withChoiceIds } from '../kernel/loan-term-enums.js';
import type { DeviceRegistrationRow } from './device-registration.store.js';
import { DeviceRegistrationInputType, MyDeviceRegistrationType, MyLoanProductOptionType, MyRecentTransactionPageType, type MyRecentTransactionType } from './self-apps.types.js';
import type { SelfServices } from './self.services.js';
import { MeType, MyClientType, MySavingsAccountType, SelfLoanApplicationInputType } from './self.types.js';

/** Fineract's savings transaction types a customer's account can show (deposits, withdrawals, fees). */
const SAVINGS_TRANSACTION_TYPES: Record<number, [string, string]> = {
  1: ['savingsAccountTransactionType.deposit', 'Deposit'],
  2: ['savingsAccountTransactionType.withdrawal', 'Withdrawal'],
  4: ['savingsAccountTransactionType.withdrawalFee', 'Withdrawal Fee'],
  5: ['savingsAccountTransactionType.annualFee', 'Annual Fee'],
  7: ['savingsAccountTransactionType.payCharge', 'Pay Charge'],
};

const transactionType = (id: number): EnumOption => {
  const [code, value] = SAVINGS_TRANSACTION_TYPES[id] ?? ['savingsAccountTransactionType.invalid', 'Invalid'];
  return enumOption(id, code, value);
};

const toRecent = (t: RecentTransaction): MyRecentTransactionType => ({
  id: t.id, accountId: t.accountId, accountNo: t.accountNo, type: transactionType(t.transactionType), date: t.date, submittedOnDate: t.submittedOnDate, amount: t.amount,
  currencyCode: t.currencyCode, officeId: t.officeId, officeName: t.officeName, reversed: t.reversed,
});

const toDevice = (r: DeviceRegistrationRow): MyDeviceRegistrationType => ({ id: r.id, clientId: r.clientId, registrationId: r.registrationId, updatedOnDate: r.updatedOn });

/** What Fineract's own customer apps read beyond the interface's own data (issue 42). */
@Resolver(() => MeType)
export class CustomerAppsMeResolver {
  constructor(private readonly services: SelfServices) {}

  @FieldResolver(() => MyRecentTransactionPageType, { description: "One of my clients' savings transactions across its accounts, newest day first (the apps' Recent Transactions)." })
  async recentTransactions(
    @Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset: number | null,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit: number | null,
    @Ctx() ctx: RequestContext,
  ): Promise<MyRecentTransactionPageType> {
    const page = await this.services.apps.recentTransactions(ctx.identity, clientId, { offset, limit });
    return { totalFilteredRecords: page.total, pageItems: page.items.map(toRecent) };
  }

  @FieldResolver(() => [MyLoanProductOptionType], { description: 'The loan products one of my clients may apply for: those it holds an unexpired offer of.' })
  async loanProductOptions(@Arg('clientId', () => Int, { description: 'Client id (my first client when omitted).', nullable: true }) clientId: number | null, @Ctx() ctx: RequestContext): Promise<MyLoanProductOptionType[]> {
    return (await this.services.apps.loanProductOptions(ctx.identity, clientId)).products;
  }

  @FieldResolver(() => MyDeviceRegistrationType, { description: 'The push token registered for one of my clients (404 when none is).' })
  async deviceRegistration(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Ctx() ctx: RequestContext): Promise<MyDeviceRegistrationType> {
    return toDevice(await this.services.devices.ofClient(ctx.identity, clientId));
  }

  @FieldResolver(() => String, { nullable: true, description: 'The photo of one of my clients: none is kept, so always "not found" (Fineract\'s `error.msg.entity.image.invalid`).' })
  async clientImage(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Ctx() ctx: RequestContext): Promise<string | null> {
    return this.services.apps.clientImage(ctx.identity, clientId);
  }
}

@Resolver()
export class CustomerAppsMutationResolver {
  constructor(private readonly services: SelfServices) {}

  @Mutation(() => Int, { description: 'Withdraws my own loan application while it waits for approval (400 otherwise); answers the loan id.' })
  async selfWithdrawLoan(@Arg('id', () => Int, { description: 'Id of my loan application.' }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.apps.withdrawLoan(ctx.identity, id);
  }

  @Mutation(() => GraphQLJSONObject, { description: 'Changes my own loan application while it waits for approval, under the offer and product rules of applying; answers Fineract\'s `changes`.' })
  async selfUpdateLoanApplication(
    @Arg('id', () => Int, { description: 'Id of my loan application.' }) id: number,
    @Arg('input', () => SelfLoanApplicationInputType, { description: 'The application as when applying.' }) input: SelfLoanApplicationInputType,
    @Ctx() ctx: RequestContext,
  ): Promise<Record<string, unknown>> {
    return (await this.services.loanEdits.modify(ctx.identity, id, withChoiceIds(input, 'loan'))).changes;
  }

  @Mutation(() => MyDeviceRegistrationType, { description: "Registers my app's push token for one of my clients, replacing the one it had." })
  async registerDevice(@Arg('input', () => DeviceRegistrationInputType, { description: 'The client and the token.' }) input: DeviceRegistrationInputType, @Ctx() ctx: RequestContext): Promise<MyDeviceRegistrationType> {
    return toDevice(await this.services.devices.register(ctx.identity, input));
  }

  @Mutation(() => MyDeviceRegistrationType, { description: 'Changes one of my device registrations: a new token, or another of my clients.' })
  async updateDeviceRegistration(
    @Arg('id', () => Int, { description: 'Id of the registration.' }) id: number,
    @Arg('input', () => DeviceRegistrationInputType, { description: 'The client and the token.' }) input: DeviceRegistrationInputType,
    @Ctx() ctx: RequestContext,
  ): Promise<MyDeviceRegistrationType> {
    return toDevice(await this.services.devices.update(ctx.identity, id, input));
  }
}

@Resolver(() => MyClientType)
export class CustomerAppsClientResolver {
  constructor(private readonly services: SelfServices) {}

  @FieldResolver(() => String, { description: 'Name of the office (branch) the client belongs to.' })
  async officeName(@Root() client: MyClientType, @Ctx() ctx: RequestContext): Promise<string> {
    return this.services.apps.officeName(ctx.identity, client.officeId);
  }
}

@Resolver(() => MySavingsAccountType)
export class CustomerAppsSavingsResolver {
  constructor(private readonly services: SelfServices) {}

  @FieldResolver(() => LocalDateScalar, { nullable: true, description: 'Day of the account\'s latest transaction (YYYY-MM-DD), or null when it has none.' })
  async lastActiveTransactionDate(@Root() account: MySavingsAccountType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return (await this.services.ownData.transactions(ctx.identity, account.id, { offset: 0, limit: 1 })).items[0]?.date ?? null;
  }
}
