// Bundles the server into dist/main.js; npm packages stay external and load from node_modules.
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;

await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile: join(here, 'dist', 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
