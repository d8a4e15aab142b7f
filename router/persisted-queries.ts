import { createHash } from 'node:crypto';
import type { Identity } from '../subgraphs/kernel/identity.js';
import { readFileSync } from 'node:fs';
import type { PersistedQueryStore } from '../subgraphs/platform/persisted-query.store.js';

/**
 * Persisted queries at the edge, before the GraphQL limits: Apollo's Automatic Persisted Queries (a client
 * sends `extensions.persistedQuery.sha256Hash`, and the document itself only when told
 * PersistedQueryNotFound) and trusted documents (GRAPHQL_TRUSTED_DOCUMENTS: only a manifest's documents
 * run). The gateway runtime's persisted-documents plugin runs after the edge's limits, cost and scalar
 * checks and the direct route, which all need the document's text, and it registers nothing (no APQ):
 * hence here, where a resolved request continues exactly as if the client had sent the text.
 */

/** Apollo's protocol: clients match this message and code to resend the document with its hash. */
export const PERSISTED_QUERY_NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND';
export const PERSISTED_QUERY_VERSION_UNSUPPORTED = 'error.msg.graphql.persisted.query.version.unsupported';
export const PERSISTED_QUERY_HASH_MISMATCH = 'error.msg.graphql.persisted.query.hash.mismatch';
export const DOCUMENT_NOT_TRUSTED = 'error.msg.graphql.document.not.trusted';

/** What the APQ store holds at most, across tenants: entries, and characters of documents. */
export const APQ_LIMITS = { maxEntries: 2000, maxChars: 8_000_000, maxDocumentChars: 100_000 } as const;

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface PersistedQueryRefusal {
  kind: 'refused';
  /**
   * 200 for PersistedQueryNotFound, under both media types, as Apollo Server answers it: Apollo Client
   * turns persisted queries off for good when that answer is a 400, instead of resending the document.
   */
  status: number;
  code: string;
  message: string;
}

export type PersistedQueryResolution =
  | PersistedQueryRefusal
  /** `body` is the request with its document; `changed` when it differs from what the client sent. */
  | { kind: 'ok'; body: unknown; changed: boolean; register?: { key: string; query: string } };

/** A bounded least-recently-used map: Map keeps insertion order, so a read moves its entry to the end. */
export class LruDocuments {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(private readonly limits: { maxEntries: number; maxChars: number }) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.chars -= old.length;
    }
    this.entries.set(key, value);
    this.chars += value.length;
    while (this.entries.size > this.limits.maxEntries || this.chars > this.limits.maxChars) {
      const [oldestKey, oldestValue] = this.entries.entries().next().value as [string, string];
      this.entries.delete(oldestKey);
      this.chars -= oldestValue.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The APQ store of one process (tests, and tools that run an edge without a shared store). */
export class MemoryPersistedQueryStore implements PersistedQueryStore {
  private readonly documents = new LruDocuments(APQ_LIMITS);

  async get(key: string): Promise<string | undefined> {
    return this.documents.get(key);
  }

  async set(key: string, query: string): Promise<void> {
    this.documents.set(key, query);
  }
}

/**
 * A trusted-documents manifest: a JSON object mapping each document's id to the document, as GraphQL
 * Codegen's client preset writes it (`persisted-documents.json`, ids the SHA-256 of the document), or
 * Apollo's persisted query manifest (`{"format": "apollo-persisted-query-manifest", "operations":
 * [{"id", "body", ...}]}`). Read whole at start: a file that is not such a manifest stops the start.
 */
export function readTrustedDocuments(path: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS: cannot read ${path} as JSON (${(error as Error).message})`);
  }
  const pairs: [unknown, unknown][] = isApolloManifest(parsed)
    ? parsed.operations.map((o) => [o?.id, o?.body])
    : parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : [];
  if (pairs.length === 0) throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS: ${path} holds no documents (a JSON object of sha256 hash -> document)`);
  const documents = new Map<string, string>();
  for (const [id, document] of pairs) {
    if (typeof id !== 'string' || id === '' || typeof document !== 'string' || document.trim() === '') {
      throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS: ${path}: "${String(id).slice(0, 80)}" is not an id with a document`);
    }
    documents.set(normalizedId(id), document);
  }
  return documents;
}

function isApolloManifest(value: unknown): value is { operations: ({ id?: unknown; body?: unknown } | null)[] } {
  const manifest = value as { format?: unknown; operations?: unknown } | null;
  return manifest !== null && typeof manifest === 'object' && manifest.format === 'apollo-persisted-query-manifest' && Array.isArray(manifest.operations);
}

/** `sha256:<hex>` (the trusted-documents `documentId` form) and upper-case hex name the same document as lower-case hex. */
function normalizedId(id: string): string {
  const bare = id.startsWith('sha256:') ? id.slice('sha256:'.length) : id;
  return SHA256_HEX.test(bare.toLowerCase()) ? bare.toLowerCase() : id;
}

interface GraphQLParams {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
  extensions?: Record<string, unknown> & { persistedQuery?: { version?: unknown; sha256Hash?: unknown } };
  /** The trusted-documents form of a persisted request (`"sha256:<hex>"` or a manifest's id). */
  documentId?: unknown;
}

export class PersistedQueries {
  private readonly trusted?: { byId: ReadonlyMap<string, string>; texts: ReadonlySet<string> };

  /**
   * `manifest`: the only documents the deployment serves, by id; `alwaysTrusted`: documents every
   * deployment serves (the REST layer's own operations), by their SHA-256; `store`: where registered
   * documents live (the database's, shared by every worker and instance, in a deployment).
   */
  constructor(manifest?: ReadonlyMap<string, string>, alwaysTrusted: Iterable<string> = [], private readonly store: PersistedQueryStore = new MemoryPersistedQueryStore()) {
    if (manifest) {
      const byId = new Map(manifest);
      for (const document of alwaysTrusted) byId.set(sha256Hex(document), document);
      this.trusted = { byId, texts: new Set(byId.values()) };
    }
  }

  /**
   * Fills in the document of a request that names it by hash or id, or refuses it. APQ entries are keyed
   * by tenant and principal (`principal`: the authenticated caller, e.g. "staff:12"; null when anonymous):
   * whether a hash is known must not tell anyone whether somebody else ran that document. An anonymous
   * caller's hash is never looked up (PersistedQueryNotFound, as for an unknown hash) and never registered.
   * An authenticated caller's document may be remembered under its hash once the edge's checks have
   * admitted it (`register`).
   */
  async resolve(params: unknown, tenant: string, principal: string | null, mayRegister = true): Promise<PersistedQueryResolution> {
    if (params === null || typeof params !== 'object' || Array.isArray(params)) return { kind: 'ok', body: params, changed: false };
    const request = params as GraphQLParams;
    const persisted = request.extensions !== null && typeof request.extensions === 'object' ? request.extensions.persistedQuery : undefined;
    const documentId = typeof request.documentId === 'string' ? request.documentId : undefined;
    if (persisted === undefined && documentId === undefined) {
      if (this.trusted && typeof request.query === 'string' && !this.trusted.texts.has(request.query)) return notTrusted();
      return { kind: 'ok', body: params, changed: false };
    }
    let id: string;
    if (documentId !== undefined) {
      id = normalizedId(documentId);
    } else {
      if (persisted === null || typeof persisted !== 'object' || persisted.version !== 1) {
        return { kind: 'refused', status: 400, code: PERSISTED_QUERY_VERSION_UNSUPPORTED, message: 'Persisted queries are version 1: extensions.persistedQuery {version: 1, sha256Hash}.' };
      }
      id = typeof persisted.sha256Hash === 'string' ? normalizedId(persisted.sha256Hash) : '';
      if (!SHA256_HEX.test(id) && !this.trusted?.byId.has(id)) {
        return { kind: 'refused', status: 400, code: PERSISTED_QUERY_HASH_MISMATCH, message: 'extensions.persistedQuery.sha256Hash must be 64 hexadecimal digits.' };
      }
    }
    const key = `${tenant}\n${principal ?? ''}\n${id}`;
    let query: string;
    let register: { key: string; query: string } | undefined;
    if (typeof request.query === 'string') {
      query = request.query;
      if (this.trusted) {
        // The text decides: a trusted document runs whatever it is called.
        if (!this.trusted.texts.has(query)) return notTrusted();
      } else if (documentId === undefined) {
        if (sha256Hex(query) !== id) return { kind: 'refused', status: 400, code: PERSISTED_QUERY_HASH_MISMATCH, message: 'The provided sha256Hash is not the SHA-256 of the query.' };
        if (mayRegister && principal !== null && query.length <= APQ_LIMITS.maxDocumentChars) register = { key, query };
      }
    } else {
      const found = this.trusted ? this.trusted.byId.get(id) : principal === null ? undefined : await this.store.get(key);
      if (found === undefined) return { kind: 'refused', status: 200, code: PERSISTED_QUERY_NOT_FOUND, message: 'PersistedQueryNotFound' };
      query = found;
    }
    // The same request body whether the client sent the text or only its hash, so that an Idempotency-Key
    // replay matches either way; the hash is spent here (the direct route takes no extensions).
    const otherExtensions = { ...request.extensions };
    delete otherExtensions.persistedQuery;
    const body: GraphQLParams = { query, operationName: request.operationName, variables: request.variables };
    if (Object.keys(otherExtensions).length > 0) body.extensions = otherExtensions;
    return { kind: 'ok', body, changed: true, ...(register ? { register } : {}) };
  }

  /** Remembers an admitted document under its tenant and hash (APQ registration). */
  register(entry: { key: string; query: string }): Promise<void> {
    return this.store.set(entry.key, entry.query);
  }
}

/** Whose APQ entries a caller reads and writes: its user within the tenant; null for anonymous callers. */
export function apqPrincipal(identity: Identity): string | null {
  return identity.kind === 'anonymous' ? null : `${identity.kind}:${identity.userId}`;
}

function notTrusted(): PersistedQueryRefusal {
  return { kind: 'refused', status: 400, code: DOCUMENT_NOT_TRUSTED, message: 'This service runs only its trusted GraphQL documents (GRAPHQL_TRUSTED_DOCUMENTS); send one of them, or its sha256Hash.' };
}
