import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { MetricsConfig } from '../subgraphs/kernel/config.js';
import { listen } from '../subgraphs/platform/listen.js';

/**
 * Prometheus metrics in the text exposition format (0.0.4), written here rather than with prom-client,
 * which this project does not ship: counters and histograms with labels, and the usual process_* and
 * nodejs_* series. Each process counts its own requests; with several workers a scrape reaches one of
 * them (label `pid` tells which).
 */

export const METRICS_PATH = '/metrics';
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Past this many label sets a series folds new ones into `other`: client-chosen names must not grow memory. */
const MAX_SERIES = 2000;
const NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

const escape = (value: string): string => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (names: readonly string[], values: readonly string[]): string => (names.length ? `{${names.map((n, i) => `${n}="${escape(values[i]!)}"`).join(',')}}` : '');

class Counter {
  private readonly series = new Map<string, { values: string[]; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labels: readonly string[],
  ) {}

  inc(values: string[], by = 1): void {
    const key = values.join('\u0000');
    let entry = this.series.get(key);
    if (!entry) {
      if (this.series.size >= MAX_SERIES) return this.inc(values.map(() => 'other'), by);
      this.series.set(key, (entry = { values, count: 0 }));
    }
    entry.count += by;
  }

  text(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { values, count } of this.series.values()) lines.push(`${this.name}${labelText(this.labels, values)} ${count}`);
    return lines.join('\n');
  }
}

class Histogram {
  private readonly series = new Map<string, { values: string[]; buckets: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labels: readonly string[],
    private readonly bounds: readonly number[] = DURATION_BUCKETS,
  ) {}

  observe(values: string[], seconds: number): void {
    const key = values.join('\u0000');
    let entry = this.series.get(key);
    if (!entry) {
      if (this.series.size >= MAX_SERIES) return this.observe(values.map(() => 'other'), seconds);
      this.series.set(key, (entry = { values, buckets: this.bounds.map(() => 0), sum: 0, count: 0 }));
    }
    for (let i = 0; i < this.bounds.length; i++) if (seconds <= this.bounds[i]!) entry.buckets[i]!++;
    entry.sum += seconds;
    entry.count++;
  }

  text(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { values, buckets, sum, count } of this.series.values()) {
      this.bounds.forEach((bound, i) => lines.push(`${this.name}_bucket${labelText([...this.labels, 'le'], [...values, String(bound)])} ${buckets[i]}`));
      lines.push(`${this.name}_bucket${labelText([...this.labels, 'le'], [...values, '+Inf'])} ${count}`);
      lines.push(`${this.name}_sum${labelText(this.labels, values)} ${sum}`);
      lines.push(`${this.name}_count${labelText(this.labels, values)} ${count}`);
    }
    return lines.join('\n');
  }
}

const gauge = (name: string, help: string, samples: { labels?: Record<string, string>; value: number }[]): string =>
  [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...samples.map((s) => `${name}${labelText(Object.keys(s.labels ?? {}), Object.values(s.labels ?? {}))} ${s.value}`)].join('\n');

/** What the metrics read from the rest of the process at scrape time (each may be absent or fail). */
export interface MetricsSources {
  pool?: () => Promise<{ total: number; idle: number; waiting: number } | null>;
  outboxLagSeconds?: () => Promise<number>;
  webhookDeliveries?: () => Promise<{ pending: number; retrying: number; dead: number }>;
}

export type Surface = 'rest' | 'graphql' | 'ws';

export class Metrics {
  private readonly requests = new Counter('http_requests_total', 'HTTP requests answered by the edge.', ['route', 'method', 'status', 'tenant']);
  private readonly durations = new Histogram('http_request_duration_seconds', 'Time from request to response end, by templated route.', ['route', 'method', 'status', 'tenant']);
  private readonly operations = new Counter('graphql_operations_total', 'GraphQL operations executed, REST paths included (each runs one named operation), and graphql-ws operations started.', ['operation_name', 'operation_type', 'surface', 'executor', 'outcome']);
  private readonly operationDurations = new Histogram('graphql_operation_duration_seconds', 'Time to execute a GraphQL operation.', ['operation_name', 'operation_type', 'surface', 'executor']);
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  private readonly startedAt = Date.now() / 1000 - process.uptime();

  constructor(private readonly sources: MetricsSources = {}) {
    this.loopDelay.enable();
  }

  /** One answered request; `route` is the templated route (never the raw path), or undefined for an unknown path. */
  request(route: string | undefined, method: string | undefined, status: number, tenant: string | undefined, seconds: number): void {
    const labels = [route ?? 'unmatched', method ?? 'OTHER', String(status), tenant ?? ''];
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** One executed operation: `executor` says whether the gateway planned it or it ran on its subgraph directly. */
  operation(name: string | undefined, type: string | undefined, surface: Surface, executor: 'gateway' | 'direct', seconds: number, failed: boolean): void {
    const operationName = this.operationName(name);
    const operationType = this.operationType(type);
    this.operations.inc([operationName, operationType, surface, executor, failed ? 'error' : 'ok']);
    this.operationDurations.observe([operationName, operationType, surface, executor], seconds);
  }

  /** An operation started over graphql-ws (counted when it starts; a subscription has no single duration). */
  subscribed(name: string | undefined, type: string | undefined): void {
    this.operations.inc([this.operationName(name), this.operationType(type), 'ws', 'gateway', 'ok']);
  }

  private operationName(name: string | undefined): string {
    return name && NAME.test(name) ? name : name ? 'invalid' : 'anonymous';
  }

  private operationType(type: string | undefined): string {
    return type === 'mutation' || type === 'subscription' ? type : 'query';
  }

  async text(): Promise<string> {
    const parts = [this.requests.text(), this.durations.text(), this.operations.text(), this.operationDurations.text()];
    const [pool, lag, deliveries] = await Promise.all([
      this.sources.pool?.().catch(() => null),
      this.sources.outboxLagSeconds?.().catch(() => undefined),
      this.sources.webhookDeliveries?.().catch(() => undefined),
    ]);
    if (pool) {
      parts.push(
        gauge('db_pool_connections', 'Database pool connections by state.', [
          { labels: { state: 'total' }, value: pool.total },
          { labels: { state: 'idle' }, value: pool.idle },
        ]),
        gauge('db_pool_waiting_requests', 'Requests waiting for a pooled connection.', [{ value: pool.waiting }]),
      );
    }
    if (lag !== undefined) parts.push(gauge('outbox_relay_lag_seconds', 'Age of the oldest committed event not yet relayed (0 when none waits).', [{ value: lag }]));
    if (deliveries) {
      parts.push(
        gauge('webhook_deliveries', 'Webhook deliveries by state: pending (not yet tried), retrying, dead.', [
          { labels: { state: 'pending' }, value: deliveries.pending },
          { labels: { state: 'retrying' }, value: deliveries.retrying },
          { labels: { state: 'dead' }, value: deliveries.dead },
        ]),
      );
    }
    parts.push(processMetrics(this.startedAt), this.nodeMetrics());
    return `${parts.join('\n')}\n`;
  }

  private nodeMetrics(): string {
    const memory = process.memoryUsage();
    const delay = this.loopDelay;
    const text = [
      gauge('nodejs_heap_size_total_bytes', 'V8 heap size.', [{ value: memory.heapTotal }]),
      gauge('nodejs_heap_size_used_bytes', 'V8 heap used.', [{ value: memory.heapUsed }]),
      gauge('nodejs_external_memory_bytes', 'Memory of C++ objects bound to JavaScript.', [{ value: memory.external }]),
      gauge('nodejs_eventloop_lag_p99_seconds', 'Event loop delay, 99th percentile since the last scrape.', [{ value: delay.percentile(99) / 1e9 }]),
      gauge('nodejs_eventloop_lag_max_seconds', 'Event loop delay, maximum since the last scrape.', [{ value: delay.max / 1e9 }]),
      gauge('nodejs_active_resources', 'Handles and requests keeping the event loop alive.', [{ value: process.getActiveResourcesInfo().length }]),
      gauge('nodejs_version_info', 'Node.js version.', [{ labels: { version: process.version }, value: 1 }]),
    ].join('\n');
    // Each scrape reports the delay since the previous one.
    delay.reset();
    return text;
  }
}

function processMetrics(startedAt: number): string {
  const cpu = process.cpuUsage();
  let fds: number | undefined;
  try {
    fds = readdirSync('/proc/self/fd').length;
  } catch {
    fds = undefined;
  }
  return [
    `# HELP process_cpu_user_seconds_total User CPU time.\n# TYPE process_cpu_user_seconds_total counter\nprocess_cpu_user_seconds_total ${cpu.user / 1e6}`,
    `# HELP process_cpu_system_seconds_total System CPU time.\n# TYPE process_cpu_system_seconds_total counter\nprocess_cpu_system_seconds_total ${cpu.system / 1e6}`,
    `# HELP process_cpu_seconds_total User and system CPU time.\n# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
    gauge('process_resident_memory_bytes', 'Resident memory.', [{ value: process.memoryUsage.rss() }]),
    gauge('process_start_time_seconds', 'Start of the process, in Unix seconds.', [{ labels: { pid: String(process.pid) }, value: Math.round(startedAt) }]),
    ...(fds === undefined ? [] : [gauge('process_open_fds', 'Open file descriptors.', [{ value: fds }])]),
  ].join('\n');
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
  res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', ...headers }).end(body);
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
 * The operation's name and type from the request alone (the text is not parsed for this): the named
 * operation asked for, else the document's first operation; a shorthand `{ ... }` is an anonymous query.
 */
export function operationOfText(query: unknown, operationName: unknown): { name?: string; type?: string } {
  if (typeof query !== 'string') return {};
  if (typeof operationName === 'string' && NAME.test(operationName)) {
    return { name: operationName, type: new RegExp(`\\b(query|mutation|subscription)\\s+${operationName}\\b`).exec(query)?.[1] };
  }
  const first = /^\s*(?:#[^\n]*\n\s*)*(query|mutation|subscription)\b\s*([_A-Za-z][_0-9A-Za-z]*)?/.exec(query);
  return first ? { name: first[2], type: first[1] } : { type: 'query' };
}
