import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Kind, parse } from 'graphql';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../subgraphs/kernel/config.js';
import { listen } from '../subgraphs/platform/listen.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import type { CheckedDocument } from './graphql-limits.js';

/**
 * Prometheus metrics with prom-client, on a registry of this edge's own (several edges share one process
 * in tests, and the global registry refuses a second metric of the same name). Each process counts its
 * own requests; with several workers the worker a scrape reaches asks the primary, which gathers every
 * worker's registry and sums them (prom-client's AggregatorRegistry), so one scrape sees the service.
 */

export const METRICS_PATH = '/metrics';
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Past this many label sets a metric folds new ones into `other`: client-chosen names must not grow memory. */
const MAX_SERIES = 2000;
const NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;
/**
 * How many operation names documents registered by hash (APQ) may add as labels: a client registers what
 * it likes, so past this cap its names are counted as `other`.
 */
export const PERSISTED_NAME_CAP = 200;
/** How long a worker waits for the primary's aggregated scrape before answering with its own counters. */
const CLUSTER_SCRAPE_MS = 10_000;
const SCRAPE_REQUEST = 'cbsMetricsRequest';
const SCRAPE_ANSWER = 'cbsMetricsAnswer';

const BUCKET_LE_FIRST = /^(\w+)_bucket\{le="([^"]*)",?(.*)\}/gm;
const REQUEST_LABELS = ['route', 'method', 'status', 'tenant'] as const;
const OPERATION_LABELS = ['operation_name', 'operation_type', 'surface', 'executor'] as const;

/** Bounds the label sets one metric may hold; an unseen set past the bound becomes all `other`. */
class SeriesBound {
  private readonly seen = new Set<string>();

  labels<K extends string>(labels: Record<K, string>): Record<K, string> {
    const key = Object.values(labels).join('\u0000');
    if (this.seen.has(key)) return labels;
    if (this.seen.size >= MAX_SERIES) return Object.fromEntries(Object.keys(labels).map((k) => [k, 'other'])) as Record<K, string>;
    this.seen.add(key);
    return labels;
  }
}

/** What the metrics read from the rest of the process at scrape time (each may be absent or fail). */
export interface MetricsSources {
  pool?: () => Promise<{ total: number; idle: number; waiting: number } | null>;
  backgroundPool?: () => Promise<{ total: number; idle: number; waiting: number } | null>;
  outboxLagSeconds?: () => Promise<number>;
  webhookDeliveries?: () => Promise<{ pending: number; retrying: number; dead: number }>;
  /** Group commit (platform/commit-batch.ts): this process's batched transactions and the commands they ran. */
  commitBatches?: () => { batches: number; commands: number };
  /** Close of business (subgraphs/cob/commands/run-metrics.ts): this process's runs and steps, by outcome. */
  closeOfBusiness?: () => CloseOfBusinessCounts;
}

/** Totals since the process started; steps are the run's fixed step codes, outcomes success or failed. */
export interface CloseOfBusinessCounts {
  runs: Record<'success' | 'failed', { count: number; seconds: number }>;
  steps: { step: string; outcome: 'success' | 'failed'; count: number; processed: number; seconds: number }[];
}

export type Surface = 'rest' | 'graphql' | 'ws';

/** An operation as the metrics see it: `byHash` when its document was named by a persisted hash or id. */
export interface OperationLabel {
  name?: string;
  type?: string;
  byHash?: boolean;
}

/**
 * Which operation names become label values: the service's own (the REST layer's operations and the
 * trusted documents'), and names of documents registered by hash up to a cap. Any other name a caller
 * makes up is `other`, so no request can add a series.
 */
class OperationNames {
  private readonly persisted = new Set<string>();

  constructor(private readonly known: ReadonlySet<string>) {}

  label(name: string | undefined, byHash: boolean): string {
    if (name === undefined) return 'anonymous';
    if (this.known.has(name)) return name;
    if (!byHash || !NAME.test(name)) return 'other';
    if (this.persisted.has(name)) return name;
    if (this.persisted.size >= PERSISTED_NAME_CAP) return 'other';
    this.persisted.add(name);
    return name;
  }
}

export class Metrics {
  private readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered by the edge.', labelNames: REQUEST_LABELS, registers: [this.registry] });
  private readonly durations = new Histogram({ name: 'http_request_duration_seconds', help: 'Time from request to response end, by templated route.', labelNames: REQUEST_LABELS, buckets: DURATION_BUCKETS, registers: [this.registry] });
  private readonly operations = new Counter({
    name: 'graphql_operations_total', help: 'GraphQL operations executed, REST paths included (each runs one named operation), and graphql-ws operations started.',
    labelNames: [...OPERATION_LABELS, 'outcome'], registers: [this.registry],
  });
  private readonly operationDurations = new Histogram({ name: 'graphql_operation_duration_seconds', help: 'Time to execute a GraphQL operation.', labelNames: OPERATION_LABELS, buckets: DURATION_BUCKETS, registers: [this.registry] });
  private readonly requestSeries = new SeriesBound();
  private readonly operationSeries = new SeriesBound();
  private readonly names: OperationNames;

  /** `knownOperations`: the operation names that are always labels (the REST layer's and trusted documents'). */
  constructor(sources: MetricsSources = {}, knownOperations: Iterable<string> = []) {
    this.names = new OperationNames(new Set(knownOperations));
    // process_* and nodejs_* (CPU, memory, file descriptors, heap, event loop lag, GC, ...).
    collectDefaultMetrics({ register: this.registry });
    // A worker's registry is the one the primary gathers when any worker is scraped (one edge per worker).
    if (cluster.isWorker) answerClusterScrapes(this.registry);
    const { pool, backgroundPool, outboxLagSeconds, webhookDeliveries, commitBatches, closeOfBusiness } = sources;
    // Read at scrape time; a source that fails leaves its series out of that scrape rather than failing it.
    if (pool) {
      // The pool's own counters, in memory: reading them twice per scrape costs nothing.
      const read = () => pool().catch(() => null);
      new Gauge({
        name: 'db_pool_connections', help: 'Database pool connections by state.', labelNames: ['state'], registers: [this.registry],
        async collect() {
          this.reset();
          const now = await read();
          if (now) for (const state of ['total', 'idle'] as const) this.set({ state }, now[state]);
        },
      });
      new Gauge({
        name: 'db_pool_waiting_requests', help: 'Requests waiting for a pooled connection.', registers: [this.registry],
        async collect() {
          // The embedded database has no pool, so nothing ever waits for one.
          const now = await read();
          this.set(now ? now.waiting : 0);
        },
      });
    }
    if (backgroundPool) {
      // The relay's, the webhook worker's and the re-query worker's pool: its waits are event lag, not request latency.
      new Gauge({
        name: 'db_background_pool_connections', help: 'Connections of the pool background work (outbox relay, webhook delivery) runs on, by state; absent when it shares the request pool.', labelNames: ['state'], registers: [this.registry],
        async collect() {
          this.reset();
          const now = await backgroundPool().catch(() => null);
          if (now) for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, now[state]);
        },
      });
    }
    if (commitBatches) {
      // Commands per transaction is the ratio of the two: 1 when nothing waits, more when concurrent
      // deposits or withdrawals on one account share a commit.
      new Counter({
        name: 'db_commit_batches_total', help: 'Transactions run for deposits and withdrawals, each shared by the commands on one account that waited for it.', registers: [this.registry],
        collect() {
          this.reset();
          this.inc(commitBatches().batches);
        },
      });
      new Counter({
        name: 'db_batched_commands_total', help: 'Deposits and withdrawals run in those transactions.', registers: [this.registry],
        collect() {
          this.reset();
          this.inc(commitBatches().commands);
        },
      });
    }
    if (closeOfBusiness) this.closeOfBusinessMetrics(closeOfBusiness);
    if (outboxLagSeconds) {
      new Gauge({
        name: 'outbox_relay_lag_seconds', help: 'Age of the oldest committed event not yet relayed (0 when none waits).', registers: [this.registry],
        // Every worker reads the same database: across workers the value is the same one, not a sum.
        aggregator: 'max',
        async collect() {
          this.set(await outboxLagSeconds().catch(() => 0));
        },
      });
    }
    if (webhookDeliveries) {
      new Gauge({
        name: 'webhook_deliveries', help: 'Webhook deliveries by state: pending (not yet tried), retrying, dead.', labelNames: ['state'], registers: [this.registry], aggregator: 'max',
        async collect() {
          this.reset();
          const now = await webhookDeliveries().catch(() => undefined);
          if (now) for (const state of ['pending', 'retrying', 'dead'] as const) this.set({ state }, now[state]);
        },
      });
    }
  }

  /** Counters read from the close of business's own tallies at scrape time; labels are its 7 step codes and 2 outcomes. */
  private closeOfBusinessMetrics(read: () => CloseOfBusinessCounts): void {
    const counter = (name: string, help: string, labelNames: string[], fill: (c: Counter, now: CloseOfBusinessCounts) => void) =>
      new Counter({
        name, help, labelNames, registers: [this.registry],
        collect() {
          this.reset();
          fill(this, read());
        },
      });
    counter('cob_runs_total', 'Close-of-business runs of a business date that ended, by outcome (success: the date closed).', ['outcome'], (c, now) => {
      for (const outcome of ['success', 'failed'] as const) c.inc({ outcome }, now.runs[outcome].count);
    });
    counter('cob_run_duration_seconds_total', 'Time spent in those runs, by outcome.', ['outcome'], (c, now) => {
      for (const outcome of ['success', 'failed'] as const) c.inc({ outcome }, now.runs[outcome].seconds);
    });
    counter('cob_step_runs_total', 'Close-of-business steps run (in a run or executed as a job), by step and outcome.', ['step', 'outcome'], (c, now) => {
      for (const s of now.steps) c.inc({ step: s.step, outcome: s.outcome }, s.count);
    });
    counter('cob_step_accounts_processed_total', 'Accounts the steps processed, by step.', ['step'], (c, now) => {
      for (const s of now.steps) c.inc({ step: s.step }, s.processed);
    });
    counter('cob_step_failures_total', 'Steps that failed (a batch rolled back; the run resumes at its cursor), by step.', ['step'], (c, now) => {
      for (const s of now.steps) if (s.outcome === 'failed') c.inc({ step: s.step }, s.count);
    });
    counter('cob_step_duration_seconds_total', 'Time spent in the steps, by step.', ['step'], (c, now) => {
      for (const s of now.steps) c.inc({ step: s.step }, s.seconds);
    });
  }

  /** One answered request; `route` is the templated route (never the raw path), or undefined for an unknown path. */
  request(route: string | undefined, method: string | undefined, status: number, tenant: string | undefined, seconds: number): void {
    const labels = this.requestSeries.labels({ route: route ?? 'unmatched', method: method ?? 'OTHER', status: String(status), tenant: tenant ?? '' });
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** One executed operation: `executor` says whether the gateway planned it or it ran on its subgraph directly. */
  operation(operation: OperationLabel, surface: Surface, executor: 'gateway' | 'direct', seconds: number, failed: boolean): void {
    const labels = this.operationSeries.labels({ operation_name: this.names.label(operation.name, operation.byHash === true), operation_type: this.operationType(operation.type), surface, executor });
    this.operations.inc({ ...labels, outcome: failed ? 'error' : 'ok' });
    this.operationDurations.observe(labels, seconds);
  }

  /** An operation started over graphql-ws (counted when it starts; a subscription has no single duration). */
  subscribed(operation: OperationLabel): void {
    const labels = this.operationSeries.labels({ operation_name: this.names.label(operation.name, operation.byHash === true), operation_type: this.operationType(operation.type), surface: 'ws', executor: 'gateway' });
    this.operations.inc({ ...labels, outcome: 'ok' });
  }

  private operationType(type: string | undefined): string {
    return type === 'mutation' || type === 'subscription' ? type : 'query';
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * The exposition, with each bucket's `le` after the other labels (prom-client writes it first): the
   * order this service has always exposed, which scrapers ignore but exact-match readers of the text rely on.
   */
  async text(): Promise<string> {
    const exposed = (cluster.isWorker && (await clusterScrape())) || (await this.registry.metrics());
    return exposed.replace(BUCKET_LE_FIRST, (_line, name: string, le: string, rest: string) => `${name}_bucket{${rest ? `${rest},` : ''}le="${le}"}`);
  }
}

/**
 * Who may read /metrics on the public listener: anyone outside production, a bearer of METRICS_TOKEN
 * when one is set, nobody in production without one (metrics are then on METRICS_PORT on loopback).
 */
export function metricsAccess(config: MetricsConfig, req: IncomingMessage): 'allowed' | 'unauthorized' | 'not-here' {
  if (config.separate) return 'not-here';
  if (config.token === undefined) return 'allowed';
  return req.headers.authorization === `Bearer ${config.token}` ? 'allowed' : 'unauthorized';
}

export async function sendMetrics(metrics: Metrics, res: ServerResponse, headers: Record<string, string> = {}): Promise<void> {
  const body = await metrics.text();
  res.writeHead(200, { 'content-type': metrics.contentType, ...headers }).end(body);
}

/** Production without METRICS_TOKEN: /metrics on 127.0.0.1:METRICS_PORT over plain HTTP, nothing else there. */
export async function startMetricsServer(metrics: Metrics, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && new URL(req.url ?? '/', 'http://metrics').pathname === METRICS_PATH) {
      sendMetrics(metrics, res).catch(() => res.writeHead(500).end());
    } else {
      res.writeHead(404).end();
    }
  });
  await listen(server, port, '127.0.0.1', 'the metrics listener, METRICS_PORT');
  return server;
}

/**
 * The operation's name and type for the metrics, from the document the limits parsed. Only an
 * authenticated caller's names become labels: an anonymous one could otherwise fill the bounded label set
 * with names of its own and leave every later operation counted as "other".
 */
export function operationLabels(checked: CheckedDocument | undefined, identity: Identity | undefined, byHash: boolean): OperationLabel {
  if (!checked) return {};
  const { operation } = checked;
  return { name: identity && identity.kind !== 'anonymous' ? operation.name?.value : undefined, type: operation.operation, byHash };
}

/** The names of the operations these documents define (a document that does not parse defines none). */
export function operationNamesOf(documents: Iterable<string>): string[] {
  const names: string[] = [];
  for (const text of documents) {
    try {
      for (const definition of parse(text).definitions) {
        if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) names.push(definition.name.value);
      }
    } catch {
      // A trusted document that does not parse is refused when run; it names no series.
    }
  }
  return names;
}

let clusterRegistrySet = false;

/** In a worker: the primary's aggregator reads this registry (prom-client answers its requests over IPC). */
function answerClusterScrapes(registry: Registry): void {
  if (clusterRegistrySet) return;
  clusterRegistrySet = true;
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's listener for the primary's requests (it aggregates nothing here).
  new AggregatorRegistry();
}

let scrapes = 0;

/**
 * In a worker: the whole service's exposition, gathered by the primary from every worker; null when the
 * primary does not answer in time (a worker being replaced), so the scrape still answers, with this worker's.
 */
function clusterScrape(): Promise<string | null> {
  if (!process.connected || !process.send) return Promise.resolve(null);
  const id = ++scrapes;
  return new Promise((resolve) => {
    const done = (text: string | null) => {
      clearTimeout(timer);
      process.off('message', listener);
      resolve(text);
    };
    const listener = (message: unknown) => {
      const answer = (message as Record<string, unknown> | null)?.[SCRAPE_ANSWER] as { id?: unknown; text?: unknown } | undefined;
      if (answer?.id === id) done(typeof answer.text === 'string' ? answer.text : null);
    };
    const timer = setTimeout(() => done(null), CLUSTER_SCRAPE_MS);
    process.on('message', listener);
    process.send!({ [SCRAPE_REQUEST]: id });
  });
}

/** In the primary: answers each worker's scrape with every worker's metrics, summed by prom-client's rules. */
export function aggregateMetricsForWorkers(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    const id = (message as Record<string, unknown> | null)?.[SCRAPE_REQUEST];
    if (typeof id !== 'number') return;
    void aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ [SCRAPE_ANSWER]: { id, text } }),
      () => worker.isConnected() && worker.send({ [SCRAPE_ANSWER]: { id, text: null } }),
    );
  });
}
