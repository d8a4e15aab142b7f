/**
 * Bundles the browser pages the edge serves, with esbuild, so that none of them needs a CDN: the live
 * transactions dashboard (router/dashboard/: Preact, htm and the graphql-ws client) into dist/dashboard/,
 * and GraphiQL (router/graphiql/: GraphiQL, React and its stylesheet) into dist/graphiql/. `npm run build`
 * runs it after tsc.
 */
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = join(root, 'router', 'dashboard');
const target = join(root, 'dist', 'dashboard');
const ideSource = join(root, 'router', 'graphiql');
const ideTarget = join(root, 'dist', 'graphiql');

mkdirSync(target, { recursive: true });
mkdirSync(ideTarget, { recursive: true });
// GraphiQL: its stylesheet, imported by the entry, comes out beside the script as app.css.
await build({
  entryPoints: [join(ideSource, 'app.ts')],
  outfile: join(ideTarget, 'app.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  loader: { '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.svg': 'dataurl', '.png': 'dataurl' },
  legalComments: 'none',
  logLevel: 'warning',
});
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
