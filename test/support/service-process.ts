import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBGRAPHS } from '../../subgraphs/kernel/config.js';
import { createTestDatabase } from './database.js';
import { freePort } from './ports.js';
import type { Client } from 'graphql-ws';
import { httpsJson, TenantSession, wsClient, type HttpResult, type Requester, type RequestOptions } from './service.js';

/**
 * The service as `npm start` runs it — `node dist/router/main.js` in its own process, here on a fresh
 * PostgreSQL database — for what only a real process shows: several workers sharing one port.
 */
export class ServiceProcess implements Requester {
  private constructor(
    readonly url: string,
    readonly databaseUrl: string,
    /** From spawning the process to its first healthy answer (migrations and provisioning included). */
    readonly readyMs: number,
    readonly ca: string,
    private readonly child: ChildProcess,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /**
   * `nodeArgs` go before the entry point (the bench's --cpu-prof); subgraph ports are free ones, for SUBGRAPH_TRANSPORT=http.
   * `databaseUrl` starts on another process's database (a restart after a crash); it is left for its owner to drop.
   */
  static async start(env: Record<string, string> = {}, options: { nodeArgs?: string[]; databaseUrl?: string; keepDatabase?: boolean } = {}): Promise<ServiceProcess> {
    const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase();
    const drop = options.keepDatabase ? async () => {} : () => database.drop();
    const dataDir = mkdtempSync(join(tmpdir(), 'cbs-process-'));
    const port = await freePort();
    const subgraphPorts: Record<string, string> = {};
    for (const name of SUBGRAPHS) subgraphPorts[`${name.toUpperCase()}_PORT`] = String(await freePort());
    const spawned = performance.now();
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/router/main.js'], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TENANTS: 'default', ...subgraphPorts, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `https://127.0.0.1:${port}`;
    const cleanup = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      for (let i = 0; ; i++) {
        if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
        try {
          const ca = readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8');
          if ((await httpsJson(url, ca, 'GET', '/actuator/health')).status === 200) return new ServiceProcess(url, database.url, performance.now() - spawned, ca, child, cleanup);
        } catch {
          /* not listening yet */
        }
        if (i > 1200) throw new Error('the service did not start within 120 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    } catch (error) {
      await cleanup();
      throw error;
    }
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Each request on its own connection, so the workers' round robin spreads a test's requests over all of them. */
  request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    return httpsJson<T>(this.url, this.ca, method, path, { freshConnection: true, ...options });
  }

  subscriptionClient(tenant: string, key: string): Client {
    return wsClient(this.url, this.ca, tenant, key);
  }

  /** The default tenant's admin, logged in. */
  async admin(): Promise<TenantSession<ServiceProcess>> {
    const login = await this.request('POST', '/api/v1/authentication', { tenant: 'default', body: { username: 'admin', password: 'password' } });
    if (login.status !== 200) throw new Error(`admin login failed: ${login.text}`);
    return new TenantSession(this, 'default', login.body.base64EncodedAuthenticationKey as string);
  }

  /** Sends `signal` to the service's process and resolves with its exit code once it has exited. */
  async signal(signal: NodeJS.Signals): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve(this.child.exitCode);
      else this.child.once('exit', (code) => resolve(code));
    });
    this.child.kill(signal);
    return exited;
  }

  /** Kills the process with SIGKILL (a crash: nothing is flushed or closed) and waits for it to be gone. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.cleanup();
  }
}
