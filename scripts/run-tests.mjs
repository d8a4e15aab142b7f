// npm test: runs the compiled test files with Node's test runner. Each file starts the whole service
// on its own fresh database, so files run in parallel (one per core).
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const files = process.argv.slice(2);
const args = [
  '--test',
  `--test-concurrency=${Math.max(1, Math.min(availableParallelism(), 4))}`,
  '--test-timeout=300000',
  ...(files.length ? files : ['dist/test/**/*.test.js']),
];
const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } });
process.exit(result.status ?? 1);
