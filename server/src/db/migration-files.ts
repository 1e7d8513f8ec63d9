import { readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

/**
 * A migration's file: four digits, a dash and a name without dots, e.g. `0023-import-jobs.ts`.
 * Its name without `.ts` is the name the migration table records, so a file is never renamed.
 * Tests (`*.test.ts`) and helpers beside the migrations do not match.
 */
const MIGRATION_FILE = /^\d{4}-[^.]+\.ts$/;

/** The migration files among a folder's entries, in the order they run (by number). */
export function migrationFiles(entries: Iterable<string>): string[] {
  return [...entries].filter((entry) => MIGRATION_FILE.test(entry)).sort();
}

/** The migration files of a folder, imported, by file name (the server run from source: tsx, Vitest). */
export async function importMigrationFiles(folder: string): Promise<Record<string, unknown>> {
  const modules: Record<string, unknown> = {};
  // By its real path, as Node resolves a linked file (Vitest would keep the link's own).
  for (const file of migrationFiles(await readdir(folder)))
    modules[file] = await import(pathToFileURL(await realpath(join(folder, file))).href);
  return modules;
}

/**
 * The source of a module that imports the same files statically, for the bundle, which has no
 * migrations folder to read at run time (server/bundle.ts puts it in place of migration-modules.ts).
 */
export function staticMigrationModules(files: readonly string[]): string {
  const imports = files.map(
    (file, i) => `import * as m${i} from './migrations/${file.replace(/\.ts$/, '.js')}';`,
  );
  const entries = files.map((file, i) => `  ${JSON.stringify(file)}: m${i},`);
  return [
    ...imports,
    '',
    'export async function migrationModules(): Promise<Record<string, unknown>> {',
    '  return {',
    ...entries,
    '  };',
    '}',
    '',
  ].join('\n');
}

const isMigration = (module: unknown): module is Migration =>
  typeof module === 'object' && module !== null && typeof (module as Partial<Migration>).up === 'function';

/** The migrations by the name the migration table records (the file's name without `.ts`), in order. */
export function migrationsOf(modules: Record<string, unknown>): Record<string, Migration> {
  const migrations: Record<string, Migration> = {};
  for (const file of migrationFiles(Object.keys(modules))) {
    const module = modules[file];
    if (!isMigration(module)) throw new Error(`migration ${file} exports no up function`);
    migrations[file.replace(/\.ts$/, '')] = module;
  }
  return migrations;
}
