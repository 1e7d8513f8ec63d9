import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * A large spreadsheet import run as background work (modules/history/import-job.ts): its file
 * (base64, dropped once nothing more can be asked of it), status, counts and refused rows, so
 * the list page finds it again after a reload. One tenant's and one user's, like the rest.
 */
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
}
