import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestDatabase } from '../test/support/database.js';
import { cpuPerRequest, cpuTimes } from './cpu.js';

const run = promisify(execFile);

/**
 * PostgreSQL's own TPC-B (pgbench's built-in teller deposit: three balance updates and a history insert
 * per transaction) on a fresh database of the same server: the yardstick for the service's deposit rate.
 * Returns transactions/s and the CPU they cost (PostgreSQL's and pgbench's), or null when pgbench is not on
 * this machine.
 */
export async function pgbenchTps(scale: number, clients: number, seconds: number): Promise<{ tps: number; cpu: string } | null> {
  try {
    await run('pgbench', ['--version']);
  } catch {
    return null;
  }
  const database = await createTestDatabase();
  try {
    const url = new URL(database.url);
    // The same way in as the service: a Unix socket when the URL names one (?host=/var/run/postgresql), else TCP.
    const args = ['-h', url.searchParams.get('host') ?? url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username) || 'postgres'];
    const name = url.pathname.slice(1);
    await run('pgbench', [...args, '-i', '-q', '-s', String(scale), name], { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } });
    const before = cpuTimes(null);
    const { stdout } = await run('pgbench', [...args, '-c', String(clients), '-j', '2', '-T', String(seconds), name], {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    });
    const after = cpuTimes(null);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    const transactions = /number of transactions actually processed: (\d+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tps: Number(tps[1]), cpu: cpuPerRequest(before, after, Number(transactions?.[1] ?? 0), ['postgres', 'children']).replace('/req', '/txn') };
  } finally {
    await database.drop();
  }
}
