import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

/** Every setting the service reads, with its documented default (see README "Configuration"). */
export interface Config {
  env: 'production' | 'development' | 'test';
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  host: string;
  tlsCert: string | undefined;
  tlsKey: string | undefined;
  adminPassword: string;
  tenants: string[];
  internalSigningKey: string;
  redisUrl: string | undefined;
  subgraphHost: string;
  subgraphPorts: Record<SubgraphName, number>;
  /** Where the edge finds each subgraph; defaults to subgraphHost + port (docker-compose overrides). */
  subgraphUrls: Record<SubgraphName, string>;
  /**
   * How the edge reaches subgraphs running in its own process (SERVE=all): executed in place (default)
   * or over loopback HTTP like a split deployment (SUBGRAPH_TRANSPORT=http).
   */
  subgraphTransport: 'in-process' | 'http';
  sessionTtlSeconds: number;
  /** How long an Idempotency-Key and its stored result are kept (IDEMPOTENCY_RETENTION_HOURS). */
  idempotencyRetentionHours: number;
  logLevel: string;
  /** SERVE: what this process runs. */
  serve: Serve;
  /** How long a stopping process lets requests in flight finish (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  metrics: MetricsConfig;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the OTLP/HTTP collector traces are exported to; unset: tracing is off. */
  otlpEndpoint?: string;
  /** Origins allowed to call the API from a browser (CORS_ORIGINS, comma-separated); none by default. */
  corsOrigins: string[];
  /** GraphQL introspection for authenticated staff (GRAPHQL_INTROSPECTION); off by default in production. */
  graphqlIntrospection: boolean;
  /** A manifest of the only GraphQL documents /graphql runs (GRAPHQL_TRUSTED_DOCUMENTS, a file path); unset: any document. */
  graphqlTrustedDocuments?: string;
  webhooks: WebhookConfig;
  paymentSwitch: PaymentSwitchConfig;
}

/** Prometheus metrics: who may read /metrics, and where. */
export interface MetricsConfig {
  /** METRICS_TOKEN: when set, /metrics requires `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** METRICS_PORT: the loopback port that serves /metrics when `separate`. */
  port: number;
  /** Production without a token: metrics only on 127.0.0.1:METRICS_PORT, never on the public listener. */
  separate: boolean;
}

/** The inter-bank payment switch (PAYMENT_SWITCH_*): the built-in sandbox unless a URL is given. */
export interface PaymentSwitchConfig {
  /** A real switch's base URL; undefined selects the in-process sandbox. */
  url: string | undefined;
  /** HMAC-SHA256 key of every body sent to the switch and of every inbound credit it sends. */
  key: string;
  /** How long a call to the switch may take before the transfer is left PENDING for the re-query worker. */
  timeoutMs: number;
  /** First re-query delay of a PENDING transfer (doubling per attempt, at most requeryMaxMs). */
  requeryBaseMs: number;
  requeryMaxMs: number;
  /** How often the re-query worker looks for PENDING transfers that are due. */
  pollMs: number;
}

/** The sandbox switch's key, refused with NODE_ENV=production. */
export const SANDBOX_SWITCH_KEY = 'sandbox-switch-key';

/** Webhook delivery tuning; tests shrink the retry base and poll interval so they never wait for real backoff. */
export interface WebhookConfig {
  /** Runs this process's delivery worker (WEBHOOK_WORKER=off for subgraph-only or API-only instances). */
  worker: boolean;
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  pollMs: number;
  concurrency: number;
  /** Deliveries of one hook in flight at once; 1 (the default) delivers each hook's events in commit order. */
  perHook: number;
}

export const SUBGRAPHS = ['organisation', 'customer', 'account', 'loan', 'till', 'ledger', 'self', 'webhooks', 'payments'] as const;
export type SubgraphName = (typeof SUBGRAPHS)[number];

const DEFAULT_PORTS: Record<SubgraphName, number> = {
  customer: 4001,
  account: 4002,
  loan: 4003,
  till: 4004,
  ledger: 4005,
  organisation: 4006,
  self: 4007,
  webhooks: 4008,
  payments: 4009,
};

export const DEFAULT_ADMIN_PASSWORD = 'password';

/** What a tenant's id may be: it is a PostgreSQL setting value, a log field and a header value. */
export const TENANT_SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** What SERVE may name: the whole service, the edge alone, or one subgraph alone. */
export type Serve = 'all' | 'edge' | SubgraphName;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const GATEWAY_LOG_LEVELS = ['debug', 'info', 'warn', 'error'];

/**
 * Every mistake in the environment, one line each, naming the variable: start-up prints them all and
 * exits 1 before anything touches the database.
 */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/**
 * Reads and checks the environment once. Values that do not parse are collected (not thrown one at a
 * time), so an operator fixes every mistake in one round; the first use of a bad value would otherwise
 * be a stack trace after migrations had already run.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);
  const mode = read.oneOf('NODE_ENV', ['production', 'development', 'test'], 'development', { lenient: true }) as Config['env'];
  const adminPassword = env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;
  if (adminPassword === '') problems.push('ADMIN_PASSWORD: must not be empty');
  if (mode === 'production' && adminPassword === DEFAULT_ADMIN_PASSWORD) {
    problems.push('ADMIN_PASSWORD: must be set to something other than the default when NODE_ENV=production');
  }
  if (mode === 'production' && !env.INTERNAL_SIGNING_KEY) {
    problems.push('INTERNAL_SIGNING_KEY: must be set when NODE_ENV=production');
  }
  const databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = read.url('REDIS_URL', ['redis:', 'rediss:']);
  read.url('BVN_VERIFIER_URL', ['http:', 'https:']);
  const serve = read.oneOf('SERVE', ['all', 'edge', ...SUBGRAPHS], 'all') as Serve;
  const subgraphHost = read.host('SUBGRAPH_HOST', '127.0.0.1');
  const portOffset = read.integer('SUBGRAPH_PORT_OFFSET', 0, 0, 60000);
  // Inbound credits are authenticated by this key alone: the documented sandbox key would let anyone credit accounts.
  const switchKey = env.PAYMENT_SWITCH_KEY || SANDBOX_SWITCH_KEY;
  if (mode === 'production' && switchKey === SANDBOX_SWITCH_KEY) problems.push('PAYMENT_SWITCH_KEY: must be set to something other than the sandbox key when NODE_ENV=production');
  const switchUrl = read.url('PAYMENT_SWITCH_URL', ['http:', 'https:']);
  if (switchUrl && !env.PAYMENT_SWITCH_KEY) problems.push('PAYMENT_SWITCH_URL: needs PAYMENT_SWITCH_KEY');
  const subgraphPorts = Object.fromEntries(
    SUBGRAPHS.map((name) => [name, read.port(`${name.toUpperCase()}_PORT`, DEFAULT_PORTS[name] + portOffset)]),
  ) as Record<SubgraphName, number>;
  const subgraphUrls = Object.fromEntries(
    SUBGRAPHS.map((name) => [
      name,
      read.url(`${name.toUpperCase()}_URL`, ['http:', 'https:']) ?? `http://${subgraphHost}:${subgraphPorts[name]}/graphql`,
    ]),
  ) as Record<SubgraphName, string>;
  const tenants = (env.TENANTS ?? 'default')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  for (const tenant of tenants) {
    if (!TENANT_SLUG.test(tenant)) problems.push(`TENANTS: "${tenant.slice(0, 40)}" is not a tenant slug (lowercase letters, digits, - and _, at most 64, starting with a letter or digit)`);
  }
  const tlsCert = env.TLS_CERT || undefined;
  const tlsKey = env.TLS_KEY || undefined;
  if ((tlsCert === undefined) !== (tlsKey === undefined)) problems.push(`${tlsCert ? 'TLS_KEY' : 'TLS_CERT'}: must be set together with ${tlsCert ? 'TLS_CERT' : 'TLS_KEY'}`);
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => o !== '' && o !== '*');
  for (const origin of corsOrigins) {
    if (!isOrigin(origin)) problems.push(`CORS_ORIGINS: "${origin.slice(0, 80)}" is not an origin (scheme://host[:port])`);
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  const config: Config = {
    env: mode,
    databaseUrl,
    dataDir: env.DATA_DIR || './data',
    port: read.port('PORT', 8443),
    host: read.host('HOST', '0.0.0.0'),
    tlsCert,
    tlsKey,
    adminPassword,
    tenants,
    // A random key is fine when the edge and the subgraphs share one process (npm start);
    // separate processes must share INTERNAL_SIGNING_KEY.
    internalSigningKey: env.INTERNAL_SIGNING_KEY || randomBytes(32).toString('hex'),
    redisUrl,
    serve,
    subgraphHost,
    subgraphPorts,
    subgraphUrls,
    subgraphTransport: read.oneOf('SUBGRAPH_TRANSPORT', ['in-process', 'http'], 'in-process') as Config['subgraphTransport'],
    sessionTtlSeconds: read.integer('SESSION_TTL_SECONDS', 8 * 3600, 1),
    idempotencyRetentionHours: read.positive('IDEMPOTENCY_RETENTION_HOURS', 24),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, mode === 'test' ? 'silent' : 'info'),
    shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 10_000, 0),
    metrics: {
      token: metricsToken,
      // In production without a token, /metrics is not on the public port but on this one, on loopback.
      port: read.port('METRICS_PORT', 9464),
      separate: mode === 'production' && metricsToken === undefined,
    },
    otlpEndpoint: read.url('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']),
    webhooks: {
      worker: read.oneOf('WEBHOOK_WORKER', ['on', 'off'], 'on') !== 'off',
      retryBaseMs: read.integer('WEBHOOK_RETRY_BASE_MS', 5000, 1),
      maxAttempts: read.integer('WEBHOOK_MAX_ATTEMPTS', 15, 1),
      timeoutMs: read.integer('WEBHOOK_TIMEOUT_MS', 10_000, 1),
      pollMs: read.integer('WEBHOOK_POLL_MS', 1000, 1),
      concurrency: read.integer('WEBHOOK_CONCURRENCY', 16, 1),
      perHook: read.integer('WEBHOOK_PER_HOOK_CONCURRENCY', 1, 1),
    },
    corsOrigins,
    graphqlIntrospection: read.oneOf('GRAPHQL_INTROSPECTION', ['true', 'false'], mode !== 'production' ? 'true' : 'false') === 'true',
    ...(env.GRAPHQL_TRUSTED_DOCUMENTS ? { graphqlTrustedDocuments: env.GRAPHQL_TRUSTED_DOCUMENTS } : {}),
    paymentSwitch: {
      url: switchUrl,
      key: switchKey,
      timeoutMs: read.integer('PAYMENT_SWITCH_TIMEOUT_MS', 10_000, 1),
      requeryBaseMs: read.integer('PAYMENT_REQUERY_BASE_MS', 3000, 1),
      requeryMaxMs: read.integer('PAYMENT_REQUERY_MAX_MS', 300_000, 1),
      pollMs: read.integer('PAYMENT_REQUERY_POLL_MS', 1000, 1),
    },
  };
  // Read elsewhere (the cluster, the gateway, the SQL logger), checked here with the rest.
  read.integer('WORKERS', 1, 1, 256);
  read.oneOf('GATEWAY_LOG_LEVEL', GATEWAY_LOG_LEVELS, 'off');
  read.oneOf('SQL_DEBUG', ['0', '1'], '0');
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/** Typed reads of environment variables; an unset or empty variable takes its default, a bad one is a problem. */
class EnvReader {
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  /** Quotes at most a short prefix of the value: a problem line must not carry a secret or a page of text. */
  private bad(name: string, value: string, expected: string): void {
    const shown = value.length > 40 ? `${value.slice(0, 40)}...` : value;
    this.problems.push(`${name}: ${expected}; got "${shown}"`);
  }

  integer(name: string, fallback: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
      this.bad(name, value, `must be a whole number ${range}`);
      return fallback;
    }
    return n;
  }

  port(name: string, fallback: number): number {
    return this.integer(name, fallback, 0, 65535);
  }

  positive(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(n) || n <= 0) {
      this.bad(name, value, 'must be a positive number');
      return fallback;
    }
    return n;
  }

  /** `lenient`: an unknown value means the default (NODE_ENV, which other tools set to their own words). */
  oneOf(name: string, allowed: readonly string[], fallback: string, options: { lenient?: boolean } = {}): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (allowed.includes(value)) return value;
    if (!options.lenient) this.bad(name, value, `must be one of ${allowed.join(', ')}`);
    return fallback;
  }

  /** An address to listen on or reach: an IP address or a host name. */
  host(name: string, fallback: string): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (isIP(value) !== 0 || /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(value)) return value;
    this.bad(name, value, 'must be an IP address or a host name');
    return fallback;
  }

  url(name: string, protocols: readonly string[]): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || !protocols.includes(url.protocol) || (url.hostname === '' && !url.searchParams.has('host'))) {
      // The value may hold a password: only its scheme is quoted.
      this.problems.push(`${name}: must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL with a host; got ${url ? `a ${url.protocol} URL without a host or of another kind` : 'something that is not a URL'}`);
      return undefined;
    }
    return value;
  }
}
