// `npm run bench [-- <name> ...]`: runs the benchmarks (all of the default set, or the ones named)
// one after another with tsx, then checks their fresh results against bench/budget.json. Exits 1
// when a benchmark fails or a figure is beyond its budget. Every benchmark runs on SQLite, or on
// PostgreSQL when BENCH_DATABASE_URL is set; `soak` runs only when named.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const defaults = ['api', 'web', 'users-list', 'orders-list', 'logging'];
const known = [...defaults, 'request-cost', 'peer', 'soak', 'spreadsheet'];

const named = process.argv.slice(2);
const unknown = named.filter((n) => !known.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${known.join(', ')}`);
  process.exit(2);
}
const chosen = named.length ? named : defaults;
const kinds = process.env.BENCH_DATABASE_URL ? ['postgres'] : ['sqlite'];
const since = new Date().toISOString();
const failed = [];
for (const name of chosen) {
  const started = Date.now();
  console.log(`\n== ${name}`);
  const args = name.endsWith('-list') ? kinds : [];
  const run = spawnSync(tsx, [join(here, `${name}.ts`), ...args], { stdio: 'inherit', cwd: root });
  console.log(
    `== ${name}: ${run.status === 0 ? 'done' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (run.status !== 0) failed.push(name);
}
const check = spawnSync(tsx, [join(here, 'check-budget.ts'), '--since', since, ...chosen], {
  stdio: 'inherit',
  cwd: root,
});
if (failed.length) console.error(`benchmarks that failed: ${failed.join(', ')}`);
process.exit(failed.length || check.status !== 0 ? 1 : 0);
