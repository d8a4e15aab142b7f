import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { randomBytes } from 'node:crypto';
import { startEdge, type Edge } from '../../router/edge.js';
import { startSubgraphs, subgraphRuntimes } from '../../router/subgraphs.js';
import { loadConfig, SUBGRAPHS } from '../../subgraphs/kernel/config.js';
import { createLogger, type Logger } from '../../subgraphs/platform/logger.js';
import { PortInUseError } from '../../subgraphs/platform/listen.js';
import type { RunningSubgraph } from '../../subgraphs/platform/subgraph-server.js';
import { startPlatform, type Platform } from '../../subgraphs/registry.js';
import { createTestDatabase } from './database.js';
import { freePort } from './ports.js';
import { assertDocumented, templateFor, type OpenApiDocument } from './openapi.js';

const stopped = new Set<string>();

/**
 * Starts each subgraph, moving it to another free port when the one picked was taken meanwhile (another
 * test file's process can bind it between freePort() and listen()): a clear retry instead of a failed file.
 */
async function startSubgraphsOnFreePorts(platform: Platform, logger: Logger): Promise<RunningSubgraph[]> {
  const running: RunningSubgraph[] = [];
  for (const name of SUBGRAPHS) {
    for (let attempt = 1; ; attempt++) {
      try {
        running.push(...(await startSubgraphs(platform, logger, [name])));
        break;
      } catch (error) {
        if (!(error instanceof PortInUseError) || attempt === 5) throw error;
        const port = await freePort();
        platform.config.subgraphPorts[name] = port;
        platform.config.subgraphUrls[name] = `http://127.0.0.1:${port}/graphql`;
      }
    }
  }
  return running;
}

export interface HttpResult<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
  /** The body's bytes as received (a PDF). */
  bytes: Buffer;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent verbatim (for invalid JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
  tenant?: string | null;
  /** A session key or `user:password`; null sends no Authorization. */
  auth?: string | null;
  /** A fresh connection for this request (keep-alive otherwise): several workers each get their share. */
  freshConnection?: boolean;
  /** Fails the request (ETIMEDOUT) when no answer has come by then, instead of waiting for ever. */
  timeoutMs?: number;
}

/**
 * The whole service on a fresh database: the real edge over HTTPS (certificate verified against the
 * generated CA), the real subgraphs, real PostgreSQL (or the embedded database). One per test file.
 */
export class TestService {
  private constructor(
    readonly platform: Platform,
    readonly edge: Edge,
    private readonly subgraphs: RunningSubgraph[],
    private readonly ca: string,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /** JSON log lines the service wrote, when started with `captureLogs`. */
  readonly logs: Record<string, unknown>[] = [];

  /** The service's own OpenAPI document: every REST answer a test receives is checked against it. */
  private openApi: OpenApiDocument | undefined;

  /**
   * `databaseUrl` runs this instance on another instance's database (a second process of one deployment,
   * or a restart); such an instance never drops it. `keepDatabase` leaves this instance's database for a
   * later instance (drop it with dropTestDatabase). `relay: false` starts no outbox relay.
   */
  static async start(options: { transport?: 'in-process' | 'http'; embedded?: boolean; env?: Record<string, string>; captureLogs?: boolean; databaseUrl?: string; keepDatabase?: boolean; relay?: boolean } = {}): Promise<TestService> {
    const dataDir = mkdtempSync(join(tmpdir(), 'cbs-test-'));
    const database = options.embedded || options.databaseUrl ? null : await createTestDatabase();
    const databaseUrl = options.databaseUrl ?? database?.url;
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      TENANTS: 'default',
      // SUBGRAPH_TRANSPORT=http npm test runs every end-to-end test through the split deployment's wiring.
      ...(process.env.SUBGRAPH_TRANSPORT ? { SUBGRAPH_TRANSPORT: process.env.SUBGRAPH_TRANSPORT } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    };
    for (const name of SUBGRAPHS) env[`${name.toUpperCase()}_PORT`] = String(await freePort());
    const config = loadConfig(env);
    const logs: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = options.captureLogs ? createLogger('info', sink) : createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
    const platform = await startPlatform(config, logger, { poolMax: 8, relay: options.relay });
    // npm start executes subgraphs in place; `transport: 'http'` runs them as a split deployment does.
    const http = (options.transport ?? config.subgraphTransport) === 'http';
    const subgraphs = http ? await startSubgraphsOnFreePorts(platform, logger) : [];
    const edge = await startEdge(platform, logger, http ? undefined : await subgraphRuntimes(platform));
    const ca = readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8');
    const service = new TestService(platform, edge, subgraphs, ca, async () => {
      await edge.stop();
      await Promise.all(subgraphs.filter((s) => !stopped.has(s.name)).map((s) => s.stop()));
      await platform.close();
      if (!options.keepDatabase) await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    service.logs.push(...logs);
    // Later lines arrive after construction: keep appending to the same array.
    logs.push = (...items) => service.logs.push(...items);
    const document = await service.request<OpenApiDocument>('GET', '/api/v1/openapi.json');
    if (document.status !== 200) throw new Error(`no OpenAPI document: ${document.text.slice(0, 200)}`);
    service.openApi = document.body;
    return service;
  }

  /** Stops one subgraph, as a crash or a deploy would (failure tests). */
  async stopSubgraph(name: string): Promise<void> {
    const subgraph = this.subgraphs.find((s) => s.name === name);
    if (!subgraph) throw new Error(`no subgraph ${name} served over HTTP (start with transport: 'http')`);
    stopped.add(name);
    await subgraph.stop();
  }

  /** Drains one subgraph served over HTTP, as its process does on SIGTERM (shutdown tests). */
  async drainSubgraph(name: string, graceMs: number): Promise<boolean> {
    const subgraph = this.subgraphs.find((s) => s.name === name);
    if (!subgraph) throw new Error(`no subgraph ${name} served over HTTP (start with transport: 'http')`);
    stopped.add(name);
    return subgraph.drain(graceMs);
  }

  get databaseUrl(): string | undefined {
    return this.platform.config.databaseUrl;
  }

  get services() {
    return this.platform.services;
  }

  async stop(): Promise<void> {
    await this.cleanup();
  }

  /** A new tenant with its admin logged in: every test gets its own institution. */
  async tenant(prefix = 't'): Promise<TenantSession> {
    const slug = `${prefix}${randomBytes(4).toString('hex')}`;
    await this.services.organisation.tenants.provision(slug, { adminPassword: 'password' });
    const login = await this.request('POST', '/api/v1/authentication', { tenant: slug, auth: null, body: { username: 'admin', password: 'password' } });
    if (login.status !== 200) throw new Error(`admin login failed: ${login.text}`);
    return new TenantSession(this, slug, login.body.base64EncodedAuthenticationKey as string);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    const res = await httpsJson<T>(this.edge.url, this.ca, method, path, options);
    if (this.openApi && /^\/(fineract-provider\/)?api\/v1\//.test(path)) this.checkDocumented(method, path, res);
    return res;
  }

  /**
   * A REST answer must be what the OpenAPI document says for its path, method and status. Paths and
   * methods the document does not have (404 and 405 answers) and non-JSON answers have nothing to match.
   */
  private checkDocumented(method: string, path: string, res: HttpResult): void {
    const template = templateFor(this.openApi!, path);
    if (!template || !this.openApi!.paths[template]![method.toLowerCase()]) return;
    if (!/json/.test(String(res.headers['content-type'] ?? ''))) return;
    assertDocumented(this.openApi!, method, path, res);
  }

  get caCertificate(): string {
    return this.ca;
  }

  /** A graphql-ws client on the edge (wss, certificate verified) with the tenant and key in connectionParams. */
  subscriptionClient(tenant: string, key: string, options: { lazy?: boolean } = {}): Client {
    return wsClient(this.edge.url, this.ca, tenant, key, options);
  }
}

/** A graphql-ws client on the edge at `baseUrl` (wss, certificate verified against `ca`). */
export function wsClient(baseUrl: string, ca: string, tenant: string, key: string, options: { lazy?: boolean } = {}): Client {
  class TrustingWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { ca });
    }
  }
  return createClient({
    url: `${baseUrl.replace('https', 'wss')}/graphql`,
    webSocketImpl: TrustingWebSocket,
    connectionParams: { 'Service-Platform-TenantId': tenant, Authorization: `Basic ${key}` },
    lazy: options.lazy ?? false,
    retryAttempts: 0,
  });
}

/** Anything that answers the edge's HTTPS requests: an in-process TestService or a spawned service process. */
export interface Requester {
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpResult<T>>;
}

/** One HTTPS request to the edge at `baseUrl`, its certificate verified against `ca`; JSON bodies parsed. */
export function httpsJson<T = any>(baseUrl: string, ca: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.tenant) headers['Service-Platform-TenantId'] = options.tenant;
  if (options.auth) {
    headers.authorization = `Basic ${options.auth.includes(':') ? Buffer.from(options.auth).toString('base64') : options.auth}`;
  }
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${baseUrl}${path}`, { method, headers, ca, ...(options.freshConnection ? { agent: false } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON: keep the text */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T, text, bytes });
      });
    });
    req.on('error', reject);
    if (options.timeoutMs !== undefined) {
      req.setTimeout(options.timeoutMs, () => req.destroy(Object.assign(new Error(`no answer to ${method} ${path} within ${options.timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    }
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** One tenant's admin session, with helpers that send the tenant and key on every call. */
export class TenantSession<S extends Requester = TestService> {
  constructor(
    readonly service: S,
    readonly tenant: string,
    readonly key: string,
  ) {}

  request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    return this.service.request<T>(method, path, { tenant: this.tenant, auth: this.key, ...options });
  }

  get<T = any>(path: string, options: RequestOptions = {}) {
    return this.request<T>('GET', `/api/v1${path}`, options);
  }

  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', `/api/v1${path}`, { body, ...options });
  }

  put<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', `/api/v1${path}`, { body, ...options });
  }

  delete<T = any>(path: string, options: RequestOptions = {}) {
    return this.request<T>('DELETE', `/api/v1${path}`, options);
  }

  async graphql<T = any>(query: string, variables: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<HttpResult<{ data?: T; errors?: any[] }>> {
    return this.request('POST', '/graphql', { body: { query, variables }, ...options });
  }

  /** Creates a user with the given roles and returns a session for it. */
  async userWithRoles(roles: number[], officeId = 1, extra: Record<string, unknown> = {}): Promise<TenantSession<S>> {
    const username = `u${randomBytes(4).toString('hex')}`;
    const created = await this.post('/users', { username, firstname: 'Test', lastname: 'User', officeId, roles, password: 'Secret123', repeatPassword: 'Secret123', ...extra });
    if (created.status !== 200) throw new Error(`user creation failed: ${created.text}`);
    const login = await this.service.request('POST', '/api/v1/authentication', { tenant: this.tenant, auth: null, body: { username, password: 'Secret123' } });
    if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
    return new TenantSession(this.service, this.tenant, login.body.base64EncodedAuthenticationKey);
  }

  /** Creates a branch office under the head office and returns its id. */
  async branch(name = `Branch ${randomBytes(3).toString('hex')}`): Promise<number> {
    const created = await this.post('/offices', { name, parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' });
    if (created.status !== 200) throw new Error(`office creation failed: ${created.text}`);
    return created.body.resourceId as number;
  }
}
