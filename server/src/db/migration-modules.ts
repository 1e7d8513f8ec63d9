import { join } from 'node:path';
import { importMigrationFiles } from './migration-files.js';

/**
 * The modules of the files in db/migrations, by file name, found by listing the folder: a new
 * migration is a new file there and nothing else. This is what runs from source (tsx, Vitest);
 * the bundle has no such folder, so server/bundle.ts builds it with a module of the same name
 * that imports the same files statically.
 */
export function migrationModules(): Promise<Record<string, unknown>> {
  return importMigrationFiles(join(import.meta.dirname, 'migrations'));
}
