import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DataAccess } from './database.js';
import * as core from './migrations/0001-core.js';
import * as authority from './migrations/0002-authority.js';
import * as resources from './migrations/0003-resources.js';
import * as mall from './migrations/0004-mall.js';
import * as flow from './migrations/0005-flow.js';
import * as develop from './migrations/0006-develop.js';
import * as platformSecurity from './migrations/0007-platform-security.js';
import * as jobs from './migrations/0013-jobs.js';

/** Every migration, in order; written once for both SQLite and PostgreSQL. */
const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-authority': authority,
  '0003-resources': resources,
  '0004-mall': mall,
  '0005-flow': flow,
  '0006-develop': develop,
  '0007-platform-security': platformSecurity,
  '0013-jobs': jobs,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(data: DataAccess): Promise<string[]> {
  const migrator = new Migrator({ db: data.unscoped(), provider, migrationTableName: 'app_migration' });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
