import type { FastifyInstance } from 'fastify';

/** A readable page over the document: no scripts from elsewhere, so it works offline and under CSP. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Blade Mall Admin API</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;color:#222}header{background:#3178c2;color:#fff;padding:16px 24px}
main{padding:16px 24px;max-width:1100px}h2{border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:28px}
.op{border:1px solid #e4e7ed;border-radius:4px;margin:8px 0;padding:8px 12px}.m{display:inline-block;min-width:48px;font-weight:600}
.get{color:#468427}.post{color:#9a6d28}code{background:#f4f4f5;padding:1px 4px;border-radius:3px}.d{color:#666}
header code{background:#245d99;color:#fff}
details pre{background:#f8f8f8;padding:8px;overflow:auto}
</style></head><body><header><h1>Blade Mall Admin API</h1>
<p>Every answer is <code>{ code, success, data, msg }</code>. Send <code>Authorization: Basic</code> (client) and <code>Blade-Auth: bearer &lt;token&gt;</code>. JSON: <a style="color:#fff" href="/api/docs/json">/api/docs/json</a></p></header>
<main id="root">Loading…</main>
<script type="module" src="/api/docs/page.js"></script></body></html>`;

const SCRIPT = `const doc = await (await fetch('/api/docs/json')).json();
const root = document.getElementById('root');
const groups = new Map();
for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) {
  const tag = op.tags[0]; if (!groups.has(tag)) groups.set(tag, []); groups.get(tag).push({ path, method, op });
}
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
root.innerHTML = [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([tag, ops]) => '<h2>' + esc(tag) + '</h2>' + ops.map(({ path, method, op }) =>
  '<div class="op"><span class="m ' + method + '">' + method.toUpperCase() + '</span> <code>' + esc(path) + '</code> <span class="d">' + esc(op.description) + '</span>' +
  ((op.parameters && op.parameters.length) || op.requestBody ? '<details><summary>details</summary><pre>' + esc(JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody }, null, 2)) + '</pre></details>' : '') + '</div>').join('')).join('');
`;

/** /api/docs: the OpenAPI document (JSON) and a browsable page over it. */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  app.get('/page.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(SCRIPT),
  );
}
