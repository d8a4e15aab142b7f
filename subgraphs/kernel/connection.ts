import { errors } from './errors.js';
import { KERNEL_CODES } from './codes.js';
import { DEFAULT_PAGE, MAX_PAGE } from './paging.js';

/*
 * Relay-style cursor pages ("connections") beside the offset lists: the store reads a keyset page (rows
 * after the cursor's key, never OFFSET, so a page costs the same at row 10 as at row 10 million and rows
 * added meanwhile shift nothing), and this builds the edges and pageInfo every connection shares.
 */

/** One row of a connection with the opaque cursor that resumes after it. */
export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
  hasPreviousPage: boolean;
  startCursor: string | null;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** A connection's page request, checked: `first` rows after the row whose key `after` holds (null: from the start). */
export interface KeysetPage {
  first: number;
  /** The keyset of the last row already seen, as the decimal integer strings the cursor carried. */
  after: string[] | null;
}

/** Longest cursor accepted: ours are far shorter, and a bound keeps a hostile one from being walked. */
const MAX_CURSOR_LENGTH = 200;
/** Every key is a non-negative integer (an id or a position): up to bigint's 19 digits. */
const KEY = /^\d{1,19}$/;

/**
 * The cursor of a row in list `list`: base64url of the list's name and the row's keys. The name is in it
 * so that a cursor of one list given to another is refused rather than read as a key of the wrong table.
 */
export function encodeCursor(list: string, keys: readonly (string | number)[]): string {
  return Buffer.from(`${list}:${keys.join(':')}`, 'utf8').toString('base64url');
}

/**
 * Checks a connection's arguments: `first` 1 to 200 (20 when omitted), `after` a cursor of this list with
 * `arity` keys. Either wrong: a 400-class GraphQL error with its code, before anything is read.
 */
export function keysetPage(list: string, arity: number, first: number | null | undefined, after: string | null | undefined): KeysetPage {
  const size = first ?? DEFAULT_PAGE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE) {
    throw errors.badRequest(KERNEL_CODES.invalidFirst, `The argument first must be from 1 to ${MAX_PAGE}.`, 'first');
  }
  if (after == null) return { first: size, after: null };
  const malformed = () => errors.badRequest(KERNEL_CODES.invalidCursor, `The argument after is not a cursor of ${list}: give an endCursor or edge cursor this list returned.`, 'after');
  if (after.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(after)) throw malformed();
  const parts = Buffer.from(after, 'base64url').toString('utf8').split(':');
  const keys = parts.slice(1);
  if (parts[0] !== list || keys.length !== arity || !keys.every((k) => KEY.test(k))) throw malformed();
  return { first: size, after: keys };
}

/**
 * The connection of a keyset page: `rows` as read with limit first + 1 (the extra row only tells that
 * another page follows), `keysOf` the row's keyset in the list's order. hasPreviousPage is true when the
 * page resumed after a cursor: rows precede it, and forward paging needs no count of them.
 */
export function connection<R, N>(list: string, page: KeysetPage, rows: readonly R[], totalCount: number, keysOf: (row: R) => readonly (string | number)[], toNode: (row: R) => N): Connection<N> {
  const shown = rows.slice(0, page.first);
  const edges = shown.map((row) => ({ cursor: encodeCursor(list, keysOf(row)), node: toNode(row) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > page.first,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasPreviousPage: page.after !== null,
      startCursor: edges[0]?.cursor ?? null,
    },
    totalCount,
  };
}
