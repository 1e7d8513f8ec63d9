import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { migrationFiles, staticMigrationModules } from './src/db/migration-files.js';

/** Marks every bare import external except our own workspace packages. */
const externals: Plugin = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@blade/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

const MIGRATION_MODULES = join(import.meta.dirname, 'src', 'db', 'migration-modules.ts');

/**
 * The bundle has no migrations folder to list when it runs, so db/migration-modules.ts is built as
 * static imports of the migration files the folder holds at build time.
 */
const migrations: Plugin = {
  name: 'migrations',
  setup(b) {
    b.onLoad({ filter: /[\\/]migration-modules\.ts$/ }, async (args) => {
      if (args.path !== MIGRATION_MODULES) return undefined;
      const folder = join(dirname(args.path), 'migrations');
      return {
        contents: staticMigrationModules(migrationFiles(await readdir(folder))),
        loader: 'ts',
        resolveDir: dirname(args.path),
        watchDirs: [folder],
      };
    });
  },
};

/**
 * How the server is bundled (server/build.ts, and the benchmarks' own copy): npm packages stay
 * external and load from node_modules; the workspace packages (@blade/*) are TypeScript sources
 * and are bundled in.
 */
export const bundleOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externals, migrations],
  sourcemap: true,
  logLevel: 'warning',
};

/**
 * Bundles the server into `dir`/main.js, and its spreadsheet worker beside it, where
 * `modules/history/sheet-reader.ts` starts it from; answers the path of main.js.
 */
export async function bundleServerInto(dir: string, options: BuildOptions = {}): Promise<string> {
  const src = join(import.meta.dirname, 'src');
  const entries = {
    main: join(src, 'main.ts'),
    'spreadsheet-worker': join(src, 'modules', 'history', 'spreadsheet-worker.ts'),
  };
  for (const [name, entry] of Object.entries(entries))
    await build({ ...bundleOptions, ...options, entryPoints: [entry], outfile: join(dir, `${name}.js`) });
  return join(dir, 'main.js');
}
