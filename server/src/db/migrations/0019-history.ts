import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * The change history of declared resources: one row per create, update, delete or restore of a
 * row, written in the same transaction as the change, with its field-level difference (JSON).
 * Every database that holds resource rows holds it too (a bound data source is migrated with
 * these), so a change and its history always commit together.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('blade_data_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('resource', 'varchar(64)', (c) => c.notNull())
    .addColumn('row_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('reverts', 'bigint')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('create_user', 'bigint')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_data_history_row')
    .on('blade_data_history')
    .columns(['tenant_id', 'resource', 'row_id', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_data_history_time')
    .on('blade_data_history')
    .columns(['tenant_id', 'create_time'])
    .execute();
}
