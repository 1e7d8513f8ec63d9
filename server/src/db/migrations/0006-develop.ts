import type { Kysely } from 'kysely';
import { withAudit } from './0001-core.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/** Data sources and code generator entries: administrator-tenant tools, so no tenant column. */
export async function up(db: Db): Promise<void> {
  await withAudit(
    db.schema
      .createTable('blade_datasource')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('username', 'varchar(100)')
      .addColumn('password', 'varchar(1000)')
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await db.schema.createIndex('idx_datasource_time').on('blade_datasource').column('create_time').execute();

  await withAudit(
    db.schema
      .createTable('blade_code')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('datasource_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('code_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('module_name', 'varchar(32)', (c) => c.notNull())
      .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('table_prefix', 'varchar(32)')
      .addColumn('pk_name', 'varchar(64)', (c) => c.notNull().defaultTo('id'))
      .addColumn('api_path', 'varchar(128)', (c) => c.notNull())
      .addColumn('base_mode', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('tenant_mode', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('registered', 'integer', (c) => c.notNull().defaultTo(0))
      // The declaration registered in the running server, kept so a restart registers it again.
      .addColumn('declaration', 'text'),
  ).execute();
  await db.schema.createIndex('idx_code_time').on('blade_code').column('create_time').execute();
}
