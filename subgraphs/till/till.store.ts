import type { Statement, Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import type { StaffIdentity } from '../kernel/identity.js';
import { Money, formatAmount } from '../kernel/money.js';
import { emit } from '../kernel/outbox.js';
import { tillEffect, type CashierTxnType, type PostingLineSpec } from './domain/till-rules.js';
import type { TillDependencies } from './till.ports.js';
import { TILL_CODES } from './codes.js';
import { pgArray } from '../kernel/pg-array.js';

export interface TellerRow {
  id: number;
  officeId: number;
  name: string;
  description: string | null;
  startDate: string;
  endDate: string | null;
  status: number;
}

export interface CashierRow {
  id: number;
  tellerId: number;
  officeId: number;
  staffId: number;
  description: string | null;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  startTime: string | null;
  endTime: string | null;
}

export interface TillRow {
  cashierId: number;
  businessDate: string;
  currencyCode: string;
  balance: string;
  settled: boolean;
  systemBalance: string | null;
  countedAmount: string | null;
  variance: string | null;
  settledBy: number | null;
  settledAt: Date | null;
}

export interface CashierTxnRow {
  id: number;
  cashierId: number;
  tellerId: number;
  officeId: number;
  businessDate: string;
  txnType: number;
  amount: string;
  currencyCode: string;
  note: string | null;
  entityType: string | null;
  entityId: number | null;
  sourceTransactionId: string | null;
  journalTransactionId: string | null;
  createdBy: number | null;
  createdAt: Date;
}

export const TELLER_COLUMNS = `id, office_id as "officeId", name, description, to_char(start_date, 'YYYY-MM-DD') as "startDate",
  to_char(end_date, 'YYYY-MM-DD') as "endDate", status`;
export const CASHIER_COLUMNS = `id, teller_id as "tellerId", office_id as "officeId", staff_id as "staffId", description,
  to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate", is_full_day as "isFullDay",
  start_time as "startTime", end_time as "endTime"`;
export const TILL_COLUMNS = `cashier_id as "cashierId", to_char(business_date, 'YYYY-MM-DD') as "businessDate", currency_code as "currencyCode",
  balance::text as balance, settled, system_balance::text as "systemBalance", counted_amount::text as "countedAmount", variance::text as variance,
  settled_by as "settledBy", settled_at as "settledAt"`;
export const TXN_COLUMNS = `id::int as id, cashier_id as "cashierId", teller_id as "tellerId", office_id as "officeId",
  to_char(business_date, 'YYYY-MM-DD') as "businessDate", txn_type as "txnType", amount::text as amount, currency_code as "currencyCode", note,
  entity_type as "entityType", entity_id::int as "entityId", source_transaction_id as "sourceTransactionId",
  journal_transaction_id as "journalTransactionId", created_by as "createdBy", created_at as "createdAt"`;

export const tellerNotFound = (id: number) => errors.notFound(TILL_CODES.tellerNotFound, `Teller with identifier ${id} not found`, id);
export const cashierNotFound = (id: number) => errors.notFound(TILL_CODES.cashierNotFound, `Cashier with identifier ${id} not found`, id);

/** Reads and the shared writes of the till schema; every method runs in the caller's transaction. */
export class TillStore {
  constructor(private readonly deps: TillDependencies) {}

  async teller(tx: Tx, id: number, forUpdate = false): Promise<TellerRow | null> {
    const rows = await tx.query<TellerRow>(`select ${TELLER_COLUMNS} from till.teller where tenant_id = ? and id = ?${forUpdate ? ' for update' : ''}`, [tx.tenantId, id]);
    return rows[0] ?? null;
  }

  /** The teller when the caller's office subtree holds it; 404 otherwise (another tenant's or out of scope). */
  async tellerInScope(tx: Tx, staff: StaffIdentity, id: number, forUpdate = false): Promise<TellerRow> {
    const teller = Number.isSafeInteger(id) ? await this.teller(tx, id, forUpdate) : null;
    if (!teller || !(await this.deps.scope.officeVisible(tx, staff, teller.officeId))) throw tellerNotFound(id);
    return teller;
  }

  async cashier(tx: Tx, id: number): Promise<CashierRow | null> {
    const rows = await tx.query<CashierRow>(`select ${CASHIER_COLUMNS} from till.cashier where tenant_id = ? and id = ?`, [tx.tenantId, id]);
    return rows[0] ?? null;
  }

  /** The cashier in scope (and of `tellerId` when given); 404 otherwise. */
  async cashierInScope(tx: Tx, staff: StaffIdentity, id: number, tellerId?: number): Promise<CashierRow> {
    const cashier = Number.isSafeInteger(id) ? await this.cashier(tx, id) : null;
    if (!cashier || (tellerId !== undefined && cashier.tellerId !== tellerId) || !(await this.deps.scope.officeVisible(tx, staff, cashier.officeId))) {
      throw cashierNotFound(id);
    }
    return cashier;
  }

  async tellersByIds(tx: Tx, ids: readonly number[]): Promise<Map<number, TellerRow>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.query<TellerRow>(`select ${TELLER_COLUMNS} from till.teller where tenant_id = ? and id = any(?::int[])`, [tx.tenantId, pgArray([...new Set(ids)])]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  /**
   * Locks one cashier's till for one business date (FOR UPDATE): the serialization point of every cash
   * movement of that drawer, so concurrent cash-outs queue here and never overdraw it. Null when the day
   * has no till (no allocation yet).
   */
  async lockTill(tx: Tx, cashierId: number, businessDate: string, ahead: readonly Statement[] = []): Promise<TillRow | null> {
    const rows = await tx.query<TillRow>(
      `select ${TILL_COLUMNS} from till.till where tenant_id = ? and cashier_id = ? and business_date = ?::date for update`,
      [tx.tenantId, cashierId, businessDate],
      ahead,
    );
    return rows[0] ?? null;
  }

  /** The day's till, created empty when absent, locked: the insert goes ahead of the lock, in its round trip. */
  async openTill(tx: Tx, cashierId: number, businessDate: string, currency: string, actor: number | null): Promise<TillRow> {
    const create = {
      sql: `insert into till.till (tenant_id, cashier_id, business_date, currency_code, created_by, updated_by) values (?, ?, ?::date, ?, ?, ?)
       on conflict (tenant_id, cashier_id, business_date) do nothing`,
      params: [tx.tenantId, cashierId, businessDate, currency, actor, actor],
    };
    return (await this.lockTill(tx, cashierId, businessDate, [create]))!;
  }

  /**
   * A cashier of `staffId` whose till (any business date) is not yet settled: cash that user logins linked
   * to this staff record would move. Null when none.
   */
  async openTillOfStaff(tx: Tx, staffId: number): Promise<{ cashierId: number; businessDate: string } | null> {
    const rows = await tx.query<{ cashier_id: number; business_date: string }>(
      `select t.cashier_id, to_char(t.business_date, 'YYYY-MM-DD') as business_date
         from till.cashier c join till.till t on t.tenant_id = c.tenant_id and t.cashier_id = c.id
        where c.tenant_id = ? and c.staff_id = ? and not t.settled
        order by t.business_date, t.cashier_id limit 1`,
      [tx.tenantId, staffId],
    );
    return rows[0] ? { cashierId: Number(rows[0].cashier_id), businessDate: rows[0].business_date } : null;
  }

  async till(tx: Tx, cashierId: number, businessDate: string): Promise<TillRow | null> {
    const rows = await tx.query<TillRow>(`select ${TILL_COLUMNS} from till.till where tenant_id = ? and cashier_id = ? and business_date = ?::date`, [tx.tenantId, cashierId, businessDate]);
    return rows[0] ?? null;
  }

  /**
   * Records one cashier transaction against a LOCKED till: moves the till balance, writes the row and,
   * when `lines` are given, posts its journal (transaction id T<cashierTxnId>) in the same transaction.
   */
  async record(
    tx: Tx,
    till: TillRow,
    cashier: CashierRow,
    entry: { type: CashierTxnType; amount: string; note?: string | null; entityType?: string | null; entityId?: number | null; sourceTransactionId?: string | null; lines?: PostingLineSpec[]; actor: number | null },
  ): Promise<{ id: number; balance: string; journalTransactionId: string | null }> {
    // The journal's id is T<cashierTxnId>, so a posting movement draws its id first; a bare one lets the insert do it.
    const drawn = entry.lines ? Number((await tx.query<{ id: string }>(`select nextval('till.cashier_transaction_id_seq') as id`))[0]!.id) : null;
    let journalTransactionId: string | null = null;
    if (entry.lines) {
      const posted = await this.deps.postJournal(tx, {
        officeId: cashier.officeId,
        currency: till.currencyCode,
        date: till.businessDate,
        lines: entry.lines,
        source: { entityType: 'TILL', entityId: cashier.id, transactionId: `T${drawn}` },
        comments: entry.note ?? null,
        actor: entry.actor,
      });
      journalTransactionId = posted.transactionId;
    }
    const balance = formatAmount(new Money(till.balance).plus(tillEffect(entry.type, new Money(entry.amount))));
    await tx.query(
      `update till.till set balance = ?::numeric, updated_at = now(), updated_by = ? where tenant_id = ? and cashier_id = ? and business_date = ?::date`,
      [balance, entry.actor, tx.tenantId, cashier.id, till.businessDate],
    );
    till.balance = balance;
    const inserted = await tx.query<{ id: string }>(
      `insert into till.cashier_transaction (tenant_id, id, cashier_id, teller_id, office_id, business_date, txn_type, amount, currency_code, note,
         entity_type, entity_id, source_transaction_id, journal_transaction_id, created_by, updated_by)
       values (?, coalesce(?::bigint, nextval('till.cashier_transaction_id_seq')), ?, ?, ?, ?::date, ?, ?::numeric, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        tx.tenantId, drawn, cashier.id, cashier.tellerId, cashier.officeId, till.businessDate, entry.type, entry.amount, till.currencyCode, entry.note ?? null,
        entry.entityType ?? null, entry.entityId ?? null, entry.sourceTransactionId ?? null, journalTransactionId, entry.actor, entry.actor,
      ],
    );
    const id = Number(inserted[0]!.id);
    return { id, balance, journalTransactionId };
  }

  /** The outbox event of a till change the tellers' back office cares about (allocation, settlement). */
  async event(tx: Tx, eventType: string, actionName: string, data: Record<string, unknown>): Promise<void> {
    await emit(tx, { eventType, entityName: 'CASHIER', actionName, data });
  }
}
