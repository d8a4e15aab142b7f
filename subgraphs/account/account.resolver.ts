import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { loader } from '../platform/loaders.js';
import { checkedPage, DEFAULT_PAGE } from '../kernel/paging.js';
import { connection, keysetPage, type Connection } from '../kernel/connection.js';
import type { RequestContext } from '../platform/request-context.js';
import { AccountTypeEnum, accountTypeEnum, SAVINGS_TRANSACTION_TYPE_IDS, SavingsTransactionTypeEnum, savingsTransactionTypeEnum, withAccountTypeString } from './account.enums.js';
import { Mappers, STATUS_OPTIONS } from './account.mappers.js';
import type { AccountServices } from './account.services.js';
import {
  AccountTransferInput, AccountTransferPageType, AccountTransferSubmissionType, AccountTransferType, ActivateSavingsAccountInput, ApproveSavingsAccountInput, ClientAccountsType,
  CloseSavingsAccountInput, CreateSavingsAccountInput, MakerCheckerEntryType, RejectSavingsAccountInput, SavingsAccountChangePayload, SavingsAccountPageType, SavingsAccountConnectionType,
  SavingsAccountType, SavingsProductChangePayload, CreateSavingsProductInput, UpdateSavingsProductInput, SavingsProductTemplateType, SavingsProductType, SavingsReferenceChangePayload, CreateSavingsReferenceInput, UpdateSavingsReferenceInput,
  SavingsReferenceType, SavingsTransactionInput, SavingsTransactionPageType, SavingsTransactionConnectionType, SavingsTransactionResultType, SavingsTransactionType, WithdrawSavingsApplicationInput,
} from './account.types.js';
import type { BlockCommand } from './savings-account.service.js';


/** Thin resolvers: build the command, call the service, map the result. Rules live in the services. */
@Resolver(() => SavingsProductType)
export class SavingsProductResolver {
  private readonly map: Mappers;
  constructor(private readonly services: AccountServices) {
    this.map = new Mappers(services);
  }

  @FieldResolver(() => AccountTypeEnum, { description: 'accountType as a GraphQL enum.' })
  accountTypeEnum(@Root() product: SavingsProductType): AccountTypeEnum {
    return accountTypeEnum(product.accountType);
  }

  @Query(() => [EnumOption], { description: 'Savings account statuses, as Fineract numbers them.' })
  savingsAccountStatuses(): EnumOption[] {
    return STATUS_OPTIONS;
  }

  @Query(() => SavingsProductTemplateType, { description: "Fineract's savings product template: option lists and defaults." })
  savingsProductTemplate(@Ctx() ctx: RequestContext): SavingsProductTemplateType {
    return this.services.products.template(ctx.identity);
  }

  @Query(() => [SavingsProductType], { description: 'Every savings and current product.' })
  async savingsProducts(
    @Ctx() ctx: RequestContext,
    @Arg('accountType', () => AccountTypeEnum, { nullable: true, description: 'Only savings or only current products; every product when omitted.' }) accountType?: AccountTypeEnum,
  ): Promise<SavingsProductType[]> {
    // The product list is short and unpaged: filtered here, not in SQL.
    const products = await this.services.products.list(ctx.identity);
    return products.filter((p) => accountType == null || p.accountType === accountType).map((p) => this.map.product(p));
  }

  @Query(() => SavingsProductType, { description: 'A savings or current product by id.' })
  async savingsProduct(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsProductType> {
    return this.map.product(await this.services.products.get(ctx.identity, id));
  }

  @Mutation(() => SavingsProductType, { description: 'Creates a savings or current product.' })
  async createSavingsProduct(@Arg('input', () => CreateSavingsProductInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateSavingsProductInput, @Ctx() ctx: RequestContext): Promise<SavingsProductType> {
    return this.map.product(await this.services.products.create(ctx.identity, withAccountTypeString(input)));
  }

  @Mutation(() => SavingsProductChangePayload, { description: 'Changes a savings or current product; omitted fields stay as they are.' })
  async updateSavingsProduct(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateSavingsProductInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateSavingsProductInput, @Ctx() ctx: RequestContext): Promise<SavingsProductChangePayload> {
    const { product, changes } = await this.services.products.update(ctx.identity, id, withAccountTypeString(input));
    return { savingsProduct: this.map.product(product), changes };
  }
}

@Resolver(() => SavingsAccountType)
export class SavingsAccountResolver {
  private readonly map: Mappers;
  constructor(private readonly services: AccountServices) {
    this.map = new Mappers(services);
  }

  @FieldResolver(() => AccountTypeEnum, { description: 'accountType as a GraphQL enum.' })
  accountTypeEnum(@Root() account: SavingsAccountType): AccountTypeEnum {
    return accountTypeEnum(account.accountType);
  }

  @Query(() => SavingsAccountType, { description: 'A savings or current account by id (within the caller\'s offices).' })
  async savingsAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountType> {
    return this.map.account(await this.services.accounts.get(ctx.identity, id));
  }

  @Query(() => SavingsAccountPageType, { description: 'Paged (limit at most 200), filtered by client, office, status id or external id.' })
  async savingsAccounts(
    @Ctx() ctx: RequestContext,
    @Arg('clientId', () => Int, { description: 'Client id.', nullable: true }) clientId?: number,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('status', () => Int, { description: 'Only records in this status.', nullable: true }) status?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
    @Arg('search', () => String, { nullable: true, description: 'A substring of the account number or the external id.' }) search?: string,
    @Arg('accountType', () => AccountTypeEnum, { nullable: true, description: 'Only savings or only current accounts; both when omitted.' }) accountType?: AccountTypeEnum,
  ): Promise<SavingsAccountPageType> {
    const { total, items } = await this.services.accounts.list(ctx.identity, { clientId, officeId, status, externalId, search, offset, limit, accountType });
    return { totalFilteredRecords: total, pageItems: items.map((a) => this.map.account(a)) };
  }

  @Query(() => SavingsAccountConnectionType, { description: 'Savings and current accounts as a cursor page (Relay connection), by id: the same filters and scope as savingsAccounts.' })
  async savingsAccountsConnection(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) first?: number,
    @Arg('after', () => String, { description: 'Resume after this cursor (an endCursor or edge cursor this list returned); from the start when omitted.', nullable: true }) after?: string,
    @Arg('clientId', () => Int, { description: 'Client id.', nullable: true }) clientId?: number,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('status', () => Int, { description: 'Only records in this status.', nullable: true }) status?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
    @Arg('search', () => String, { nullable: true, description: 'A substring of the account number or the external id.' }) search?: string,
    @Arg('accountType', () => AccountTypeEnum, { nullable: true, description: 'Only savings or only current accounts; both when omitted.' }) accountType?: AccountTypeEnum,
  ): Promise<Connection<SavingsAccountType>> {
    const page = keysetPage('savingsAccounts', 1, first, after);
    const found = await this.services.accounts.keysetPage(ctx.identity, { clientId, officeId, status, externalId, search, accountType }, page);
    return connection('savingsAccounts', page, found.items, found.total, (a) => [a.id], (a) => this.map.account(a));
  }

  @FieldResolver(() => String, { description: 'Display name of the client (customer) concerned.', nullable: true })
  async clientName(@Root() account: SavingsAccountType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return loader<number, string>(ctx, 'account.clientName', (ids) => this.services.accounts.clientNames(ctx.identity.tenantId, ids)).load(account.clientId);
  }

  @FieldResolver(() => [SavingsTransactionType], { description: "A page of the account's transactions, newest first: `limit` (default 20, at most 200) from `offset` (every one with the query allSavingsTransactions). The accounts of one request share one query." })
  async transactions(
    @Root() account: SavingsAccountType,
    @Arg('limit', () => Int, { defaultValue: DEFAULT_PAGE, description: 'Page size, 1 to 200.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Transactions to skip, newest first.' }) offset: number,
    @Ctx() ctx: RequestContext,
  ): Promise<SavingsTransactionType[]> {
    const page = checkedPage(limit, offset);
    const byAccount = loader<number, SavingsTransactionType[]>(ctx, `account.transactions:${page.limit}:${page.offset}`, async (ids) => {
      const found = await this.services.transactions.pageByAccounts(ctx.identity, ids, page);
      return new Map([...found].map(([id, rows]) => [id, rows.map((t) => this.map.transaction(t, account.currency.decimalPlaces))]));
    });
    return (await byAccount.load(account.id)) ?? [];
  }

  @Mutation(() => SavingsAccountType, { description: 'Opens an account (submitted) with its NUBAN number.' })
  async createSavingsAccount(@Arg('input', () => CreateSavingsAccountInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateSavingsAccountInput, @Ctx() ctx: RequestContext): Promise<SavingsAccountType> {
    return this.map.account(await this.services.accounts.create(ctx.identity, input));
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Approves a submitted savings account application.' })
  async approveSavingsAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext, @Arg('input', () => ApproveSavingsAccountInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.', nullable: true }) input?: ApproveSavingsAccountInput): Promise<SavingsAccountChangePayload> {
    return this.map.change(await this.services.accounts.changeStatus(ctx.identity, id, 'approve', { date: input?.approvedOnDate, note: input?.note }));
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Approves (when submitted) and activates; the business date when no date is given.' })
  async activateSavingsAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext, @Arg('input', () => ActivateSavingsAccountInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.', nullable: true }) input?: ActivateSavingsAccountInput): Promise<SavingsAccountChangePayload> {
    return this.map.change(await this.services.accounts.changeStatus(ctx.identity, id, 'activate', { date: input?.activatedOnDate }));
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Rejects a submitted savings account application.' })
  async rejectSavingsAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext, @Arg('input', () => RejectSavingsAccountInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.', nullable: true }) input?: RejectSavingsAccountInput): Promise<SavingsAccountChangePayload> {
    return this.map.change(await this.services.accounts.changeStatus(ctx.identity, id, 'reject', { date: input?.rejectedOnDate, note: input?.note }));
  }

  @Mutation(() => SavingsAccountChangePayload, { description: "Fineract's withdrawnByApplicant: the applicant withdraws a submitted application." })
  async withdrawSavingsApplication(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext, @Arg('input', () => WithdrawSavingsApplicationInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.', nullable: true }) input?: WithdrawSavingsApplicationInput): Promise<SavingsAccountChangePayload> {
    return this.map.change(await this.services.accounts.changeStatus(ctx.identity, id, 'withdrawnByApplicant', { date: input?.withdrawnOnDate, note: input?.note }));
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Closes an active account at zero balance with nothing on hold.' })
  async closeSavingsAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext, @Arg('input', () => CloseSavingsAccountInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.', nullable: true }) input?: CloseSavingsAccountInput): Promise<SavingsAccountChangePayload> {
    return this.map.change(await this.services.accounts.changeStatus(ctx.identity, id, 'close', { date: input?.closedOnDate, note: input?.note }));
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Blocks an account: no debits or credits until unblocked.' })
  async blockSavingsAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    return this.block(ctx, id, 'block');
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Lifts a block on an account.' })
  async unblockSavingsAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    return this.block(ctx, id, 'unblock');
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Blocks debits (withdrawals, transfers out) on an account.' })
  async blockSavingsAccountDebit(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    return this.block(ctx, id, 'blockDebit');
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Lifts a debit block.' })
  async unblockSavingsAccountDebit(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    return this.block(ctx, id, 'unblockDebit');
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Blocks credits (deposits, transfers in) on an account.' })
  async blockSavingsAccountCredit(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    return this.block(ctx, id, 'blockCredit');
  }

  @Mutation(() => SavingsAccountChangePayload, { description: 'Lifts a credit block.' })
  async unblockSavingsAccountCredit(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    return this.block(ctx, id, 'unblockCredit');
  }

  private async block(ctx: RequestContext, id: number, command: BlockCommand): Promise<SavingsAccountChangePayload> {
    return this.map.change(await this.services.accounts.changeBlock(ctx.identity, id, command));
  }
}

@Resolver(() => SavingsTransactionType)
export class SavingsTransactionResolver {
  private readonly map: Mappers;
  constructor(private readonly services: AccountServices) {
    this.map = new Mappers(services);
  }

  @FieldResolver(() => SavingsTransactionTypeEnum, { description: 'transactionType as a GraphQL enum.' })
  transactionTypeEnum(@Root() transaction: SavingsTransactionType): SavingsTransactionTypeEnum {
    return savingsTransactionTypeEnum(transaction.transactionType);
  }

  @Query(() => [SavingsTransactionType], {
    description:
      "The latest 500 transactions of one account, newest first (Fineract's associations=transactions); older ones through savingsTransactions' pages, whose totalFilteredRecords counts them all. One account per request: a root field, never nested under a list.",
  })
  async allSavingsTransactions(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Ctx() ctx: RequestContext): Promise<SavingsTransactionType[]> {
    return (await this.services.transactions.all(ctx.identity, savingsAccountId)).map((t) => this.map.transaction(t));
  }

  @Query(() => SavingsTransactionPageType, { description: 'Newest first; limit at most 200.' })
  async savingsTransactions(
    @Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number,
    @Ctx() ctx: RequestContext,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
    @Arg('transactionType', () => SavingsTransactionTypeEnum, { nullable: true, description: 'Only deposits, withdrawals (transfers count as either), interest postings or withheld tax; all when omitted.' }) transactionType?: SavingsTransactionTypeEnum,
  ): Promise<SavingsTransactionPageType> {
    const type = transactionType == null ? null : SAVINGS_TRANSACTION_TYPE_IDS[transactionType];
    const { total, items } = await this.services.transactions.list(ctx.identity, savingsAccountId, { offset, limit, transactionType: type });
    return { totalFilteredRecords: total, pageItems: items.map((t) => this.map.transaction(t)) };
  }

  @Query(() => SavingsTransactionConnectionType, { description: "An account's transactions as a cursor page (Relay connection), newest first." })
  async savingsTransactionsConnection(
    @Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number,
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) first?: number,
    @Arg('after', () => String, { description: 'Resume after this cursor (an endCursor or edge cursor this list returned); from the newest when omitted.', nullable: true }) after?: string,
    @Arg('transactionType', () => SavingsTransactionTypeEnum, { nullable: true, description: 'Only deposits, withdrawals (transfers count as either), interest postings or withheld tax; all when omitted.' }) transactionType?: SavingsTransactionTypeEnum,
  ): Promise<Connection<SavingsTransactionType>> {
    const page = keysetPage('savingsTransactions', 1, first, after);
    const type = transactionType == null ? null : SAVINGS_TRANSACTION_TYPE_IDS[transactionType];
    const found = await this.services.transactions.keysetPage(ctx.identity, savingsAccountId, page, type);
    return connection('savingsTransactions', page, found.items, found.total, (t) => [t.position], (t) => this.map.transaction(t));
  }

  @Query(() => SavingsTransactionType, { description: 'One transaction of a savings account.' })
  async savingsTransaction(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Arg('transactionId', () => Int, { description: 'Transaction id, unique within its account.' }) transactionId: number, @Ctx() ctx: RequestContext): Promise<SavingsTransactionType> {
    return this.map.transaction(await this.services.transactions.get(ctx.identity, savingsAccountId, transactionId));
  }

  @Mutation(() => SavingsTransactionResultType, { description: 'Deposits money into an active account; balance, journal and event commit together.' })
  async depositToSavingsAccount(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Arg('input', () => SavingsTransactionInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: SavingsTransactionInput, @Ctx() ctx: RequestContext): Promise<SavingsTransactionResultType> {
    return this.map.money(await this.services.transactions.deposit(ctx.identity, savingsAccountId, input));
  }

  @Mutation(() => SavingsTransactionResultType, { description: 'A cash withdrawal above the teller ceiling answers a commandId and waits for a checker.' })
  async withdrawFromSavingsAccount(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Arg('input', () => SavingsTransactionInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: SavingsTransactionInput, @Ctx() ctx: RequestContext): Promise<SavingsTransactionResultType> {
    return this.map.money(await this.services.transactions.withdraw(ctx.identity, savingsAccountId, input));
  }

  @Mutation(() => SavingsTransactionResultType, { description: 'Reverses a transaction: it stays listed, marked reversed, and no longer counts in balances.' })
  async undoSavingsTransaction(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Arg('transactionId', () => Int, { description: 'Transaction id, unique within its account.' }) transactionId: number, @Ctx() ctx: RequestContext): Promise<SavingsTransactionResultType> {
    const { account, transaction } = await this.services.transactions.undo(ctx.identity, savingsAccountId, transactionId);
    return { ...this.map.money({ kind: 'executed', account, transaction }), changes: { reversed: true } };
  }
}

@Resolver(() => SavingsReferenceType)
export class SavingsReferenceResolver {
  constructor(private readonly services: AccountServices) {}

  @Query(() => [SavingsReferenceType], { description: 'Referees of a savings account.' })
  async savingsReferences(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Ctx() ctx: RequestContext): Promise<SavingsReferenceType[]> {
    return this.services.references.list(ctx.identity, savingsAccountId);
  }

  @Query(() => SavingsReferenceType, { description: 'One referee of a savings account.' })
  async savingsReference(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Arg('referenceId', () => Int, { description: 'Id of the savings account referee.' }) referenceId: number, @Ctx() ctx: RequestContext): Promise<SavingsReferenceType> {
    return this.services.references.get(ctx.identity, savingsAccountId, referenceId);
  }

  @Mutation(() => SavingsReferenceType, { description: 'Adds a referee to a savings account.' })
  async createSavingsReference(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Arg('input', () => CreateSavingsReferenceInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateSavingsReferenceInput, @Ctx() ctx: RequestContext): Promise<SavingsReferenceType> {
    return this.services.references.create(ctx.identity, savingsAccountId, input);
  }

  @Mutation(() => SavingsReferenceChangePayload, { description: 'Changes a savings account referee.' })
  async updateSavingsReference(
    @Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number,
    @Arg('referenceId', () => Int, { description: 'Id of the savings account referee.' }) referenceId: number,
    @Arg('input', () => UpdateSavingsReferenceInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateSavingsReferenceInput,
    @Ctx() ctx: RequestContext,
  ): Promise<SavingsReferenceChangePayload> {
    return this.services.references.update(ctx.identity, savingsAccountId, referenceId, input);
  }

  @Mutation(() => SavingsReferenceType, { description: 'Removes a savings account referee.' })
  async deleteSavingsReference(@Arg('savingsAccountId', () => Int, { description: 'Savings or current account id.' }) savingsAccountId: number, @Arg('referenceId', () => Int, { description: 'Id of the savings account referee.' }) referenceId: number, @Ctx() ctx: RequestContext): Promise<SavingsReferenceType> {
    return this.services.references.delete(ctx.identity, savingsAccountId, referenceId);
  }
}

@Resolver(() => AccountTransferType)
export class AccountTransferResolver {
  private readonly map: Mappers;
  constructor(private readonly services: AccountServices) {
    this.map = new Mappers(services);
  }

  @Mutation(() => AccountTransferSubmissionType, { description: 'A transfer by staff: both legs, the journal and both events commit together, or, above maker-checker-non-cash-ceiling when the tenant enables it, a maker-checker entry holds the amount until a checker approves.' })
  async submitAccountTransfer(@Arg('input', () => AccountTransferInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: AccountTransferInput, @Ctx() ctx: RequestContext): Promise<AccountTransferSubmissionType> {
    const outcome = await this.services.transfers.submit(ctx.identity, input);
    if (outcome.kind === 'held') return { savingsId: outcome.fromAccountId, resourceId: null, commandId: outcome.commandId, transfer: null, changes: { status: 'awaiting.approval' } };
    return { savingsId: outcome.transfer.fromAccountId, resourceId: outcome.transfer.id, commandId: null, transfer: this.map.transfer(outcome.transfer), changes: {} };
  }

  @Mutation(() => AccountTransferType, { description: 'Both legs, the journal and both events commit together. A transfer that would wait for a checker is refused (403 error.msg.accounttransfer.approval.required): submitAccountTransfer answers held transfers.' })
  async createAccountTransfer(@Arg('input', () => AccountTransferInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: AccountTransferInput, @Ctx() ctx: RequestContext): Promise<AccountTransferType> {
    return this.map.transfer(await this.services.transfers.create(ctx.identity, input));
  }

  @Query(() => AccountTransferType, { description: 'An account transfer by id.' })
  async accountTransfer(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<AccountTransferType> {
    return this.map.transfer(await this.services.transfers.get(ctx.identity, id));
  }

  @Query(() => AccountTransferPageType, { description: 'Account transfers, newest first.' })
  async accountTransfers(
    @Ctx() ctx: RequestContext,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
    @Arg('accountId', () => Int, { description: 'Account id.', nullable: true }) accountId?: number,
  ): Promise<AccountTransferPageType> {
    const { total, items } = await this.services.transfers.list(ctx.identity, { offset, limit, accountId });
    return { totalFilteredRecords: total, pageItems: items.map((t) => this.map.transfer(t)) };
  }
}

@Resolver(() => MakerCheckerEntryType)
export class MakerCheckerResolver {
  private readonly map: Mappers;
  constructor(private readonly services: AccountServices) {
    this.map = new Mappers(services);
  }

  @Query(() => [MakerCheckerEntryType], { description: 'Pending entries the caller may check (entries of an earlier business day have expired).' })
  async makerCheckers(@Ctx() ctx: RequestContext): Promise<MakerCheckerEntryType[]> {
    return (await this.services.makerChecker.list(ctx.identity)).map((e) => this.map.entry(e));
  }

  @Mutation(() => SavingsTransactionResultType, { description: 'Executes the held withdrawal (four eyes: never by its maker).' })
  async approveMakerChecker(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsTransactionResultType> {
    const { result } = await this.services.makerChecker.approve(ctx.identity, id);
    return this.map.money(result);
  }

  @Mutation(() => MakerCheckerEntryType, { description: 'Refuses the withdrawal and releases its hold.' })
  async rejectMakerChecker(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<MakerCheckerEntryType> {
    return this.map.entry(await this.services.makerChecker.reject(ctx.identity, id));
  }

  @Mutation(() => MakerCheckerEntryType, { description: 'The maker withdraws the entry and its hold.' })
  async deleteMakerChecker(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<MakerCheckerEntryType> {
    return this.map.entry(await this.services.makerChecker.delete(ctx.identity, id));
  }

  @FieldResolver(() => String, { description: 'User who made the request.', nullable: true })
  async maker(@Root() entry: MakerCheckerEntryType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return loader<number, string>(ctx, 'account.username', (ids) => this.services.deps.usernames(ctx.identity.tenantId, ids)).load(entry.makerId);
  }

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  async officeName(@Root() entry: MakerCheckerEntryType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return loader<number, string>(ctx, 'account.officeName', (ids) => this.services.deps.officeNames(ctx.identity.tenantId, ids)).load(entry.officeId);
  }
}

/** Client.savingsAccounts, contributed to the customer subgraph's Client (batched per request). */
@Resolver(() => ClientAccountsType)
export class ClientAccountsResolver {
  private readonly map: Mappers;
  constructor(private readonly services: AccountServices) {
    this.map = new Mappers(services);
  }

  @FieldResolver(() => [SavingsAccountType], { description: "A page of the client's savings and current accounts in the caller's scope, oldest first: `limit` (default 20, at most 200) from `offset`. The clients of one request share one query." })
  async savingsAccounts(
    @Root() client: ClientAccountsType,
    @Arg('limit', () => Int, { defaultValue: DEFAULT_PAGE, description: 'Page size, 1 to 200.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Accounts to skip, oldest first.' }) offset: number,
    @Ctx() ctx: RequestContext,
  ): Promise<SavingsAccountType[]> {
    const page = checkedPage(limit, offset);
    const byClient = loader<number, SavingsAccountType[]>(ctx, `account.byClient:${page.limit}:${page.offset}`, async (ids) => {
      const found = await this.services.accounts.byClients(ctx.identity, ids, page);
      return new Map([...found].map(([id, rows]) => [id, rows.map((a) => this.map.account(a))]));
    });
    return (await byClient.load(client.id)) ?? [];
  }
}
