import type autocannon from 'autocannon';

/** One line per scenario: rate, latency percentiles, how many answers were not 2xx and, when measured, the CPU per request. */
export function report(name: string, result: autocannon.Result, cpu = ''): void {
  console.log(
    `${name.padEnd(46)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  2xx ${result['2xx']}  non-2xx ${result.non2xx}  errors ${result.errors}${cpu ? `  ${cpu}` : ''}`,
  );
}

/** A measured rate against its target ratio of a yardstick, e.g. deposits against pgbench's TPC-B. */
export function ratio(name: string, value: number, yardstick: number | null, target: number, yardstickName: string): void {
  if (yardstick === null || yardstick === 0) {
    console.log(`${name.padEnd(46)} ${value.toFixed(0)} /s (no ${yardstickName} figure to compare with)`);
    return;
  }
  const r = value / yardstick;
  console.log(`${name.padEnd(46)} ${value.toFixed(0)} / ${yardstick.toFixed(0)} = ${r.toFixed(2)}x of ${yardstickName} (target >= ${target}x: ${r >= target ? 'met' : 'NOT met'})`);
}
