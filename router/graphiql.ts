import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * GraphiQL on `GET /graphql` (a browser asking for HTML), outside production only. The gateway's own
 * GraphiQL loads its scripts from a CDN, which the page's Content-Security-Policy (and an offline bank
 * branch) rule out; this one is bundled at build time (router/graphiql/app.ts, scripts/build-pages.ts) and
 * served by the service itself. The tenant and the key go in its Headers tab (or the URL fragment, which
 * never reaches a server); introspection answers there as it does for any staff caller.
 */

export const IDE_PATHS = { page: '/graphql', script: '/graphql/ide.js', style: '/graphql/ide.css' } as const;

/** Where `npm run build` puts the bundle, beside dist/router/. */
const BUNDLE = fileURLToPath(new URL('../graphiql/', import.meta.url));

/**
 * Only what the page needs: its own script and stylesheet (fonts and icons inlined as data), requests to
 * this origin, nothing framed or posted.
 */
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self' data:; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphiQL · Open core banking</title>
<link rel="stylesheet" href="${IDE_PATHS.style}">
<script src="${IDE_PATHS.script}" defer></script>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
</body>
</html>
`;

const assets = new Map<string, string>();

function asset(file: string): string | null {
  let body = assets.get(file);
  if (body === undefined) {
    const path = `${BUNDLE}${file}`;
    if (!existsSync(path)) return null;
    body = readFileSync(path, 'utf8');
    assets.set(file, body);
  }
  return body;
}

export function wantsIde(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname === IDE_PATHS.script || pathname === IDE_PATHS.style) return true;
  return pathname === IDE_PATHS.page && /\btext\/html\b/i.test(req.headers.accept ?? '');
}

/** The page or one of its assets, with a Content-Security-Policy that admits only this origin. */
export function ideResponse(pathname: string): { status: number; body: string; headers: Record<string, string> } {
  const headers = { 'content-security-policy': CSP, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' };
  if (pathname === IDE_PATHS.page) return { status: 200, body: PAGE, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } };
  const [file, type] = pathname === IDE_PATHS.script ? ['app.js', 'text/javascript; charset=utf-8'] : ['app.css', 'text/css; charset=utf-8'];
  const body = asset(file);
  if (body === null) return { status: 503, body: 'GraphiQL is not built: run npm run build.', headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } };
  return { status: 200, body, headers: { ...headers, 'content-type': type } };
}
