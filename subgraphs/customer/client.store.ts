import { LockMode, type FilterQuery } from '@mikro-orm/core';
import { escapeLike } from '../kernel/db-errors.js';
import type { Tx } from '../kernel/tx.js';
import { Client, CLIENT_STATUS_ACTIVE } from './client.entity.js';

/*
 * customer.client as the customer module reads it: the Client entity (its commands change it and flush
 * in the caller's transaction) and the typed statements the entity cannot express. Every function runs
 * in the caller's transaction.
 */

export function clientById(tx: Tx, id: number): Promise<Client | null> {
  return tx.em.findOne(Client, { id });
}

/** Clients by id in one statement (a group's members). */
export function clientsByIds(tx: Tx, ids: readonly number[]): Promise<Client[]> {
  return tx.em.find(Client, { id: { $in: [...ids] } }, { orderBy: { id: 'asc' } });
}

export async function clientIdByExternalId(tx: Tx, externalId: string): Promise<number | null> {
  return (await tx.em.findOne(Client, { externalId }, { fields: ['id'] }))?.id ?? null;
}

/**
 * The client row locked (FOR UPDATE) and read again under the lock: a row read before it may predate a
 * concurrent command's commit (two lifecycle commands would both see "pending" and both succeed).
 */
export function lockClient(tx: Tx, id: number): Promise<Client | null> {
  return tx.em.findOne(Client, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** Whether another client (`exceptId` aside) has this external id. */
export async function externalIdTaken(tx: Tx, externalId: string, exceptId: number | null): Promise<boolean> {
  return (await tx.em.findOne(Client, { externalId, ...(exceptId === null ? {} : { id: { $ne: exceptId } }) }, { fields: ['id'] })) !== null;
}

/** Which clients a list covers; null leaves a filter out. */
export interface ClientListQuery {
  officeIds: readonly number[];
  staffId: number | null;
  externalId: string | null;
  /** A substring of the display name, case-insensitive. */
  displayName: string | null;
  /** A substring of the display name, or exactly an account number, CIF, external id or mobile number. */
  search: string | null;
  statusId: number | null;
}

/** A page of clients and the total, ordered by `column` (the id breaks ties, so pages never overlap or skip). */
export async function clientPage(
  tx: Tx, q: ClientListQuery, column: keyof Client, direction: 'asc' | 'desc', offset: number, limit: number,
): Promise<{ total: number; items: Client[] }> {
  const where = clientWhere(q);
  const orderBy = column === 'id' ? { id: direction } : { [column]: direction, id: direction };
  const [items, total] = await tx.em.findAndCount(Client, where, { orderBy, offset, limit });
  return { total, items };
}

/**
 * A keyset page of clients by id (a connection): `limit` clients with ids above `afterId`, read from the
 * primary key's index rather than skipping rows, and how many the list has in all.
 */
export async function clientKeysetPage(tx: Tx, q: ClientListQuery, afterId: number | null, limit: number): Promise<{ total: number; items: Client[] }> {
  const where = clientWhere(q);
  const total = await tx.em.count(Client, where);
  const items = await tx.em.find(Client, afterId === null ? where : { $and: [where, { id: { $gt: afterId } }] }, { orderBy: { id: 'asc' }, limit });
  return { total, items };
}

function clientWhere(q: ClientListQuery): FilterQuery<Client> & Record<string, unknown> {
  const where: FilterQuery<Client> & Record<string, unknown> = { officeId: { $in: [...q.officeIds] } };
  if (q.staffId !== null) where.staffId = q.staffId;
  if (q.externalId !== null) where.externalId = q.externalId;
  if (q.displayName !== null) where.displayName = { $ilike: `%${escapeLike(q.displayName)}%` };
  if (q.search !== null) {
    where.$or = [{ displayName: { $ilike: `%${escapeLike(q.search)}%` } }, { accountNo: q.search }, { cif: q.search.toUpperCase() }, { externalId: q.search }, { mobileNo: q.search }];
  }
  if (q.statusId !== null) where.statusId = q.statusId;
  return where;
}

/**
 * Active clients holding `bvn` (`exceptId` aside), by id, read under the BVN's advisory lock (held to the
 * end of the caller's transaction and sent ahead of the read, in its round trip): a concurrent onboarding
 * of the same number waits and then sees this one. Pending entity changes must be flushed first.
 */
export function lockedActiveWithBvn(tx: Tx, bvn: string, exceptId: number | null): Promise<{ id: number; cif: string }[]> {
  return tx.query<{ id: number; cif: string }>(
    `select id, cif from customer.client where tenant_id = ? and bvn = ? and status_id = ? and id <> ? order by id`,
    [tx.tenantId, bvn, CLIENT_STATUS_ACTIVE, exceptId ?? -1],
    [{ sql: `select pg_advisory_xact_lock(hashtextextended(?, 0))`, params: [`${tx.tenantId}:bvn:${bvn}`] }],
  );
}

/** Whether any client holds this code value (gender, type, classification or a lifecycle reason). */
export async function clientsUseCodeValue(tx: Tx, valueId: number): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from customer.client where tenant_id = ? and ?::int in (gender_id, client_type_id, client_classification_id, closure_reason_id, rejection_reason_id, withdrawal_reason_id) limit 1`,
    [tx.tenantId, valueId],
  );
  return rows.length > 0;
}
