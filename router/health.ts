import { readFileSync, statSync } from 'node:fs';
import type { Config, SubgraphName } from '../subgraphs/kernel/config.js';
import type { Platform } from '../subgraphs/registry.js';

/**
 * Spring Boot Actuator's health and info endpoints, the ones Fineract's operators already probe:
 * `/actuator/health` (components), its `liveness` and `readiness` groups, `/actuator/info`, each also
 * under `/fineract-provider`. DOWN (and OUT_OF_SERVICE) is 503, an unknown group 404.
 */

const ACTUATOR_PREFIXES = ['/actuator', '/fineract-provider/actuator'];
const GROUPS = ['liveness', 'readiness'] as const;
/** A probe answers within this, whatever hangs behind it: a hung dependency is as down as a refusing one. */
const CHECK_TIMEOUT_MS = 2000;

type Status = 'UP' | 'DOWN' | 'OUT_OF_SERVICE';
interface Component {
  status: Status;
  details?: Record<string, unknown>;
  components?: Record<string, Component>;
}

/** Where this process stands: readiness is UP only between `ready()` and `stopping()`. */
export class Lifecycle {
  private state: 'starting' | 'ready' | 'stopping' = 'starting';

  ready(): void {
    if (this.state === 'starting') this.state = 'ready';
  }

  stopping(): void {
    this.state = 'stopping';
  }

  get isStopping(): boolean {
    return this.state === 'stopping';
  }

  get isReady(): boolean {
    return this.state === 'ready';
  }
}

export interface HealthAnswer {
  status: number;
  body: string;
  /** The probe's own route label (logs and metrics): probes are frequent and uninteresting at info. */
  route: string;
}

export interface BuildInfo {
  name: string;
  version: string;
  time: string;
}

/** The package's name and version, and when this build was made (when `npm run build` wrote this file). */
export function buildInfo(): BuildInfo {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version, time: statSync(new URL(import.meta.url)).mtime.toISOString() };
}

async function withTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A subgraph served over HTTP answers its own `/health`; one executed in place is up with its process. */
async function subgraphUp(url: string): Promise<boolean> {
  const health = new URL(url);
  health.pathname = '/health';
  const response = await fetch(health, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  await response.body?.cancel();
  return response.ok;
}

/**
 * The `cob` component reports, but does not decide: a tenant whose close of business is behind needs an
 * operator, not a process taken out of the load balancer (every tenant would lose it).
 */
const rollUp = (components: Record<string, Component>): Status => (Object.entries(components).every(([name, c]) => name === 'cob' || c.status === 'UP') ? 'UP' : 'DOWN');

export interface HealthOptions {
  platform: Pick<Platform, 'db' | 'bus'> & { config: Pick<Config, 'subgraphUrls'> };
  lifecycle: Lifecycle;
  /** Subgraphs executed in this process; the others are reached over HTTP at their configured URLs. */
  inProcess: readonly SubgraphName[];
  remote: readonly SubgraphName[];
  /** How many tenants' business dates are more than a day behind today (the close of business is behind); absent: no such component. */
  cobTenantsBehind?: () => Promise<number>;
}

/** The actuator handler: an answer for the actuator's paths, undefined for anything else. */
export function createHealth(options: HealthOptions): (pathname: string) => Promise<HealthAnswer> | undefined {
  const { platform, lifecycle } = options;
  const info = JSON.stringify({ build: buildInfo() });

  // Probes are public: however many arrive together, they share one round of checks against the database,
  // Redis and the remote subgraphs, so a flood of probes is not a flood on the backends.
  let inFlight: Promise<Record<string, Component>> | undefined;
  const components = (): Promise<Record<string, Component>> => {
    inFlight ??= checkComponents().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  async function checkComponents(): Promise<Record<string, Component>> {
    const cobCheck = options.cobTenantsBehind ? withTimeout(options.cobTenantsBehind().then((n) => n === 0)) : Promise.resolve(undefined);
    const [db, redis, ...remote] = await Promise.all([
      platform.db.ping(CHECK_TIMEOUT_MS),
      platform.bus.ping ? withTimeout(platform.bus.ping()) : Promise.resolve(undefined),
      ...options.remote.map((name) => withTimeout(subgraphUp(platform.config.subgraphUrls[name]))),
    ]);
    const subgraphs: Record<string, Component> = {};
    for (const name of options.inProcess) subgraphs[name] = { status: 'UP', details: { transport: 'in-process' } };
    options.remote.forEach((name, i) => {
      subgraphs[name] = { status: remote[i] ? 'UP' : 'DOWN', details: { transport: 'http' } };
    });
    const behind = await cobCheck;
    return {
      ...(behind === undefined ? {} : { cob: { status: behind ? 'UP' : 'DOWN' } satisfies Component }),
      db: { status: db ? 'UP' : 'DOWN', details: { database: platform.db.kind === 'postgresql' ? 'PostgreSQL' : 'PGlite (embedded)' } },
      ...(redis === undefined ? {} : { redis: { status: redis ? 'UP' : 'DOWN' } satisfies Component }),
      ...(Object.keys(subgraphs).length > 0 ? { subgraphs: { status: rollUp(subgraphs), components: subgraphs } satisfies Component } : {}),
    };
  }

  const answer = (route: string, component: Component): HealthAnswer => ({ status: component.status === 'UP' ? 200 : 503, body: JSON.stringify(component), route });

  return (pathname) => {
    const prefix = ACTUATOR_PREFIXES.find((p) => pathname.startsWith(`${p}/`));
    if (!prefix) return undefined;
    const rest = pathname.slice(prefix.length);
    if (rest === '/info') return Promise.resolve({ status: 200, body: info, route: 'actuator/info' });
    if (rest === '/health') {
      return components().then((all) => answer('actuator/health', { status: lifecycle.isStopping ? 'OUT_OF_SERVICE' : rollUp(all), components: all, groups: [...GROUPS] } as Component));
    }
    const group = /^\/health\/([^/]+)$/.exec(rest)?.[1];
    if (group === undefined) return undefined;
    // Liveness: the process answers, so it is alive; restarting it for a sick database would not help.
    if (group === 'liveness') return Promise.resolve(answer('actuator/health/liveness', { status: 'UP' }));
    if (group === 'readiness') {
      // Not ready before start-up has finished and from the moment shutdown begins, whatever the rest says.
      if (!lifecycle.isReady) return Promise.resolve(answer('actuator/health/readiness', { status: 'OUT_OF_SERVICE' }));
      return components().then((all) => answer('actuator/health/readiness', { status: rollUp(all), components: all }));
    }
    // An unknown group is the edge's 404, like any unknown path.
    return undefined;
  };
}
