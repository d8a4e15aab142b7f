import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBGRAPHS } from '../subgraphs/kernel/config.js';
import { createTestDatabase } from '../test/support/database.js';
import { freePort } from '../test/support/ports.js';

export interface BenchService {
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts `node dist/router/main.js` as its own process on a fresh PostgreSQL database, so the load
 * generator (this process) and the service do not share an event loop: the figures are the service's.
 */
export async function startServiceProcess(): Promise<BenchService> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'cbs-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  for (const name of SUBGRAPHS) env[`${name.toUpperCase()}_PORT`] = String(await freePort());
  const child: ChildProcess = spawn(process.execPath, ['dist/router/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `https://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/actuator/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 300 || child.exitCode !== null) throw new Error('the service did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    databaseUrl: database.url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
