// Measures what the sign-in page (/login) loads on a cold cache: index.html, the entry chunk with its
// static imports and CSS, and the lazily loaded LoginPage chunk with its own. Sizes are gzip -9.
// Exits 1 when the total is over the budget; with --record, also writes bench/results/login-size.json
// (the web build only checks, so building leaves the tracked result as it was).
// Usage: node bench/login-size.mjs [--record] (after `npm run build -w web`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'web', 'dist');
/** Budget for the gzip total of everything /login loads (issue 18: at most 100 KB). */
const BUDGET_GZIP = 100 * 1024;
const LOGIN_SOURCE = 'src/pages/login/LoginPage.tsx';

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const files = new Set(['index.html']);
const seen = new Set();

function collect(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no entry ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imp of chunk.imports ?? []) collect(imp);
}
collect('index.html');
collect(LOGIN_SOURCE);

const rows = [...files].map((file) => {
  const buf = readFileSync(join(dist, file));
  return { file, bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
});
const totalBytes = rows.reduce((n, r) => n + r.bytes, 0);
const totalGzip = rows.reduce((n, r) => n + r.gzip, 0);
const result = {
  measured: new Date().toISOString(),
  page: '/login',
  files: rows.sort((a, b) => b.gzip - a.gzip),
  totalBytes,
  totalGzip,
  budgetGzip: BUDGET_GZIP,
  withinBudget: totalGzip <= BUDGET_GZIP,
};
if (process.argv.includes('--record')) {
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'login-size.json'), `${JSON.stringify(result, null, 2)}\n`);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `/login loads ${rows.length} files: ${kb(totalBytes)} raw, ${kb(totalGzip)} gzip (budget ${kb(BUDGET_GZIP)})`,
);
if (!result.withinBudget) {
  console.error('login-size: over budget');
  process.exit(1);
}
