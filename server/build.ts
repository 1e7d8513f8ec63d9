// Bundles the server into dist/main.js, and its spreadsheet worker into dist/spreadsheet-worker.js.
import { join } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from './bundle.js';

const here = import.meta.dirname;

await build({
  ...bundleOptions,
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile: join(here, 'dist', 'main.js'),
});
// Spreadsheets are read in a worker thread, started from the file beside main.js.
await build({
  ...bundleOptions,
  entryPoints: [join(here, 'src', 'modules', 'history', 'spreadsheet-worker.ts')],
  outfile: join(here, 'dist', 'spreadsheet-worker.js'),
});
