import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MigrationSource } from '../db/migrate.js';
import { importMigrationFiles } from '../db/migration-files.js';

/** The server's migrations folder, db/migrations. */
export const MIGRATIONS = join(import.meta.dirname, '..', 'db', 'migrations');

export interface MigrationFolder {
  /** Its migrations, found as the server finds its own: by listing the folder. */
  source: MigrationSource;
  remove(): void;
}

/**
 * A folder like db/migrations, its files linked, with more files written in it: what a developer's
 * new migration file does to the server, without changing the folder other tests run from.
 */
export function migrationFolderWith(files: Record<string, string>): MigrationFolder {
  const folder = mkdtempSync(join(tmpdir(), 'blade-migrations-'));
  for (const file of readdirSync(MIGRATIONS)) symlinkSync(join(MIGRATIONS, file), join(folder, file));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);
  return {
    source: () => importMigrationFiles(folder),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
