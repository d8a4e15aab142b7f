import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';

/** Where `npm run build` puts the bundled dashboard (scripts/build-dashboard.ts), beside dist/router/. */
const DIRECTORY = fileURLToPath(new URL('../dashboard/', import.meta.url));

const ASSETS: Record<string, { file: string; type: string }> = {
  '/dashboard': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/dashboard/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/dashboard/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/dashboard/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
};

/**
 * The page may load only its own script and stylesheet and talk only to this origin (REST, GraphQL and
 * its websocket): no inline script, no third party, never framed.
 */
const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const isDashboardPath = (pathname: string): boolean => pathname === '/dashboard' || pathname.startsWith('/dashboard/');

const cache = new Map<string, Buffer>();

/**
 * Serves the live transactions dashboard's static files. They hold no data: the page signs in as staff,
 * and every read it makes carries that session's key.
 */
export function serveDashboard(pathname: string, method: string | undefined, res: ServerResponse, common: Record<string, string>): void {
  const asset = ASSETS[pathname];
  if (!asset || (method !== 'GET' && method !== 'HEAD')) {
    res.writeHead(404, { ...common, 'content-type': 'text/plain; charset=utf-8' }).end('Not found.');
    return;
  }
  let body = cache.get(asset.file);
  if (!body) {
    const path = `${DIRECTORY}${asset.file}`;
    if (!existsSync(path)) {
      res.writeHead(503, { ...common, 'content-type': 'text/plain; charset=utf-8' }).end('The dashboard is not built: run npm run build.');
      return;
    }
    body = readFileSync(path);
    cache.set(asset.file, body);
  }
  res.writeHead(200, { ...common, 'content-type': asset.type, 'content-length': body.length, 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-frame-options': 'DENY' });
  res.end(method === 'HEAD' ? undefined : body);
}
