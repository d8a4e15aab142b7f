import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * A stretch of the bench (one scenario), in microseconds of the monotonic clock: V8 stamps a CPU profile's
 * samples with the same clock as process.hrtime, so samples of every service process can be cut to it.
 */
export interface ProfileWindow {
  name: string;
  start: number;
  end: number;
  /** Requests answered in the window: self time is also printed per request. */
  requests: number;
}

/** Now on the clock a CPU profile's samples are stamped with (µs). */
export const profileClock = (): number => Number(process.hrtime.bigint() / 1000n);

/** Where a frame's code lives: a package, one of our top-level folders, Node itself, or V8's own work. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = /dist\/([^/]+(?:\/[^/]+)?)\//.exec(url);
  return ours ? ours[1]! : url;
}

const sourceMaps = new Map<string, SourceMap | null>();

/**
 * A frame's place as a reader finds it: our compiled files mapped back to their .ts source and line (through
 * tsc's source maps), a package's file under node_modules, Node's own module name.
 */
function place(url: string, line: number, column: number): string {
  if (!url.startsWith('file://')) return url ? `${url}:${line + 1}` : '';
  const file = fileURLToPath(url);
  const pkg = file.lastIndexOf('/node_modules/');
  if (pkg >= 0) return `${file.slice(pkg + 1)}:${line + 1}`;
  let map = sourceMaps.get(file);
  if (map === undefined) {
    map = existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null;
    sourceMaps.set(file, map);
  }
  const entry = map?.findEntry(line, column);
  if (entry && 'originalSource' in entry) {
    const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : join(file, '..', entry.originalSource);
    return `${relative(process.cwd(), source)}:${entry.originalLine + 1}`;
  }
  return `${relative(process.cwd(), file)}:${line + 1}`;
}

/**
 * Self time of every service process's CPU profile in `dir` (BENCH_PROFILE), summed and grouped by area
 * and by function: the profile behind the bench's figures, printed with them. With a window, only the
 * samples taken within it (one scenario's load, not the start or the setup before it).
 */
export function summarizeProfiles(dir: string, options: { top?: number; window?: ProfileWindow } = {}): void {
  const top = options.top ?? 15;
  const window = options.window;
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, { name: string; where: string; micros: number }>();
  let total = 0;
  let idle = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const micros = profile.timeDeltas[i] ?? 0;
      at += micros;
      if (window && (at < window.start || at > window.end)) return;
      const node = nodes.get(id)!;
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      if (functionName === '(idle)') {
        idle += micros;
        return;
      }
      total += micros;
      const where = area(url, functionName);
      byArea.set(where, (byArea.get(where) ?? 0) + micros);
      const key = `${functionName}\0${url}\0${lineNumber}\0${columnNumber}`;
      let fn = byFunction.get(key);
      if (!fn) byFunction.set(key, (fn = { name: functionName || '(anonymous)', where: place(url, lineNumber, columnNumber), micros: 0 }));
      fn.micros += micros;
    });
  }
  const requests = window?.requests ?? 0;
  const perRequest = (micros: number) => (requests > 0 ? `${(micros / requests).toFixed(1).padStart(7)} µs/req` : '');
  const share = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms${perRequest(micros)}`;
  console.log(
    `CPU profile${window ? ` of ${window.name}` : ''}: ${files.length} process(es), ${(total / 1e6).toFixed(1)} s busy (idle ${(idle / 1e6).toFixed(1)} s excluded)` +
      (requests > 0 ? `, ${requests} requests: ${(total / requests).toFixed(0)} µs busy per request` : ''),
  );
  console.log('self time by area:');
  for (const [name, micros] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${share(micros)}  ${name}`);
  console.log('self time by function:');
  for (const fn of [...byFunction.values()].sort((a, b) => b.micros - a.micros).slice(0, top)) console.log(`  ${share(fn.micros)}  ${fn.name}  ${fn.where}`);
}
