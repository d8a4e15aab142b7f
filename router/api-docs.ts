import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The REST reference page at `/api/docs`, outside production only: Swagger UI (`swagger-ui-dist`) over
 * the service's own `/api/v1/openapi.json`. Its script and style are read from the installed package and
 * served by the service itself under a CSP that admits only this origin: no CDN, so the page works in a
 * branch without internet access and loads nothing a third party could change.
 */

export const API_DOCS_PATHS = {
  page: '/api/docs',
  script: '/api/docs/swagger-ui-bundle.js',
  style: '/api/docs/swagger-ui.css',
  init: '/api/docs/init.js',
} as const;

const OPENAPI_URL = '/api/v1/openapi.json';

/** Its own scripts and styles, the document from this origin, the data: images of Swagger UI's stylesheet. */
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>REST API reference · Open core banking</title>
<link rel="stylesheet" href="${API_DOCS_PATHS.style}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATHS.script}"></script>
<script src="${API_DOCS_PATHS.init}"></script>
</body>
</html>
`;

// No "Try it out" by default: a reader on a shared screen should not fire requests with a pasted key by accident.
const INIT = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_URL)}, dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });\n`;

const packageFile = createRequire(import.meta.url).resolve;
const assets = new Map<string, string>();

/** A file of the swagger-ui-dist package, read once, on first use. */
function asset(name: string): string {
  let text = assets.get(name);
  if (text === undefined) assets.set(name, (text = readFileSync(packageFile(`swagger-ui-dist/${name}`), 'utf8')));
  return text;
}

export function isApiDocsPath(pathname: string): boolean {
  return pathname === `${API_DOCS_PATHS.page}/` || Object.values(API_DOCS_PATHS).some((p) => p === pathname);
}

/** The page or one of its assets. */
export function apiDocsResponse(pathname: string): { body: string; headers: Record<string, string> } {
  const [body, type] =
    pathname === API_DOCS_PATHS.script
      ? [asset('swagger-ui-bundle.js'), 'text/javascript; charset=utf-8']
      : pathname === API_DOCS_PATHS.style
        ? [asset('swagger-ui.css'), 'text/css; charset=utf-8']
        : pathname === API_DOCS_PATHS.init
          ? [INIT, 'text/javascript; charset=utf-8']
          : [PAGE, 'text/html; charset=utf-8'];
  return { body, headers: { 'content-type': type, 'content-security-policy': CSP, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' } };
}
