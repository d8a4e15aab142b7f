import { randomBytes } from 'node:crypto';

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
  /** Origins allowed to call the API from a browser (CORS_ORIGINS, comma-separated); none by default. */
  corsOrigins: string[];
  /** GraphQL introspection for authenticated staff (GRAPHQL_INTROSPECTION); off by default in production. */
  graphqlIntrospection: boolean;
  webhooks: WebhookConfig;
  paymentSwitch: PaymentSwitchConfig;
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

export const SUBGRAPHS = ['organisation', 'customer', 'account', 'loan', 'till', 'ledger', 'self', 'payments'] as const;
export type SubgraphName = (typeof SUBGRAPHS)[number];

const DEFAULT_PORTS: Record<SubgraphName, number> = {
  customer: 4001,
  account: 4002,
  loan: 4003,
  till: 4004,
  ledger: 4005,
  organisation: 4006,
  self: 4007,
  payments: 4008,
};

export const DEFAULT_ADMIN_PASSWORD = 'password';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const adminPassword = env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;
  if (mode === 'production' && adminPassword === DEFAULT_ADMIN_PASSWORD) {
    throw new Error('ADMIN_PASSWORD must be set to something other than the default when NODE_ENV=production');
  }
  if (mode === 'production' && !env.INTERNAL_SIGNING_KEY) {
    throw new Error('INTERNAL_SIGNING_KEY must be set when NODE_ENV=production');
  }
  // Inbound credits are authenticated by this key alone: the documented sandbox key would let anyone credit accounts.
  const switchKey = env.PAYMENT_SWITCH_KEY || SANDBOX_SWITCH_KEY;
  if (mode === 'production' && switchKey === SANDBOX_SWITCH_KEY) {
    throw new Error('PAYMENT_SWITCH_KEY must be set to something other than the sandbox key when NODE_ENV=production');
  }
  if (env.PAYMENT_SWITCH_URL && !env.PAYMENT_SWITCH_KEY) throw new Error('PAYMENT_SWITCH_URL needs PAYMENT_SWITCH_KEY');
  const subgraphHost = env.SUBGRAPH_HOST ?? '127.0.0.1';
  const portOffset = Number(env.SUBGRAPH_PORT_OFFSET ?? 0);
  const subgraphPorts = Object.fromEntries(
    SUBGRAPHS.map((name) => [name, Number(env[`${name.toUpperCase()}_PORT`] ?? DEFAULT_PORTS[name] + portOffset)]),
  ) as Record<SubgraphName, number>;
  const subgraphUrls = Object.fromEntries(
    SUBGRAPHS.map((name) => [
      name,
      env[`${name.toUpperCase()}_URL`] ?? `http://${subgraphHost}:${subgraphPorts[name]}/graphql`,
    ]),
  ) as Record<SubgraphName, string>;
  return {
    env: mode,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    port: Number(env.PORT ?? 8443),
    host: env.HOST ?? '0.0.0.0',
    tlsCert: env.TLS_CERT || undefined,
    tlsKey: env.TLS_KEY || undefined,
    adminPassword,
    tenants: (env.TENANTS ?? 'default')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    // A random key is fine when the edge and the subgraphs share one process (npm start);
    // separate processes must share INTERNAL_SIGNING_KEY.
    internalSigningKey: env.INTERNAL_SIGNING_KEY ?? randomBytes(32).toString('hex'),
    redisUrl: env.REDIS_URL || undefined,
    subgraphHost,
    subgraphPorts,
    subgraphUrls,
    subgraphTransport: subgraphTransport(env.SUBGRAPH_TRANSPORT),
    sessionTtlSeconds: Number(env.SESSION_TTL_SECONDS ?? 8 * 3600),
    idempotencyRetentionHours: positive('IDEMPOTENCY_RETENTION_HOURS', env.IDEMPOTENCY_RETENTION_HOURS, 24),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    webhooks: {
      worker: env.WEBHOOK_WORKER !== 'off',
      retryBaseMs: Number(env.WEBHOOK_RETRY_BASE_MS ?? 5000),
      maxAttempts: Number(env.WEBHOOK_MAX_ATTEMPTS ?? 15),
      timeoutMs: Number(env.WEBHOOK_TIMEOUT_MS ?? 10_000),
      pollMs: Number(env.WEBHOOK_POLL_MS ?? 1000),
      concurrency: Number(env.WEBHOOK_CONCURRENCY ?? 16),
      perHook: Math.max(1, Number(env.WEBHOOK_PER_HOOK_CONCURRENCY ?? 1)),
    },
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter((o) => o !== '' && o !== '*'),
    paymentSwitch: {
      url: env.PAYMENT_SWITCH_URL || undefined,
      key: switchKey,
      timeoutMs: positive('PAYMENT_SWITCH_TIMEOUT_MS', env.PAYMENT_SWITCH_TIMEOUT_MS, 10_000),
      requeryBaseMs: positive('PAYMENT_REQUERY_BASE_MS', env.PAYMENT_REQUERY_BASE_MS, 3000),
      requeryMaxMs: positive('PAYMENT_REQUERY_MAX_MS', env.PAYMENT_REQUERY_MAX_MS, 300_000),
      pollMs: positive('PAYMENT_REQUERY_POLL_MS', env.PAYMENT_REQUERY_POLL_MS, 1000),
    },
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION === undefined || env.GRAPHQL_INTROSPECTION === '' ? mode !== 'production' : env.GRAPHQL_INTROSPECTION === 'true',
  };
}

function subgraphTransport(value: string | undefined): Config['subgraphTransport'] {
  if (value === undefined || value === '' || value === 'in-process') return 'in-process';
  if (value === 'http') return 'http';
  throw new Error(`SUBGRAPH_TRANSPORT must be in-process or http; got ${value}`);
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number; got ${value}`);
  return n;
}
