import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * A large spreadsheet import run as background work (modules/history/import-job.ts): its file
 * (base64, dropped once nothing more can be asked of it), status, counts and refused rows, so
 * the list page finds it again after a reload. One tenant's and one user's, like the rest.
 */
/** Declared unique keys (schema resources' `unique`) no earlier migration indexed. */
const UNIQUE_KEYS: Array<[string, string[]]> = [
  ['blade_post', ['tenant_id', 'post_code']],
  ['blade_role', ['tenant_id', 'role_alias']],
  ['blade_top_menu', ['tenant_id', 'code']],
  ['blade_oss', ['tenant_id', 'oss_code']],
  ['blade_sms', ['tenant_id', 'sms_code']],
  ['mall_links_type', ['tenant_id', 'name']],
  ['blade_menu', ['code']],
];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('blade_data_import')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('resource', 'varchar(64)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('total', 'integer')
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('problems', 'text')
    .addColumn('problem_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(500)')
    .addColumn('file', 'text')
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_user', 'bigint', (c) => c.notNull())
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_data_import_user')
    .on('blade_data_import')
    .columns(['tenant_id', 'create_user', 'resource', 'id'])
    .execute();
  // Every written row is checked against the live rows for its declared unique keys; without an
  // index each check reads the whole table, and an import of n rows costs n² row reads.
  for (const [table, columns] of UNIQUE_KEYS)
    await db.schema
      .createIndex(`idx_${table}_unique_${columns.at(-1)}`)
      .ifNotExists()
      .on(table)
      .columns(columns)
      .execute();
}
