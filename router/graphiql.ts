import type { IncomingMessage } from 'node:http';

/**
 * The in-browser GraphQL IDE on `GET /graphql` (a browser asking for HTML), outside production only.
 * The gateway's own GraphiQL loads its scripts from a CDN, which the page's Content-Security-Policy (and
 * an offline bank branch) rule out; this page and its two assets are served by the service itself and
 * need nothing else. The tenant and the key are typed into the page (or put in its URL fragment, which
 * never reaches a server) and sent as headers; introspection answers there as it does for any staff caller.
 */

export const IDE_PATHS = { page: '/graphql', script: '/graphql/ide.js', style: '/graphql/ide.css' } as const;

/** Only what the page needs: its own script and style, requests to this origin, nothing framed or posted. */
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphiQL · Open core banking</title>
<link rel="stylesheet" href="${IDE_PATHS.style}">
<script src="${IDE_PATHS.script}" defer></script>
</head>
<body>
<header>
  <strong>GraphiQL</strong>
  <label>Tenant <input id="tenant" autocomplete="off" placeholder="default"></label>
  <label>Key <input id="key" type="password" autocomplete="off" placeholder="base64EncodedAuthenticationKey"></label>
  <label>User <input id="username" autocomplete="username" placeholder="admin"></label>
  <label>Password <input id="password" type="password" autocomplete="current-password"></label>
  <button id="login" type="button">Log in</button>
  <button id="docs" type="button">Schema</button>
  <button id="run" type="button" title="Ctrl+Enter">Run ▶</button>
</header>
<main>
  <section class="editors">
    <textarea id="query" spellcheck="false" aria-label="Query"></textarea>
    <textarea id="variables" spellcheck="false" aria-label="Variables" placeholder="{ variables as JSON }"></textarea>
  </section>
  <section class="output">
    <pre id="status"></pre>
    <pre id="result" aria-live="polite"></pre>
  </section>
</main>
</body>
</html>
`;

const STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: 14px system-ui, sans-serif; height: 100vh; display: flex; flex-direction: column; color: #1b2b34; }
header { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 8px 12px; background: #e8eef2; border-bottom: 1px solid #c5d0d8; }
header strong { color: #e535ab; margin-right: 8px; }
header input { width: 11em; }
button { cursor: pointer; }
#run { background: #e535ab; color: white; border: 0; padding: 4px 14px; border-radius: 4px; }
main { flex: 1; display: flex; min-height: 0; }
.editors, .output { flex: 1; display: flex; flex-direction: column; min-width: 0; }
textarea, pre { font: 13px ui-monospace, monospace; margin: 0; padding: 10px; border: 0; border-right: 1px solid #c5d0d8; }
#query { flex: 3; resize: none; }
#variables { flex: 1; resize: none; border-top: 1px solid #c5d0d8; }
#status { color: #5c6c78; border-bottom: 1px solid #c5d0d8; min-height: 2.5em; }
#result { flex: 1; overflow: auto; white-space: pre-wrap; }
`;

const SCRIPT = `'use strict';
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var DEFAULT_QUERY = '# Set the tenant and a key (or log in), then run.\\n{\\n  offices {\\n    id\\n    name\\n  }\\n}\\n';
  var fragment = new URLSearchParams(location.hash.slice(1));
  var search = new URLSearchParams(location.search);
  var remembered = function (name) { return fragment.get(name) || sessionStorage.getItem('graphiql.' + name) || ''; };
  $('tenant').value = remembered('tenant');
  $('key').value = remembered('key');
  $('query').value = search.get('query') || sessionStorage.getItem('graphiql.query') || DEFAULT_QUERY;
  $('variables').value = search.get('variables') || '';
  var keep = function () {
    sessionStorage.setItem('graphiql.tenant', $('tenant').value);
    sessionStorage.setItem('graphiql.key', $('key').value);
    sessionStorage.setItem('graphiql.query', $('query').value);
  };
  var headers = function () {
    var h = { 'content-type': 'application/json', accept: 'application/json' };
    if ($('tenant').value.trim()) h['Service-Platform-TenantId'] = $('tenant').value.trim();
    var key = $('key').value.trim();
    if (key) h.Authorization = 'Basic ' + (key.indexOf(':') >= 0 ? btoa(key) : key);
    return h;
  };
  var show = function (status, body) {
    $('status').textContent = status;
    $('result').textContent = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  };
  var post = function (url, body) {
    var started = performance.now();
    return fetch(url, { method: 'POST', headers: headers(), body: JSON.stringify(body) }).then(function (res) {
      return res.text().then(function (text) {
        var parsed;
        try { parsed = JSON.parse(text); } catch (e) { parsed = text; }
        return { status: res.status + ' · ' + Math.round(performance.now() - started) + ' ms', body: parsed };
      });
    });
  };
  var run = function () {
    keep();
    var variables;
    try { variables = $('variables').value.trim() ? JSON.parse($('variables').value) : undefined; } catch (e) { show('Variables are not valid JSON', String(e)); return; }
    show('running…', '');
    post('/graphql', { query: $('query').value, variables: variables }).then(function (r) { show(r.status, r.body); }, function (e) { show('failed', String(e)); });
  };
  $('run').addEventListener('click', run);
  document.addEventListener('keydown', function (e) { if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') run(); });
  $('login').addEventListener('click', function () {
    $('key').value = '';
    post('/api/v1/authentication', { username: $('username').value, password: $('password').value }).then(function (r) {
      if (r.body && r.body.base64EncodedAuthenticationKey) { $('key').value = r.body.base64EncodedAuthenticationKey; $('password').value = ''; keep(); show('logged in as ' + r.body.username, ''); }
      else show(r.status, r.body);
    });
  });
  var schema = function () {
    keep();
    var q = '{ __schema { queryType { fields { name description } } mutationType { fields { name description } } subscriptionType { fields { name } } } }';
    post('/graphql', { query: q }).then(function (r) {
      var s = r.body && r.body.data && r.body.data.__schema;
      if (!s) { show(r.status, r.body); return; }
      var list = function (title, type) { return type ? '# ' + title + '\\n' + type.fields.map(function (f) { return f.name + (f.description ? '  — ' + f.description.split('\\n')[0] : ''); }).join('\\n') + '\\n\\n' : ''; };
      show('schema', list('Query', s.queryType) + list('Mutation', s.mutationType) + list('Subscription', s.subscriptionType));
    });
  };
  $('docs').addEventListener('click', schema);
  if (fragment.has('run')) run();
  else if (fragment.has('schema')) schema();
})();
`;

/** True for what a browser sends when it navigates to /graphql: a GET that prefers HTML. */
export function wantsIde(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname === IDE_PATHS.script || pathname === IDE_PATHS.style) return true;
  return pathname === IDE_PATHS.page && /\btext\/html\b/i.test(req.headers.accept ?? '');
}

/** The page or one of its assets, with a Content-Security-Policy that admits only this origin. */
export function ideResponse(pathname: string): { status: number; body: string; headers: Record<string, string> } {
  const [body, type] =
    pathname === IDE_PATHS.script ? [SCRIPT, 'text/javascript; charset=utf-8'] : pathname === IDE_PATHS.style ? [STYLE, 'text/css; charset=utf-8'] : [PAGE, 'text/html; charset=utf-8'];
  return { status: 200, body, headers: { 'content-type': type, 'content-security-policy': CSP, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' } };
}
