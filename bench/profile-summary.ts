import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, one of our top-level folders, Node itself, or V8's own work. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = /dist\/([^/]+(?:\/[^/]+)?)\//.exec(url);
  return ours ? ours[1]! : url;
}

/**
 * Self time of every service process's CPU profile in `dir` (BENCH_PROFILE), summed and grouped by area
 * and by function: the profile behind the bench's figures, printed with them.
 */
export function summarizeProfiles(dir: string, top = 12): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id)!;
      const micros = profile.timeDeltas[i] ?? 0;
      if (node.callFrame.functionName === '(idle)') return;
      total += micros;
      const where = area(node.callFrame.url, node.callFrame.functionName);
      byArea.set(where, (byArea.get(where) ?? 0) + micros);
      const fn = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    });
  }
  const print = (title: string, map: Map<string, number>) => {
    console.log(title);
    for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`  ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}`);
    }
  };
  console.log(`CPU profile: ${files.length} process(es), ${(total / 1e6).toFixed(1)} s busy (idle excluded)`);
  print('self time by area:', byArea);
  print('self time by function:', byFunction);
}
