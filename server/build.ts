// Bundles the server into dist/main.js, and its spreadsheet worker into dist/spreadsheet-worker.js.
// npm packages stay external and load from node_modules; the workspace packages (@blade/*) are
// TypeScript sources and are bundled in.
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;

/** Marks every bare import external except our own workspace packages. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@blade/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externals],
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...options,
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile: join(here, 'dist', 'main.js'),
});
// Spreadsheets are read in a worker thread, started from the file beside main.js.
await build({
  ...options,
  entryPoints: [join(here, 'src', 'modules', 'history', 'spreadsheet-worker.ts')],
  outfile: join(here, 'dist', 'spreadsheet-worker.js'),
});
