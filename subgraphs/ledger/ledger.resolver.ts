import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { enumOption, EnumOption } from '../kernel/enum-option.type.js';
import { requireStaff } from '../kernel/identity.js';
import { connection, keysetPage, type Connection } from '../kernel/connection.js';
import { loader } from '../platform/loaders.js';
import { Money, formatAmount } from '../kernel/money.js';
import type { EventEnvelope } from '../kernel/outbox.js';
import type { PubSub } from '../platform/pubsub.js';
import { mapStream } from '../platform/streams.js';
import type { RequestContext } from '../platform/request-context.js';
import { CATALOGUE_BY_CODE, type CurrencyDef } from './currencies.js';
import type { GLAccountWithDepth } from './gl-account.service.js';
import type { JournalEntryRow } from './journal-entry.service.js';
import { ENTRY_CREDIT, GL_TYPES, GL_USAGES, type GLClosure, type GLTypeId } from './ledger.entities.js';
import { JournalEntryTypeEnum, journalEntryTypeEnum, journalEntryTypeId } from './ledger.enums.js';
import type { LedgerServices } from './ledger.services.js';
import { JOURNAL_POSTED_EVENT, type PostedTransaction } from './posting-engine.js';
import {
  BalanceSheetType, CreateGLAccountInput, GLAccountBalanceType, CreateJournalEntryInput, CurrencyConfigurationType, CurrencyType, GLAccountChangePayload,
  GLAccountType, GLClosureChangePayload, CreateGLClosureInput, UpdateGLClosureInput, GLClosureType, IncomeStatementType, JournalEntryPageType, JournalEntryConnectionType, JournalEntryType,
  GLAccountTagType, JournalTransactionType, LedgerReportType, PaymentTypeRefType, TrialBalanceType, UpdateGLAccountInput, ReportDefinitionType, ReportParameterType,
} from './ledger.types.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

const TYPE_OPTIONS = Object.entries(GL_TYPES).map(([id, t]) => enumOption(Number(id), t.code, t.value));
const USAGE_OPTIONS = Object.entries(GL_USAGES).map(([id, u]) => enumOption(Number(id), u.code, u.value));
const ENTITY_TYPE_IDS: Record<string, number> = { LOAN: 1, SAVINGS: 2, PROVISIONING: 3, SHARES: 4, CLIENT: 5, TILL: 6 };

export const glTypeOption = (id: number): EnumOption => TYPE_OPTIONS.find((o) => o.id === id) ?? enumOption(id, 'accountType.invalid', 'INVALID');
const usageOption = (id: number): EnumOption => USAGE_OPTIONS.find((o) => o.id === id) ?? enumOption(id, 'accountUsage.invalid', 'INVALID');
const entryTypeOption = (id: number): EnumOption => (id === ENTRY_CREDIT ? enumOption(1, 'journalEntryType.credit', 'CREDIT') : enumOption(2, 'journalEntryType.debit', 'DEBIT'));

export function toGLAccountType({ account, depth }: GLAccountWithDepth): GLAccountType {
  return {
    id: account.id,
    name: account.name,
    glCode: account.glCode,
    parentId: account.parentId,
    type: glTypeOption(account.type),
    usage: usageOption(account.usage),
    manualEntriesAllowed: account.manualEntriesAllowed,
    disabled: account.disabled,
    description: account.description,
    nameDecorated: `${'....'.repeat(depth)}${account.name}`,
    tag: account.tagId == null ? null : { id: account.tagId },
  };
}

export function toCurrencyType(def: CurrencyDef): CurrencyType {
  return {
    code: def.code,
    name: def.name,
    decimalPlaces: def.decimalPlaces,
    inMultiplesOf: def.inMultiplesOf,
    displaySymbol: def.displaySymbol,
    nameCode: def.nameCode,
    displayLabel: `${def.name} ${def.displaySymbol ? `(${def.displaySymbol})` : `[${def.code}]`}`,
  };
}

function currencyFallback(code: string): CurrencyType {
  return toCurrencyType(CATALOGUE_BY_CODE.get(code) ?? { code, name: code, decimalPlaces: 2, displaySymbol: null, nameCode: `currency.${code}`, inMultiplesOf: 0 });
}

export function toJournalEntryType(row: JournalEntryRow): JournalEntryType {
  return {
    id: row.id,
    officeId: row.officeId,
    glAccountId: row.glAccountId,
    glAccountCode: row.glAccountCode,
    glAccountName: row.glAccountName,
    glAccountType: glTypeOption(row.glAccountType),
    transactionDate: row.transactionDate,
    entryType: entryTypeOption(row.entryType),
    amount: row.amount,
    currency: currencyFallback(row.currencyCode),
    transactionId: row.transactionId,
    manualEntry: row.manualEntry,
    reversed: row.reversed,
    reversalTransactionId: row.reversalTransactionId,
    reversalOf: row.reversalOf,
    entityType: row.entityType ? enumOption(ENTITY_TYPE_IDS[row.entityType] ?? 0, `journalEntryEntityType.${row.entityType.toLowerCase()}`, row.entityType) : null,
    entityId: row.entityId,
    referenceNumber: row.referenceNumber,
    comments: row.comments,
    createdByUserId: row.createdBy,
    createdDate: row.createdAt instanceof Date ? row.createdAt.toISOString() : row.createdAt == null ? null : String(row.createdAt),
    paymentDetailData: row.paymentDetail
      ? {
          paymentType: { id: row.paymentDetail.paymentTypeId },
          accountNumber: row.paymentDetail.accountNumber,
          checkNumber: row.paymentDetail.checkNumber,
          routingCode: row.paymentDetail.routingCode,
          receiptNumber: row.paymentDetail.receiptNumber,
          bankNumber: row.paymentDetail.bankNumber,
        }
      : null,
    officeRunningBalance: row.officeRunningBalance ?? null,
    organizationRunningBalance: row.organizationRunningBalance ?? null,
    runningBalanceComputed: row.organizationRunningBalance != null ? true : null,
  };
}

export function toJournalTransactionType(posted: PostedTransaction & { reversalOf?: string | null; amount?: string }): JournalTransactionType {
  const debits = posted.lines.filter((l) => l.entryType !== ENTRY_CREDIT);
  const amount = posted.amount ?? formatAmount(debits.reduce((sum, l) => sum.plus(l.amount), new Money(0)));
  return {
    transactionId: posted.transactionId,
    officeId: posted.officeId,
    currencyCode: posted.currencyCode,
    transactionDate: posted.transactionDate,
    manualEntry: posted.manualEntry,
    amount,
    reversalOf: posted.reversalOf ?? null,
    resourceId: posted.lines[0]?.id ?? 0,
    lines: posted.lines.map((l) => ({ id: l.id, glAccountId: l.glAccountId, glCode: l.glCode, entryType: entryTypeOption(l.entryType), amount: l.amount })),
  };
}

export function toGLClosureType(c: GLClosure): GLClosureType {
  return { id: c.id, officeId: c.officeId, closingDate: c.closingDate, comments: c.comments, deleted: c.deleted, createdByUserId: c.createdBy };
}

const officeName = async (services: LedgerServices, ctx: RequestContext, officeId: number): Promise<string | null> => {
  const byId = loader<number, string>(ctx, 'ledger.officeName', (ids) => services.officeNames(ctx.identity.tenantId, ids));
  return byId.load(officeId);
};

@Resolver(() => PaymentTypeRefType)
export class PaymentTypeRefResolver {
  constructor(private readonly services: LedgerServices) {}

  @FieldResolver(() => String, { description: 'Display name.', nullable: true })
  async name(@Root() ref: PaymentTypeRefType, @Ctx() ctx: RequestContext): Promise<string | null> {
    const byId = loader<number, string>(ctx, 'ledger.paymentTypeName', (ids) => this.services.paymentTypeNames(ctx.identity.tenantId, ids));
    return byId.load(ref.id);
  }
}

@Resolver(() => GLAccountTagType)
export class GLAccountTagResolver {
  constructor(private readonly services: LedgerServices) {}

  @FieldResolver(() => String, { description: 'The code value\'s name.', nullable: true })
  async name(@Root() tag: GLAccountTagType, @Ctx() ctx: RequestContext): Promise<string | null> {
    const byId = loader<number, string>(ctx, 'ledger.codeValueName', (ids) => this.services.codeValueNames(ctx.identity.tenantId, ids));
    return byId.load(tag.id);
  }
}

@Resolver(() => GLAccountType)
export class GLAccountResolver {
  constructor(private readonly services: LedgerServices) {}

  @Query(() => [EnumOption], { description: 'General ledger account types: 1 asset, 2 liability, 3 equity, 4 income, 5 expense.' })
  glAccountTypes(): EnumOption[] {
    return TYPE_OPTIONS;
  }

  @Query(() => [EnumOption], { description: 'General ledger account usages: 1 detail, 2 header.' })
  glAccountUsages(): EnumOption[] {
    return USAGE_OPTIONS;
  }

  @Query(() => [GLAccountType], { description: 'The chart of accounts, ordered by GL code.' })
  async glAccounts(
    @Ctx() ctx: RequestContext,
    @Arg('type', () => Int, { description: 'Only accounts of this GL type: 1 asset, 2 liability, 3 equity, 4 income, 5 expense.', nullable: true }) type?: number,
    @Arg('usage', () => Int, { description: 'GL account usage: 1 detail (postable), 2 header (grouping only).', nullable: true }) usage?: number,
    @Arg('manualEntriesAllowed', () => Boolean, { description: 'Only accounts that do (true) or do not (false) allow manual entries.', nullable: true }) manualEntriesAllowed?: boolean,
    @Arg('disabled', () => Boolean, { description: 'Only disabled (true) or only enabled (false) accounts.', nullable: true }) disabled?: boolean,
  ): Promise<GLAccountType[]> {
    return (await this.services.glAccounts.list(ctx.identity, { type, usage, manualEntriesAllowed, disabled })).map(toGLAccountType);
  }

  @Query(() => GLAccountType, { description: 'A GL account by id.' })
  async glAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<GLAccountType> {
    return toGLAccountType(await this.services.glAccounts.get(ctx.identity, id));
  }

  @Mutation(() => GLAccountType, { description: 'Creates a GL account.' })
  async createGLAccount(@Arg('input', () => CreateGLAccountInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateGLAccountInput, @Ctx() ctx: RequestContext): Promise<GLAccountType> {
    return toGLAccountType(await this.services.glAccounts.create(ctx.identity, input));
  }

  @Mutation(() => GLAccountChangePayload, { description: 'Changes a GL account.' })
  async updateGLAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateGLAccountInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateGLAccountInput, @Ctx() ctx: RequestContext): Promise<GLAccountChangePayload> {
    const { account, changes } = await this.services.glAccounts.update(ctx.identity, id, input);
    return { glAccount: toGLAccountType(account), changes };
  }

  @FieldResolver(() => DecimalScalar, { description: "Balance over all journal lines in one currency (currencyCode, by default the tenant's base currency), on the account's normal side (debit for assets and expenses, credit otherwise). Amounts of two currencies are never added: `balances` lists each." })
  async organizationRunningBalance(
    @Root() account: GLAccountType,
    @Ctx() ctx: RequestContext,
    @Arg('currencyCode', () => String, { nullable: true, description: "ISO 4217 code of the currency to sum; by default the tenant's base currency." }) currencyCode?: string | null,
  ): Promise<string> {
    const currency = currencyCode ?? null;
    const byId = loader<number, string>(ctx, `ledger.organizationBalance.${currency ?? ''}`, (ids) => this.services.glAccounts.organizationBalances(ctx.identity, ids, currency));
    return (await byId.load(account.id)) ?? '0';
  }

  @FieldResolver(() => [GLAccountBalanceType], { description: 'The balance in each currency the account has journal lines in, in currency code order.' })
  async balances(@Root() account: GLAccountType, @Ctx() ctx: RequestContext): Promise<GLAccountBalanceType[]> {
    const byId = loader<number, { currencyCode: string; amount: string }[]>(ctx, 'ledger.balancesByCurrency', (ids) => this.services.glAccounts.balancesByCurrency(ctx.identity, ids));
    return (await byId.load(account.id)) ?? [];
  }

  @Mutation(() => Int, { description: 'Deletes an account without entries or children; answers its id.' })
  async deleteGLAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.glAccounts.delete(ctx.identity, id);
  }
}

@Resolver(() => CurrencyType)
export class CurrencyResolver {
  constructor(private readonly services: LedgerServices) {}

  @Query(() => CurrencyConfigurationType, { description: 'Enabled currencies (selectedCurrencyOptions) and the ones that could be enabled.' })
  async currencies(@Ctx() ctx: RequestContext): Promise<CurrencyConfigurationType> {
    const { selected, options } = await this.services.currencies.configuration(ctx.identity);
    return { selectedCurrencyOptions: selected.map(toCurrencyType), currencyOptions: options.map(toCurrencyType) };
  }

  @Mutation(() => [String], { description: 'Replaces the enabled currencies; answers the enabled codes.' })
  async updateCurrencies(@Arg('currencies', () => [String], { description: 'ISO 4217 codes of every currency the tenant allows.' }) currencies: string[], @Ctx() ctx: RequestContext): Promise<string[]> {
    return this.services.currencies.update(ctx.identity, currencies);
  }
}

@Resolver(() => JournalEntryType)
export class JournalEntryResolver {
  constructor(private readonly services: LedgerServices) {}

  @FieldResolver(() => JournalEntryTypeEnum, { description: 'entryType as a GraphQL enum.' })
  entryTypeEnum(@Root() entry: JournalEntryType): JournalEntryTypeEnum {
    return journalEntryTypeEnum(entry.entryType.id);
  }

  @Mutation(() => JournalTransactionType, { description: 'Posts a balanced manual journal entry (Accountant role or super user).' })
  async createJournalEntry(@Arg('input', () => CreateJournalEntryInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateJournalEntryInput, @Ctx() ctx: RequestContext): Promise<JournalTransactionType> {
    return toJournalTransactionType(await this.services.journal.createManual(ctx.identity, input));
  }

  @Mutation(() => JournalTransactionType, { description: 'Reverses a manual journal transaction with new, opposite lines; the originals are marked reversed.' })
  async reverseJournalEntry(
    @Arg('transactionId', { description: 'Id of the journal transaction to reverse (the transactionId its entries share).' }) transactionId: string,
    @Ctx() ctx: RequestContext,
    @Arg('comments', () => String, { description: 'Why the entry is reversed.', nullable: true }) comments?: string | null,
  ): Promise<JournalTransactionType> {
    return toJournalTransactionType({ ...(await this.services.journal.reverse(ctx.identity, transactionId, comments)), reversalOf: transactionId });
  }

  @Query(() => JournalEntryPageType, { description: 'Journal entry lines matching the filters, newest first.' })
  async journalEntries(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('glAccountId', () => Int, { description: 'Only lines on this GL account.', nullable: true }) glAccountId?: number,
    @Arg('manualEntriesOnly', () => Boolean, { description: 'Only manual journal entries.', nullable: true }) manualEntriesOnly?: boolean,
    @Arg('fromDate', () => LocalDateScalar, { description: 'First day included (YYYY-MM-DD).', nullable: true }) fromDate?: string,
    @Arg('toDate', () => LocalDateScalar, { description: 'Last day included (YYYY-MM-DD).', nullable: true }) toDate?: string,
    @Arg('transactionId', () => String, { description: 'Only the entries of this journal transaction (the transactionId its entries share).', nullable: true }) transactionId?: string,
    @Arg('entityType', () => String, { description: 'Kind of record entityId names: 1 loan, 2 savings.', nullable: true }) entityType?: string,
    @Arg('entityId', () => Int, { description: 'Only entries of this account or loan (with entityType).', nullable: true }) entityId?: number,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
    @Arg('orderBy', () => String, { description: 'Field to order by (Fineract\'s `orderBy`), e.g. "id".', nullable: true }) orderBy?: string,
    @Arg('sortOrder', () => String, { description: 'ASC or DESC.', nullable: true }) sortOrder?: string,
    @Arg('runningBalance', () => Boolean, { nullable: true, description: 'Fill officeRunningBalance and organizationRunningBalance.' }) runningBalance?: boolean,
    @Arg('entryType', () => JournalEntryTypeEnum, { nullable: true, description: 'Only credit lines or only debit lines; both when omitted.' }) entryType?: JournalEntryTypeEnum,
  ): Promise<JournalEntryPageType> {
    const page = await this.services.journal.list(ctx.identity, {
      officeId, glAccountId, manualEntriesOnly, fromDate, toDate, transactionId, entityType, entityId, offset, limit, orderBy, sortOrder, runningBalance,
      entryType: entryType == null ? null : journalEntryTypeId(entryType),
    });
    return { totalFilteredRecords: page.totalFilteredRecords, pageItems: page.pageItems.map(toJournalEntryType) };
  }

  @Query(() => JournalEntryConnectionType, { description: 'Journal entry lines matching the filters as a cursor page (Relay connection), newest first by id.' })
  async journalEntriesConnection(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) first?: number,
    @Arg('after', () => String, { description: 'Resume after this cursor (an endCursor or edge cursor this list returned); from the newest when omitted.', nullable: true }) after?: string,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('glAccountId', () => Int, { description: 'Only lines on this GL account.', nullable: true }) glAccountId?: number,
    @Arg('manualEntriesOnly', () => Boolean, { description: 'Only manual journal entries.', nullable: true }) manualEntriesOnly?: boolean,
    @Arg('fromDate', () => LocalDateScalar, { description: 'First day included (YYYY-MM-DD).', nullable: true }) fromDate?: string,
    @Arg('toDate', () => LocalDateScalar, { description: 'Last day included (YYYY-MM-DD).', nullable: true }) toDate?: string,
    @Arg('transactionId', () => String, { description: 'Only the entries of this journal transaction (the transactionId its entries share).', nullable: true }) transactionId?: string,
    @Arg('entityType', () => String, { description: 'Kind of record entityId names: 1 loan, 2 savings.', nullable: true }) entityType?: string,
    @Arg('entityId', () => Int, { description: 'Only entries of this account or loan (with entityType).', nullable: true }) entityId?: number,
    @Arg('runningBalance', () => Boolean, { nullable: true, description: 'Fill officeRunningBalance and organizationRunningBalance.' }) runningBalance?: boolean,
    @Arg('entryType', () => JournalEntryTypeEnum, { nullable: true, description: 'Only credit lines or only debit lines; both when omitted.' }) entryType?: JournalEntryTypeEnum,
  ): Promise<Connection<JournalEntryType>> {
    const page = keysetPage('journalEntries', 1, first, after);
    const found = await this.services.journal.keysetPage(ctx.identity, {
      officeId, glAccountId, manualEntriesOnly, fromDate, toDate, transactionId, entityType, entityId, runningBalance,
      entryType: entryType == null ? null : journalEntryTypeId(entryType),
    }, page);
    return connection('journalEntries', page, found.pageItems, found.totalFilteredRecords, (e) => [e.id], toJournalEntryType);
  }

  @Query(() => JournalEntryType, { description: 'The lines of one journal entry (by transaction id).' })
  async journalEntry(
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number,
    @Ctx() ctx: RequestContext,
    @Arg('runningBalance', () => Boolean, { description: 'True to include each line\'s running balance on its account.', nullable: true }) runningBalance?: boolean,
  ): Promise<JournalEntryType> {
    return toJournalEntryType(await this.services.journal.get(ctx.identity, id, runningBalance ?? false));
  }

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  async officeName(@Root() entry: JournalEntryType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return officeName(this.services, ctx, entry.officeId);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Username of whoever posted the entry (Fineract createdByUserName).' })
  async createdByUserName(@Root() entry: JournalEntryType, @Ctx() ctx: RequestContext): Promise<string | null> {
    if (entry.createdByUserId == null) return null;
    const byId = loader<number, string>(ctx, 'ledger.username', (ids) => this.services.usernames(ctx.identity.tenantId, ids));
    return byId.load(entry.createdByUserId);
  }

  @Subscription(() => JournalTransactionType, {
    description: 'Journal transactions posted in the caller\'s tenant (manual and system), live.',
    subscribe: ({ context }: { context: RequestContext }) => {
      const staff = requireStaff(context.identity, 'READ_JOURNALENTRY');
      return postedIterator(context.pubsub, staff.tenantId);
    },
  })
  journalEntryPosted(@Root() posted: JournalTransactionType): JournalTransactionType {
    return posted;
  }
}

/** Ends its pubsub listener as soon as it is closed, not at the next posting (platform/streams.ts). */
function postedIterator(pubsub: PubSub, tenantId: string): AsyncIterableIterator<JournalTransactionType> {
  return mapStream(pubsub.subscribe(tenantId, JOURNAL_POSTED_EVENT), Promise.resolve((event: EventEnvelope) =>
    toJournalTransactionType((event as EventEnvelope<PostedTransaction & { reversalOf: string | null; amount: string } & Record<string, unknown>>).data)));
}

@Resolver(() => GLClosureType)
export class GLClosureResolver {
  constructor(private readonly services: LedgerServices) {}

  @Query(() => [GLClosureType], { description: 'Accounting closures.' })
  async glClosures(@Ctx() ctx: RequestContext, @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number): Promise<GLClosureType[]> {
    return (await this.services.closures.list(ctx.identity, officeId)).map(toGLClosureType);
  }

  @Query(() => GLClosureType, { description: 'An accounting closure by id.' })
  async glClosure(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<GLClosureType> {
    return toGLClosureType(await this.services.closures.get(ctx.identity, id));
  }

  @Mutation(() => GLClosureType, { description: 'Closes an office\'s books up to a day.' })
  async createGLClosure(@Arg('input', () => CreateGLClosureInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateGLClosureInput, @Ctx() ctx: RequestContext): Promise<GLClosureType> {
    return toGLClosureType(await this.services.closures.create(ctx.identity, input));
  }

  @Mutation(() => GLClosureChangePayload, { description: 'Changes a closure\'s comments.' })
  async updateGLClosure(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateGLClosureInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateGLClosureInput, @Ctx() ctx: RequestContext): Promise<GLClosureChangePayload> {
    const { closure, changes } = await this.services.closures.update(ctx.identity, id, input);
    return { glClosure: toGLClosureType(closure), changes };
  }

  @Mutation(() => GLClosureType, { description: 'Deletes the latest closure of an office (re-opens its period).' })
  async deleteGLClosure(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<GLClosureType> {
    return toGLClosureType(await this.services.closures.delete(ctx.identity, id));
  }

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  async officeName(@Root() closure: GLClosureType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return officeName(this.services, ctx, closure.officeId);
  }
}

@Resolver()
export class LedgerReportResolver {
  constructor(private readonly services: LedgerServices) {}

  @Query(() => [ReportDefinitionType], { description: "The reports /runreports serves, with their parameters (Fineract's GET /reports)." })
  reports(@Ctx() ctx: RequestContext): ReportDefinitionType[] {
    return this.services.reports.catalogue(ctx.identity).map((r) => ({ ...r, parameters: r.parameterDefs }));
  }

  @Query(() => [ReportParameterType], { description: "The parameters of the named reports, each once (Fineract's FullParameterList)." })
  reportParameters(@Arg('reportNames', () => [String], { description: 'Report names whose parameters to list.' }) reportNames: string[], @Ctx() ctx: RequestContext): ReportParameterType[] {
    return this.services.reports.parameters(ctx.identity, reportNames);
  }

  @Query(() => TrialBalanceType, { description: 'Net balance per account for the period; officeId 1 (head office) covers all offices, another office its subtree.' })
  async trialBalance(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('startDate', () => LocalDateScalar, { description: 'First day included (YYYY-MM-DD).', nullable: true }) startDate?: string,
    @Arg('endDate', () => LocalDateScalar, { description: 'Last day included (YYYY-MM-DD).', nullable: true }) endDate?: string,
    @Arg('currencyCode', () => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode?: string,
  ): Promise<TrialBalanceType> {
    return this.services.reports.trialBalance(ctx.identity, officeId ?? 1, startDate, endDate, currencyCode);
  }

  @Query(() => BalanceSheetType, { description: 'Assets, liabilities and equity (with current earnings) as of a date.' })
  async balanceSheet(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('asOfDate', () => LocalDateScalar, { description: 'Day the balances are taken at (YYYY-MM-DD).', nullable: true }) asOfDate?: string,
    @Arg('currencyCode', () => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode?: string,
  ): Promise<BalanceSheetType> {
    return this.services.reports.balanceSheet(ctx.identity, officeId ?? 1, asOfDate, currencyCode);
  }

  @Query(() => IncomeStatementType, { description: 'Income and expense accounts for a period, with net income.' })
  async incomeStatement(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('startDate', () => LocalDateScalar, { description: 'First day included (YYYY-MM-DD).', nullable: true }) startDate?: string,
    @Arg('endDate', () => LocalDateScalar, { description: 'Last day included (YYYY-MM-DD).', nullable: true }) endDate?: string,
    @Arg('currencyCode', () => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode?: string,
  ): Promise<IncomeStatementType> {
    return this.services.reports.incomeStatement(ctx.identity, officeId ?? 1, startDate, endDate, currencyCode);
  }

  @Query(() => LedgerReportType, { description: 'A ledger report by name, as /runreports serves it: Trial Balance, Trial Balance Table, Balance Sheet, Income Statement.' })
  async ledgerReport(
    @Arg('name', { description: 'Name to look up.' }) name: string,
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('startDate', () => LocalDateScalar, { description: 'First day included (YYYY-MM-DD).', nullable: true }) startDate?: string,
    @Arg('endDate', () => LocalDateScalar, { description: 'Last day included (YYYY-MM-DD).', nullable: true }) endDate?: string,
    @Arg('currencyCode', () => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode?: string,
  ): Promise<LedgerReportType> {
    const report = await this.services.reports.run(ctx.identity, name, officeId, startDate, endDate, currencyCode);
    return {
      reportName: report.reportName,
      columnHeaders: report.columnHeaders,
      rows: report.rows.map((r) => ({ ...r, typeName: r.type != null ? (GL_TYPES[r.type as GLTypeId]?.value ?? null) : null })),
    };
  }
}
