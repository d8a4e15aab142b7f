// npm run build: compiles only when a source changed since the last successful build, so that `npm start`,
// `npm run seed` and `npm run tenants` on an unchanged checkout start in a second instead of waiting for
// tsc. tsc itself is incremental (dist/.tsbuildinfo): when something changed it recompiles what that change
// reaches. The browser pages (esbuild) are bundled again only when their own sources or the lockfile changed.
// Plain JavaScript on purpose: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['subgraphs', 'router', 'rest-compat', 'scripts', 'test', 'bench'];
const PAGES = ['router/dashboard', 'router/graphiql'];
const INPUTS = ['tsconfig.json', 'package.json', 'package-lock.json'];
const STAMP = 'dist/.build-stamp';
const PAGES_STAMP = 'dist/.pages-stamp';

/** The newest modification time under `paths`, directories included (a deleted file changes its folder's). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    latest = Math.max(latest, stat.mtimeMs);
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
  };
  for (const path of paths) visit(path);
  return latest;
}

const builtAt = (stamp) => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0);
const run = (args) => {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Marks a build as of the moment it started. */
const stamp = (file, at) => {
  writeFileSync(file, `${at.toISOString()}\n`);
  utimesSync(file, at, at);
};

const force = process.argv.includes('--force');
const compiled = !force && existsSync('dist/router/main.js') && newest([...SOURCES, ...INPUTS]) < builtAt(STAMP);
if (!compiled) {
  // Taken before compiling: an edit made while tsc runs is newer than the stamp and builds next time.
  const started = new Date();
  run(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
  stamp(STAMP, started);
}
const bundled = !force && existsSync('dist/dashboard/app.js') && existsSync('dist/graphiql/app.js') && newest([...PAGES, 'package-lock.json']) < builtAt(PAGES_STAMP);
if (!bundled) {
  const started = new Date();
  run(['dist/scripts/build-pages.js']);
  stamp(PAGES_STAMP, started);
}
if (compiled && bundled) console.log('build: nothing changed since the last build');
