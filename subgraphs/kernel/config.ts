import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

/** Every setting the service reads, with its documented default (see README "Configuration"). */
export interface Config {
  env: 'production' | 'development' | 'test';
  databaseUrl: string | undefined;
  /**
   * DATABASE_UNIX_SOCKET: 'auto' (default) reaches a DATABASE_URL on this host (localhost, 127.0.0.1, ::1)
   * through its Unix socket when one answers for the same port; 'off' keeps TCP.
   */
  databaseSocket: 'auto' | 'off';
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
  /** Accounts per close-of-business batch, each batch one transaction (COB_BATCH_SIZE). */
  cobBatchSize: number;
  /** How often the close-of-business scheduler looks for dates due (COB_SCHEDULER_TICK_MS; 0: never, the default in tests). */
  cobSchedulerTickMs: number;
  logLevel: string;
  /** SERVE: what this process runs. */
  serve: Serve;
  /** How long a stopping process lets requests in flight finish (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /**
   * Live subscriptions an edge serves: per graphql-ws connection (SUBSCRIPTIONS_PER_CONNECTION), open streams
   * (connections carrying a subscription, SSE responses) per principal (STREAMS_PER_PRINCIPAL), and in all
   * (SUBSCRIPTIONS_PER_PROCESS).
   */
  subscriptionLimits: { perConnection: number; perPrincipal: number; perProcess: number };
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
  /** The bank's SMS/email gateway for customer messages (NOTIFICATION_URL, NOTIFICATION_KEY); no URL: the sandbox, which logs. */
  notification: { url: string | undefined; key: string };
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

export const SUBGRAPHS = ['organisation', 'customer', 'account', 'loan', 'till', 'ledger', 'self', 'webhooks', 'payments', 'charges', 'cob', 'audit', 'groups', 'reports'] as const;
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
  charges: 4010,
  cob: 4011,
  audit: 4013,
  groups: 4014,
  reports: 4012,
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
 * Reads and checks the environment once, against one zod schema. Values that do not parse are all
 * collected (zod reports every key, not the first), so an operator fixes every mistake in one round; the
 * first use of a bad value would otherwise be a stack trace after migrations had already run. Rules that
 * depend on NODE_ENV close over it, so they report with the rest.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Lenient: other tools set NODE_ENV to words of their own, which mean the default here.
  const mode = z.enum(['production', 'development', 'test']).catch('development').parse(env.NODE_ENV?.trim());
  const production = mode === 'production';
  const parsed = environmentSchema(env, production).safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`));
  const v = parsed.data;
  const subgraphHost = v.SUBGRAPH_HOST ?? '127.0.0.1';
  const subgraphPorts = Object.fromEntries(SUBGRAPHS.map((name) => [name, v.subgraphPorts[name] ?? DEFAULT_PORTS[name] + (v.SUBGRAPH_PORT_OFFSET ?? 0)])) as Record<SubgraphName, number>;
  const subgraphUrls = Object.fromEntries(SUBGRAPHS.map((name) => [name, v.subgraphUrls[name] ?? `http://${subgraphHost}:${subgraphPorts[name]}/graphql`])) as Record<SubgraphName, string>;
  const metricsToken = env.METRICS_TOKEN || undefined;
  return {
    env: mode,
    databaseUrl: v.DATABASE_URL,
    databaseSocket: v.DATABASE_UNIX_SOCKET ?? 'auto',
    dataDir: env.DATA_DIR || './data',
    port: v.PORT ?? 8443,
    host: v.HOST ?? '0.0.0.0',
    tlsCert: v.TLS_CERT,
    tlsKey: v.TLS_KEY,
    adminPassword: v.ADMIN_PASSWORD,
    tenants: v.TENANTS,
    // A random key is fine when the edge and the subgraphs share one process (npm start);
    // separate processes must share INTERNAL_SIGNING_KEY.
    internalSigningKey: v.INTERNAL_SIGNING_KEY || randomBytes(32).toString('hex'),
    redisUrl: v.REDIS_URL,
    serve: v.SERVE ?? 'all',
    subgraphHost,
    subgraphPorts,
    subgraphUrls,
    subgraphTransport: v.SUBGRAPH_TRANSPORT ?? 'in-process',
    sessionTtlSeconds: v.SESSION_TTL_SECONDS ?? 8 * 3600,
    idempotencyRetentionHours: v.IDEMPOTENCY_RETENTION_HOURS ?? 24,
    cobBatchSize: v.COB_BATCH_SIZE ?? 2000,
    // Tests pin business dates: a scheduler closing them behind a test's back would move them.
    cobSchedulerTickMs: v.COB_SCHEDULER_TICK_MS ?? (mode === 'test' ? 0 : 60_000),
    logLevel: v.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS ?? 10_000,
    subscriptionLimits: {
      perConnection: v.SUBSCRIPTIONS_PER_CONNECTION ?? 50,
      perPrincipal: v.STREAMS_PER_PRINCIPAL ?? 20,
      perProcess: v.SUBSCRIPTIONS_PER_PROCESS ?? 10_000,
    },
    metrics: {
      token: metricsToken,
      // In production without a token, /metrics is not on the public port but on this one, on loopback.
      port: v.METRICS_PORT ?? 9464,
      separate: production && metricsToken === undefined,
    },
    otlpEndpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT,
    webhooks: {
      worker: v.WEBHOOK_WORKER !== 'off',
      retryBaseMs: v.WEBHOOK_RETRY_BASE_MS ?? 5000,
      maxAttempts: v.WEBHOOK_MAX_ATTEMPTS ?? 15,
      timeoutMs: v.WEBHOOK_TIMEOUT_MS ?? 10_000,
      pollMs: v.WEBHOOK_POLL_MS ?? 1000,
      concurrency: v.WEBHOOK_CONCURRENCY ?? 16,
      perHook: v.WEBHOOK_PER_HOOK_CONCURRENCY ?? 1,
    },
    corsOrigins: v.CORS_ORIGINS,
    graphqlIntrospection: (v.GRAPHQL_INTROSPECTION ?? (production ? 'false' : 'true')) === 'true',
    ...(env.GRAPHQL_TRUSTED_DOCUMENTS ? { graphqlTrustedDocuments: env.GRAPHQL_TRUSTED_DOCUMENTS } : {}),
    paymentSwitch: {
      url: v.PAYMENT_SWITCH_URL,
      key: env.PAYMENT_SWITCH_KEY || SANDBOX_SWITCH_KEY,
      timeoutMs: v.PAYMENT_SWITCH_TIMEOUT_MS ?? 10_000,
      requeryBaseMs: v.PAYMENT_REQUERY_BASE_MS ?? 3000,
      requeryMaxMs: v.PAYMENT_REQUERY_MAX_MS ?? 300_000,
      pollMs: v.PAYMENT_REQUERY_POLL_MS ?? 1000,
    },
    notification: { url: v.NOTIFICATION_URL, key: env.NOTIFICATION_KEY ?? '' },
  };
}

/**
 * The environment's schema. Keys are checked in this order, which is the order problems are printed in.
 * Unset and blank variables take their defaults (applied by loadConfig); every other value is trimmed.
 */
function environmentSchema(env: NodeJS.ProcessEnv, production: boolean) {
  // <SUBGRAPH>_PORT and <SUBGRAPH>_URL for every subgraph; their defaults depend on SUBGRAPH_PORT_OFFSET and SUBGRAPH_HOST.
  const subgraphPorts: Record<string, ReturnType<typeof port>> = Object.fromEntries(SUBGRAPHS.map((name) => [`${name.toUpperCase()}_PORT`, port()]));
  const subgraphUrls: Record<string, ReturnType<typeof url>> = Object.fromEntries(SUBGRAPHS.map((name) => [`${name.toUpperCase()}_URL`, url(['http:', 'https:'])]));
  const byName = <T>(values: Record<string, unknown>, suffix: string) => Object.fromEntries(SUBGRAPHS.map((name) => [name, values[`${name.toUpperCase()}${suffix}`]])) as Record<SubgraphName, T | undefined>;
  return z
    .object({
      // Read as given (not trimmed): an empty password is a mistake, not "unset".
      ADMIN_PASSWORD: z
        .string()
        .default(DEFAULT_ADMIN_PASSWORD)
        .superRefine((value, ctx) => {
          if (value === '') ctx.addIssue({ code: 'custom', message: 'must not be empty' });
          else if (production && value === DEFAULT_ADMIN_PASSWORD) ctx.addIssue({ code: 'custom', message: 'must be set to something other than the default when NODE_ENV=production' });
        }),
      INTERNAL_SIGNING_KEY: z
        .string()
        .default('')
        .superRefine((value, ctx) => {
          if (production && !value) ctx.addIssue({ code: 'custom', message: 'must be set when NODE_ENV=production' });
        }),
      DATABASE_URL: url(['postgres:', 'postgresql:']),
      DATABASE_UNIX_SOCKET: oneOf(['auto', 'off']),
      REDIS_URL: url(['redis:', 'rediss:']),
      BVN_VERIFIER_URL: url(['http:', 'https:']),
      SERVE: oneOf(['all', 'edge', ...SUBGRAPHS]),
      SUBGRAPH_HOST: host(),
      SUBGRAPH_PORT_OFFSET: integer(0, 60000),
      // Inbound credits are authenticated by this key alone: the documented sandbox key would let anyone credit accounts.
      PAYMENT_SWITCH_KEY: z
        .string()
        .default('')
        .superRefine((value, ctx) => {
          if (production && (value || SANDBOX_SWITCH_KEY) === SANDBOX_SWITCH_KEY) ctx.addIssue({ code: 'custom', message: 'must be set to something other than the sandbox key when NODE_ENV=production' });
        }),
      PAYMENT_SWITCH_URL: url(['http:', 'https:']).superRefine((value, ctx) => {
        if (value && !env.PAYMENT_SWITCH_KEY) ctx.addIssue({ code: 'custom', message: 'needs PAYMENT_SWITCH_KEY' });
      }),
      // Registration tokens go to this gateway signed with NOTIFICATION_KEY, as the payment switch's requests are.
      NOTIFICATION_URL: url(['http:', 'https:']).superRefine((value, ctx) => {
        if (value && !env.NOTIFICATION_KEY) ctx.addIssue({ code: 'custom', message: 'needs NOTIFICATION_KEY' });
      }),
      ...subgraphPorts,
      ...subgraphUrls,
      TENANTS: z
        .string()
        .default('default')
        .transform((value) => value.split(',').map((t) => t.trim()).filter(Boolean))
        .superRefine((tenants, ctx) => {
          for (const tenant of tenants) {
            if (!TENANT_SLUG.test(tenant)) ctx.addIssue({ code: 'custom', message: `"${tenant.slice(0, 40)}" is not a tenant slug (lowercase letters, digits, - and _, at most 64, starting with a letter or digit)` });
          }
        }),
      TLS_CERT: pairedWith('TLS_KEY', env),
      TLS_KEY: pairedWith('TLS_CERT', env),
      CORS_ORIGINS: z
        .string()
        .default('')
        .transform((value) => value.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter((o) => o !== '' && o !== '*'))
        .superRefine((origins, ctx) => {
          for (const origin of origins) if (!isOrigin(origin)) ctx.addIssue({ code: 'custom', message: `"${origin.slice(0, 80)}" is not an origin (scheme://host[:port])` });
        }),
      PORT: port(),
      HOST: host(),
      SUBGRAPH_TRANSPORT: oneOf(['in-process', 'http']),
      SESSION_TTL_SECONDS: integer(1),
      IDEMPOTENCY_RETENTION_HOURS: positive(),
      COB_BATCH_SIZE: integer(1),
      COB_SCHEDULER_TICK_MS: integer(0),
      LOG_LEVEL: oneOf(LOG_LEVELS),
      SHUTDOWN_GRACE_MS: integer(0),
      SUBSCRIPTIONS_PER_CONNECTION: integer(1),
      STREAMS_PER_PRINCIPAL: integer(1),
      SUBSCRIPTIONS_PER_PROCESS: integer(1),
      METRICS_PORT: port(),
      OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:']),
      WEBHOOK_WORKER: oneOf(['on', 'off']),
      WEBHOOK_RETRY_BASE_MS: integer(1),
      WEBHOOK_MAX_ATTEMPTS: integer(1),
      WEBHOOK_TIMEOUT_MS: integer(1),
      WEBHOOK_POLL_MS: integer(1),
      WEBHOOK_CONCURRENCY: integer(1),
      WEBHOOK_PER_HOOK_CONCURRENCY: integer(1),
      GRAPHQL_INTROSPECTION: oneOf(['true', 'false']),
      PAYMENT_SWITCH_TIMEOUT_MS: integer(1),
      PAYMENT_REQUERY_BASE_MS: integer(1),
      PAYMENT_REQUERY_MAX_MS: integer(1),
      PAYMENT_REQUERY_POLL_MS: integer(1),
      // Read elsewhere (the cluster, the gateway, the SQL logger), checked here with the rest.
      WORKERS: integer(1, 256),
      GATEWAY_LOG_LEVEL: oneOf(GATEWAY_LOG_LEVELS),
      SQL_DEBUG: oneOf(['0', '1']),
    })
    .transform((value) => ({ ...value, subgraphPorts: byName<number>(value, '_PORT'), subgraphUrls: byName<string>(value, '_URL') }));
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/** An unset or blank variable is undefined (its default applies); any other value is trimmed, then checked. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined), schema.optional());
}

/** A problem that quotes at most a short prefix of the value: a line must not carry a secret or a page of text. */
function bad(ctx: z.RefinementCtx, value: string, expected: string): typeof z.NEVER {
  const shown = value.length > 40 ? `${value.slice(0, 40)}...` : value;
  ctx.addIssue({ code: 'custom', message: `${expected}; got "${shown}"` });
  return z.NEVER;
}

function integer(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  return optional(
    z.string().transform((value, ctx) => {
      const n = /^-?\d+$/.test(value) ? Number(value) : NaN;
      if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
      return bad(ctx, value, `must be a whole number ${max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`}`);
    }),
  );
}

function port() {
  return integer(0, 65535);
}

function positive() {
  return optional(
    z.string().transform((value, ctx) => {
      const n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
      return Number.isFinite(n) && n > 0 ? n : bad(ctx, value, 'must be a positive number');
    }),
  );
}

function oneOf<const T extends string>(allowed: readonly T[]) {
  return optional(z.string().transform((value, ctx) => ((allowed as readonly string[]).includes(value) ? (value as T) : bad(ctx, value, `must be one of ${allowed.join(', ')}`))));
}

/** An address to listen on or reach: an IP address or a host name. */
function host() {
  return optional(
    z.string().transform((value, ctx) =>
      isIP(value) !== 0 || /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(value) ? value : bad(ctx, value, 'must be an IP address or a host name'),
    ),
  );
}

function url(protocols: readonly string[]) {
  return optional(
    z.string().transform((value, ctx) => {
      let parsed: URL | undefined;
      try {
        parsed = new URL(value);
      } catch {
        parsed = undefined;
      }
      if (parsed && protocols.includes(parsed.protocol) && (parsed.hostname !== '' || parsed.searchParams.has('host'))) return value;
      // The value may hold a password: only its scheme is quoted.
      ctx.addIssue({ code: 'custom', message: `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL with a host; got ${parsed ? `a ${parsed.protocol} URL without a host or of another kind` : 'something that is not a URL'}` });
      return z.NEVER;
    }),
  );
}

/** TLS_CERT and TLS_KEY: both or neither. */
function pairedWith(other: string, env: NodeJS.ProcessEnv) {
  return z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .superRefine((value, ctx) => {
      if (value === undefined && env[other]) ctx.addIssue({ code: 'custom', message: `must be set together with ${other}` });
    });
}
