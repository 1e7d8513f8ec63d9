import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DataAccess } from './database.js';
import * as core from './migrations/0001-core.js';
import * as authority from './migrations/0002-authority.js';
import * as resources from './migrations/0003-resources.js';
import * as mall from './migrations/0004-mall.js';
import * as flow from './migrations/0005-flow.js';
import * as develop from './migrations/0006-develop.js';
import * as platformSecurity from './migrations/0007-platform-security.js';
import * as listSpeed from './migrations/0011-list-speed.js';
import * as jobs from './migrations/0013-jobs.js';
import * as dictionaryLanguages from './migrations/0015-dictionary-languages.js';
import * as history from './migrations/0019-history.js';
import * as accessVersion from './migrations/0022-access-version.js';
import * as importJobs from './migrations/0023-import-jobs.js';
import * as historyMenus from './migrations/0024-history-menus.js';
import * as accessVersionRows from './migrations/0025-access-version-rows.js';
import * as codeSpringBladeFields from './migrations/0026-code-springblade-fields.js';
import * as flowModelLists from './migrations/0027-flow-model-lists.js';
import * as sessionVersion from './migrations/0028-session-version.js';
import * as signInActivity from './migrations/0029-sign-in-activity.js';
import * as menuOpenYesNo from './migrations/0030-menu-open-yes-no.js';

/** Every migration, in order; written once for both SQLite and PostgreSQL. */
const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-authority': authority,
  '0003-resources': resources,
  '0004-mall': mall,
  '0005-flow': flow,
  '0006-develop': develop,
  '0007-platform-security': platformSecurity,
  '0011-list-speed': listSpeed,
  '0013-jobs': jobs,
  '0015-dictionary-languages': dictionaryLanguages,
  '0019-history': history,
  '0022-access-version': accessVersion,
  '0023-import-jobs': importJobs,
  '0024-history-menus': historyMenus,
  '0025-access-version-rows': accessVersionRows,
  '0026-code-springblade-fields': codeSpringBladeFields,
  '0027-flow-model-lists': flowModelLists,
  '0028-session-version': sessionVersion,
  '0029-sign-in-activity': signInActivity,
  '0030-menu-open-yes-no': menuOpenYesNo,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(data: DataAccess): Promise<string[]> {
  return migrate(data, (m) => m.migrateToLatest());
}

/** Runs the migrations up to and including `name` (tests of what a later one does to existing rows). */
export async function migrateTo(data: DataAccess, name: string): Promise<string[]> {
  return migrate(data, (m) => m.migrateTo(name));
}

async function migrate(
  data: DataAccess,
  run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<string[]> {
  const migrator = new Migrator({ db: data.unscoped(), provider, migrationTableName: 'app_migration' });
  const { error, results = [] } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
