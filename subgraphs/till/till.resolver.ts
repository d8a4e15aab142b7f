import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { EnumOption, enumOption } from '../kernel/enum-option.type.js';
import { loader } from '../platform/loaders.js';
import { formatAmount } from '../kernel/money.js';
import { LocalDateScalar } from '../kernel/scalars.js';
import type { RequestContext } from '../platform/request-context.js';
import { TELLER_ACTIVE, TELLER_INACTIVE } from './domain/till-rules.js';
import type { Settlement } from './settlement.service.js';
import type { TillServices } from './till.services.js';
import type { CashierRow, CashierTxnRow, TellerRow } from './till.store.js';
import {
  CashierChangePayload, CreateCashierInput, UpdateCashierInput, CashiersForTellerType, CashierSettlementType, CashierSummaryType, CashierTemplateType, CashierTransactionPageType,
  CashierTransactionType, CashierType, CashTransactionInput, CashTransactionResultType, SettleCashierInput, StaffReference, TellerChangePayload, CreateTellerInput, UpdateTellerInput,
  TellerType, TillType,
} from './till.types.js';

export const CASHIER_TXN_TYPES = [
  enumOption(101, 'cashierTxnType.allocate', 'Allocate Cash'),
  enumOption(102, 'cashierTxnType.settle', 'Settle Cash'),
  enumOption(103, 'cashierTxnType.inward', 'Cash In'),
  enumOption(104, 'cashierTxnType.outward', 'Cash Out'),
];
const TELLER_STATUSES = [enumOption(TELLER_ACTIVE, 'tellerStatusType.active', 'ACTIVE'), enumOption(TELLER_INACTIVE, 'tellerStatusType.inactive', 'INACTIVE')];

export const toTellerType = (t: TellerRow): TellerType => ({
  id: t.id,
  officeId: t.officeId,
  name: t.name,
  description: t.description,
  startDate: t.startDate,
  endDate: t.endDate,
  status: TELLER_STATUSES.find((s) => s.id === t.status) ?? enumOption(t.status, 'tellerStatusType.invalid', 'INVALID'),
});

export const toCashierType = (c: CashierRow): CashierType => ({ ...c });

export const toTxnType = (r: CashierTxnRow): CashierTransactionType => ({
  id: r.id,
  cashierId: r.cashierId,
  tellerId: r.tellerId,
  officeId: r.officeId,
  txnType: CASHIER_TXN_TYPES.find((o) => o.id === Number(r.txnType)) ?? enumOption(Number(r.txnType), 'cashierTxnType.invalid', 'Invalid'),
  txnAmount: formatAmount(r.amount),
  txnDate: r.businessDate,
  txnNote: r.note,
  currencyCode: r.currencyCode,
  entityType: r.entityType,
  entityId: r.entityId,
  sourceTransactionId: r.sourceTransactionId,
  journalTransactionId: r.journalTransactionId,
  createdByUserId: r.createdBy,
  createdDate: r.createdAt instanceof Date ? r.createdAt.toISOString() : r.createdAt == null ? null : String(r.createdAt),
});

function toTillType(t: Awaited<ReturnType<TillServices['cash']['till']>>): TillType {
  return {
    cashierId: t.cashier.id,
    date: t.date,
    currencyCode: t.till?.currencyCode ?? null,
    balance: formatAmount(t.till?.balance ?? 0),
    allocated: t.till !== null,
    settled: t.till?.settled ?? false,
    open: t.till !== null && !t.till.settled,
    transactions: t.transactions.map(toTxnType),
  };
}

const toSettlementType = (s: Settlement): CashierSettlementType => ({
  cashierId: s.cashierId,
  resourceId: s.cashierId,
  date: s.date,
  currencyCode: s.currencyCode,
  systemBalance: s.systemBalance,
  countedAmount: s.countedAmount,
  variance: s.variance,
  settledByUserId: s.settledBy,
  settledAt: s.settledAt instanceof Date ? s.settledAt.toISOString() : s.settledAt == null ? null : String(s.settledAt),
});

function officeName(services: TillServices, ctx: RequestContext, officeId: number): Promise<string | null> {
  return loader<number, string>(ctx, 'till.officeName', (ids) => services.names.offices(ctx.identity.tenantId, ids)).load(officeId);
}

@Resolver(() => TellerType)
export class TellerResolver {
  constructor(private readonly services: TillServices) {}

  @Query(() => [EnumOption], { description: 'Cashier (till) transaction types.' })
  cashierTransactionTypes(): EnumOption[] {
    return CASHIER_TXN_TYPES;
  }

  @Query(() => [TellerType], { description: "Tellers of the caller's office subtree." })
  async tellers(@Ctx() ctx: RequestContext, @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number): Promise<TellerType[]> {
    return (await this.services.tellers.list(ctx.identity, officeId)).map(toTellerType);
  }

  @Query(() => TellerType, { description: 'A teller by id.' })
  async teller(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<TellerType> {
    return toTellerType(await this.services.tellers.get(ctx.identity, id));
  }

  @Mutation(() => TellerType, { description: 'Creates a teller.' })
  async createTeller(@Arg('input', () => CreateTellerInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateTellerInput, @Ctx() ctx: RequestContext): Promise<TellerType> {
    return toTellerType(await this.services.tellers.create(ctx.identity, input));
  }

  @Mutation(() => TellerChangePayload, { description: 'Changes a teller.' })
  async updateTeller(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateTellerInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateTellerInput, @Ctx() ctx: RequestContext): Promise<TellerChangePayload> {
    const { teller, changes } = await this.services.tellers.update(ctx.identity, id, input);
    return { teller: toTellerType(teller), changes };
  }

  @Mutation(() => TellerType, { description: 'Deletes a teller without cashiers; answers it as it was.' })
  async deleteTeller(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<TellerType> {
    return toTellerType(await this.services.tellers.delete(ctx.identity, id));
  }

  @Query(() => CashierTransactionPageType, { description: 'Cashier transactions of all cashiers of a teller, newest first.' })
  async tellerTransactions(
    @Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number,
    @Ctx() ctx: RequestContext,
    @Arg('currencyCode', () => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode?: string,
    @Arg('date', () => LocalDateScalar, { description: 'A calendar day (YYYY-MM-DD).', nullable: true }) date?: string,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
  ): Promise<CashierTransactionPageType> {
    const page = await this.services.cash.tellerTransactions(ctx.identity, tellerId, { currencyCode, date, offset, limit });
    return { totalFilteredRecords: page.totalFilteredRecords, pageItems: page.pageItems.map(toTxnType) };
  }

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  officeName(@Root() teller: TellerType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return officeName(this.services, ctx, teller.officeId);
  }
}

@Resolver(() => CashierType)
export class CashierResolver {
  constructor(private readonly services: TillServices) {}

  @Query(() => CashiersForTellerType, { description: 'Cashiers allocated to a teller.' })
  async tellerCashiers(@Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number, @Ctx() ctx: RequestContext): Promise<CashiersForTellerType> {
    const { teller, cashiers } = await this.services.cashiers.listForTeller(ctx.identity, tellerId);
    return { tellerId: teller.id, tellerName: teller.name, officeId: teller.officeId, startDate: teller.startDate, endDate: teller.endDate, cashiers: cashiers.map(toCashierType) };
  }

  @Query(() => CashierType, { description: 'A cashier allocation by id.' })
  async cashier(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext, @Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.', nullable: true }) tellerId?: number): Promise<CashierType> {
    return toCashierType(await this.services.cashiers.get(ctx.identity, id, tellerId));
  }

  @Query(() => CashierTemplateType, { description: "Active staff of the teller's office, for a new cashier." })
  async cashierTemplate(@Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number, @Ctx() ctx: RequestContext): Promise<CashierTemplateType> {
    const { teller, staffOptions } = await this.services.cashiers.template(ctx.identity, tellerId);
    return { tellerId: teller.id, tellerName: teller.name, officeId: teller.officeId, staffOptions };
  }

  @Mutation(() => CashierType, { description: 'Assigns a staff member of the teller\'s office to the teller for a date range.' })
  async createCashier(@Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number, @Arg('input', () => CreateCashierInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateCashierInput, @Ctx() ctx: RequestContext): Promise<CashierType> {
    return toCashierType(await this.services.cashiers.create(ctx.identity, tellerId, input));
  }

  @Mutation(() => CashierChangePayload, { description: 'Changes a cashier allocation.' })
  async updateCashier(
    @Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number,
    @Arg('cashierId', () => Int, { description: 'Cashier (a staff member allocated to a teller) id.' }) cashierId: number,
    @Arg('input', () => UpdateCashierInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateCashierInput,
    @Ctx() ctx: RequestContext,
  ): Promise<CashierChangePayload> {
    const { cashier, changes } = await this.services.cashiers.update(ctx.identity, tellerId, cashierId, input);
    return { cashier: toCashierType(cashier), changes };
  }

  @Mutation(() => CashierType, { description: 'Removes an assignment that never moved cash; answers it as it was.' })
  async deleteCashier(@Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number, @Arg('cashierId', () => Int, { description: 'Cashier (a staff member allocated to a teller) id.' }) cashierId: number, @Ctx() ctx: RequestContext): Promise<CashierType> {
    return toCashierType(await this.services.cashiers.delete(ctx.identity, tellerId, cashierId));
  }

  @Mutation(() => CashTransactionResultType, { description: 'Vault to till (101): DR 11101 CR 11102 at the teller\'s office, on today\'s till.' })
  async allocateCashToCashier(
    @Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number,
    @Arg('cashierId', () => Int, { description: 'Cashier (a staff member allocated to a teller) id.' }) cashierId: number,
    @Arg('input', () => CashTransactionInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CashTransactionInput,
    @Ctx() ctx: RequestContext,
  ): Promise<CashTransactionResultType> {
    const { cashier, transactionId } = await this.services.cash.allocate(ctx.identity, tellerId, cashierId, input);
    return { tellerId, cashierId: cashier.id, officeId: cashier.officeId, transactionId };
  }

  @Mutation(() => CashTransactionResultType, { description: 'Till to vault (102): DR 11102 CR 11101; does not close the till.' })
  async settleCashFromCashier(
    @Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number,
    @Arg('cashierId', () => Int, { description: 'Cashier (a staff member allocated to a teller) id.' }) cashierId: number,
    @Arg('input', () => CashTransactionInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CashTransactionInput,
    @Ctx() ctx: RequestContext,
  ): Promise<CashTransactionResultType> {
    const { cashier, transactionId } = await this.services.cash.settle(ctx.identity, tellerId, cashierId, input);
    return { tellerId, cashierId: cashier.id, officeId: cashier.officeId, transactionId };
  }

  @Mutation(() => CashierSettlementType, { description: 'End of day: reconciles counted cash against the system balance and closes the till for that date.' })
  async settleCashier(@Arg('cashierId', () => Int, { description: 'Cashier (a staff member allocated to a teller) id.' }) cashierId: number, @Arg('input', () => SettleCashierInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: SettleCashierInput, @Ctx() ctx: RequestContext): Promise<CashierSettlementType> {
    return toSettlementType(await this.services.settlements.settle(ctx.identity, cashierId, input));
  }

  @Query(() => [CashierSettlementType], { description: 'End-of-day settlements of a cashier, newest first.' })
  async cashierSettlements(@Arg('cashierId', () => Int, { description: 'Cashier (a staff member allocated to a teller) id.' }) cashierId: number, @Ctx() ctx: RequestContext): Promise<CashierSettlementType[]> {
    return (await this.services.settlements.list(ctx.identity, cashierId)).map(toSettlementType);
  }

  @Query(() => CashierSummaryType, { description: 'A cashier\'s cash position and movements.' })
  async cashierSummary(
    @Arg('tellerId', () => Int, { description: 'Teller (till group of a branch) id.' }) tellerId: number,
    @Arg('cashierId', () => Int, { description: 'Cashier (a staff member allocated to a teller) id.' }) cashierId: number,
    @Ctx() ctx: RequestContext,
    @Arg('currencyCode', () => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode?: string,
    @Arg('date', () => LocalDateScalar, { description: 'A calendar day (YYYY-MM-DD).', nullable: true }) date?: string,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
  ): Promise<CashierSummaryType> {
    const s = await this.services.cash.summary(ctx.identity, tellerId, cashierId, { currencyCode, date, offset, limit });
    return {
      cashierId: s.cashier.id,
      tellerId: s.teller.id,
      tellerName: s.teller.name,
      officeId: s.teller.officeId,
      sumCashAllocation: s.sumCashAllocation,
      sumInwardCash: s.sumInwardCash,
      sumOutwardCash: s.sumOutwardCash,
      sumCashSettlement: s.sumCashSettlement,
      netCash: s.netCash,
      cashierTransactions: { totalFilteredRecords: s.totalFilteredRecords, pageItems: s.pageItems.map(toTxnType) },
      staffId: s.cashier.staffId,
    };
  }

  @Query(() => TillType, { description: "A cashier's till for a date (today's business date when absent)." })
  async till(@Arg('cashierId', () => Int, { description: 'Cashier (a staff member allocated to a teller) id.' }) cashierId: number, @Ctx() ctx: RequestContext, @Arg('date', () => LocalDateScalar, { description: 'A calendar day (YYYY-MM-DD).', nullable: true }) date?: string): Promise<TillType> {
    return toTillType(await this.services.cash.till(ctx.identity, cashierId, date));
  }

  @FieldResolver(() => TillType, { name: 'till', description: "The cashier's till for a date (today's business date when absent)." })
  async tillOf(@Root() cashier: CashierType, @Ctx() ctx: RequestContext, @Arg('date', () => LocalDateScalar, { description: 'A calendar day (YYYY-MM-DD).', nullable: true }) date?: string): Promise<TillType> {
    return toTillType(await this.services.cash.till(ctx.identity, cashier.id, date));
  }

  @FieldResolver(() => StaffReference, { description: 'The staff member, resolved by the organisation subgraph.' })
  staff(@Root() cashier: CashierType): StaffReference {
    return { id: cashier.staffId };
  }

  @FieldResolver(() => String, { description: 'Display name of the staff member concerned, or null.', nullable: true })
  async staffName(@Root() cashier: CashierType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return loader<number, string>(ctx, 'till.staffName', (ids) => this.services.names.staff(ctx.identity.tenantId, ids)).load(cashier.staffId);
  }

  @FieldResolver(() => String, { description: 'Name of the teller (a branch\'s till group).', nullable: true })
  async tellerName(@Root() cashier: CashierType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return loader<number, string>(ctx, 'till.tellerName', (ids) => this.services.names.tellers(ctx.identity.tenantId, ids)).load(cashier.tellerId);
  }

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  officeName(@Root() cashier: CashierType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return officeName(this.services, ctx, cashier.officeId);
  }
}

@Resolver(() => CashiersForTellerType)
export class CashiersForTellerResolver {
  constructor(private readonly services: TillServices) {}

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  officeName(@Root() t: CashiersForTellerType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return officeName(this.services, ctx, t.officeId);
  }
}

@Resolver(() => CashierTemplateType)
export class CashierTemplateResolver {
  constructor(private readonly services: TillServices) {}

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  officeName(@Root() t: CashierTemplateType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return officeName(this.services, ctx, t.officeId);
  }
}

@Resolver(() => CashierSummaryType)
export class CashierSummaryResolver {
  constructor(private readonly services: TillServices) {}

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  officeName(@Root() s: CashierSummaryType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return officeName(this.services, ctx, s.officeId);
  }

  @FieldResolver(() => String, { description: 'Display name of the cashier.', nullable: true })
  async cashierName(@Root() s: CashierSummaryType, @Ctx() ctx: RequestContext): Promise<string | null> {
    return loader<number, string>(ctx, 'till.staffName', (ids) => this.services.names.staff(ctx.identity.tenantId, ids)).load(s.staffId);
  }
}
