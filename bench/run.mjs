// `npm run bench [-- <name> ...]`: runs the benchmarks (all, or the ones named) with tsx.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const all = ['users-list', 'orders-list'];
const chosen = process.argv.slice(2).filter((a) => all.includes(a));
for (const name of chosen.length ? chosen : all) {
  execFileSync(join(here, '..', 'node_modules', '.bin', 'tsx'), [join(here, `${name}.ts`)], {
    stdio: 'inherit',
    cwd: join(here, '..'),
  });
}
