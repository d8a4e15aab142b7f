/**
 * Bundles the live transactions dashboard (router/dashboard/) into dist/dashboard/ with esbuild: one
 * module with Preact, htm and the graphql-ws client inside, so the page needs no CDN. `npm run build`
 * runs it after tsc.
 */
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = join(root, 'router', 'dashboard');
const target = join(root, 'dist', 'dashboard');

mkdirSync(target, { recursive: true });
await build({
  entryPoints: [join(source, 'app.ts')],
  outfile: join(target, 'app.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
});
for (const file of ['index.html', 'app.css']) copyFileSync(join(source, file), join(target, file));
