import { type MigrationProvider, Migrator } from 'kysely';
import type { DataAccess } from './database.js';
import { migrationsOf } from './migration-files.js';
import { migrationModules } from './migration-modules.js';

/**
 * Where migrations come from: their modules by file name. The server's are every `NNNN-name.ts` of
 * db/migrations (written once for SQLite, PostgreSQL and MySQL), run by number; a test may bring
 * a folder of its own.
 */
export type MigrationSource = () => Promise<Record<string, unknown>>;

export async function migrateToLatest(
  data: DataAccess,
  source: MigrationSource = migrationModules,
): Promise<string[]> {
  return migrate(data, source, (m) => m.migrateToLatest());
}

/** Runs the migrations up to and including `name` (tests of what a later one does to existing rows). */
export async function migrateTo(
  data: DataAccess,
  name: string,
  source: MigrationSource = migrationModules,
): Promise<string[]> {
  return migrate(data, source, (m) => m.migrateTo(name));
}

async function migrate(
  data: DataAccess,
  source: MigrationSource,
  run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsOf(await source()) };
  const migrator = new Migrator({ db: data.unscoped(), provider, migrationTableName: 'app_migration' });
  const { error, results = [] } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
