import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent by the service's processes, by PostgreSQL's and by this process's reaped children (pgbench),
 * read from /proc: on a 2-core machine the rate of a scenario is bounded by the CPU each request costs, so
 * the bench prints that cost beside the rate, split between the service and the database. Linux only: null
 * elsewhere.
 */
export interface CpuTimes {
  /** The service's process and its workers (the processes whose parent it is). */
  service: number;
  /** Every PostgreSQL process, with the backends that have exited since (counted in the postmaster's children). */
  postgres: number;
  /** This process's reaped children: pgbench, once it has exited. */
  children: number;
}

interface Stat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, ms. */
  own: number;
  /** cutime + cstime (reaped children), ms. */
  reaped: number;
}

/** /proc/<pid>/stat counts clock ticks, 100 a second on Linux (USER_HZ). */
const TICK_MS = 10;

function stat(pid: string): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // comm is in parentheses and may hold spaces; the fields after it are space-separated (state is field 3).
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const f = text.slice(close + 2).split(' ');
  return { pid: Number(pid), ppid: Number(f[1]), comm, own: (Number(f[11]) + Number(f[12])) * TICK_MS, reaped: (Number(f[13]) + Number(f[14])) * TICK_MS };
}

export function cpuTimes(servicePid: number | null): CpuTimes | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return null;
  }
  const stats = pids.map(stat).filter((s): s is Stat => s !== null);
  const postgres = stats.filter((s) => s.comm === 'postgres');
  const postgresPids = new Set(postgres.map((s) => s.pid));
  const postmaster = postgres.filter((s) => !postgresPids.has(s.ppid));
  const self = stats.find((s) => s.pid === process.pid);
  return {
    service: servicePid === null ? 0 : stats.filter((s) => s.pid === servicePid || s.ppid === servicePid).reduce((n, s) => n + s.own, 0),
    postgres: postgres.reduce((n, s) => n + s.own, 0) + postmaster.reduce((n, s) => n + s.reaped, 0),
    children: self?.reaped ?? 0,
  };
}

/** `what` of CPU per request between two readings, e.g. "service 2.31 + PostgreSQL 2.07 ms CPU/req". */
export function cpuPerRequest(before: CpuTimes | null, after: CpuTimes | null, requests: number, parts: readonly ('service' | 'postgres' | 'children')[], names: Record<string, string> = {}): string {
  if (!before || !after || requests <= 0) return '';
  const label = { service: 'service', postgres: 'PostgreSQL', children: 'pgbench', ...names };
  return `${parts.map((p) => `${label[p]} ${((after[p] - before[p]) / requests).toFixed(2)}`).join(' + ')} ms CPU/req`;
}
