import { Arg, Field, ID, Int, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { EventScope } from '../platform/event-stream.js';
import { tenantEvents } from '../platform/event-stream.js';
import { mapStream } from '../platform/streams.js';
import { decimalText } from '../kernel/exact-json.js';
import { requireCustomer, requireStaff, type Identity } from '../kernel/identity.js';
import type { EventEnvelope } from '../kernel/outbox.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import type { RequestContext } from '../platform/request-context.js';

/**
 * The event contract this subscription reads (written by the account module's deposits, withdrawals,
 * transfers and loan movements): eventType account.credit | account.debit, data {accountId, accountNo,
 * clientId, officeId, staffId, transactionId, type, date (YYYY-MM-DD), amount, runningBalance, currency,
 * reference?, transferId?}.
 */
export const ACCOUNT_TRANSACTION_EVENTS = ['account.credit', 'account.debit'];

@ObjectType('AccountTransactionEvent', { description: 'A committed credit or debit of a savings or current account.' })
export class AccountTransactionEventType {
  @Field({ description: 'Unique id of the event (UUID); deliveries of the same event share it, so use it to deduplicate.' }) eventId!: string;
  @Field({ description: 'account.credit or account.debit' }) eventType!: string;
  @Field(() => ID, { description: 'Id of the account concerned.' }) accountId!: string;
  @Field(() => String, { description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).', nullable: true }) accountNo!: string | null;
  @Field(() => ID, { description: 'Id of the transaction concerned.', nullable: true }) transactionId!: string | null;
  @Field(() => String, { nullable: true, description: 'The transaction type as the account module names it (e.g. DEPOSIT, WITHDRAWAL).' }) type!: string | null;
  @Field({ description: 'CREDIT or DEBIT' }) entryType!: string;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Account balance after this transaction (decimal string).', nullable: true }) runningBalance!: string | null;
  @Field(() => String, { description: 'Currency of the amounts, with its display details.', nullable: true }) currency!: string | null;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.', nullable: true }) date!: string | null;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.', nullable: true }) clientId!: number | null;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.', nullable: true }) officeId!: number | null;
  @Field(() => String, { description: 'Reference of the transaction (e.g. a session id or receipt), or null.', nullable: true }) reference!: string | null;
  @Field(() => String, { description: 'Id of the account transfer this transaction belongs to, or null.', nullable: true }) transferId!: string | null;
}

type AccountEventData = Record<string, unknown> & { accountId?: unknown; officeId?: unknown; staffId?: unknown; clientId?: unknown };

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const int = (v: unknown): number | null => (v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));

export function toAccountTransactionEvent(event: EventEnvelope<AccountEventData>): AccountTransactionEventType {
  const d = event.data;
  return {
    eventId: event.eventId,
    eventType: event.eventType,
    accountId: String(d.accountId),
    accountNo: text(d.accountNo),
    transactionId: text(d.transactionId),
    type: text(d.type),
    entryType: event.eventType === 'account.credit' ? 'CREDIT' : 'DEBIT',
    amount: decimalText(d.amount)!,
    runningBalance: decimalText(d.runningBalance),
    currency: text(d.currency),
    date: text(d.date),
    clientId: int(d.clientId),
    officeId: int(d.officeId),
    reference: text(d.reference),
    transferId: text(d.transferId),
  };
}

function authorize(identity: Identity): Identity {
  if (identity.kind === 'customer') return requireCustomer(identity);
  return requireStaff(identity, 'READ_SAVINGSACCOUNT');
}

/** A stream whose close ends its pubsub listeners at once, even in a tenant where nothing happens (streams.ts). */
function accountTransactions(context: RequestContext, scopeOf: EventScope, args: { accountId?: string | null; officeId?: string | null }): AsyncIterableIterator<AccountTransactionEventType> {
  const identity = authorize(context.identity);
  const events = tenantEvents(context.pubsub, identity.tenantId, ACCOUNT_TRANSACTION_EVENTS);
  return mapStream(events, scopeOf(identity).then((visible) => (event: EventEnvelope) => {
    const d = event.data as AccountEventData;
    if (args.accountId != null && String(d.accountId) !== String(args.accountId)) return undefined;
    if (args.officeId != null && String(d.officeId) !== String(args.officeId)) return undefined;
    if (!visible({ officeId: Number(d.officeId), staffId: int(d.staffId), clientId: int(d.clientId) })) return undefined;
    return toAccountTransactionEvent(event as EventEnvelope<AccountEventData>);
  }));
}

/** Live credits and debits, scoped like the account queries (office subtree, portfolio, a customer's own accounts). */
@Resolver()
export class AccountTransactionsSubscriptionResolver {
  @Subscription(() => AccountTransactionEventType, {
    description: 'Every committed credit and debit visible to the caller; optionally of one account or one office.',
    subscribe: ({ args, context }: { args: { accountId?: string | null; officeId?: string | null }; context: RequestContext }) => accountTransactions(context, context.eventScope, args),
  })
  accountTransactions(
    @Root() event: AccountTransactionEventType,
    @Arg('accountId', () => ID, { description: 'Account id.', nullable: true }) _accountId?: string,
    @Arg('officeId', () => ID, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) _officeId?: string,
  ): AccountTransactionEventType {
    return event;
  }
}
