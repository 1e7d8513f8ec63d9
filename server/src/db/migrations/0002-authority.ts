import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withAudit } from './0001-core.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/** Data and API scopes, regions, and the indexes list screens sort and filter by. */
export async function up(db: Db): Promise<void> {
  const scopeColumns = (name: string) =>
    withAudit(
      db.schema
        .createTable(name)
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('menu_id', 'bigint')
        .addColumn('resource_code', 'varchar(255)', (c) => c.notNull())
        .addColumn('scope_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('scope_type', 'integer', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)'),
    );
  await scopeColumns('blade_scope_data')
    .addColumn('scope_column', 'varchar(255)', (c) => c.notNull())
    .addColumn('scope_value', 'varchar(2000)')
    .execute();
  await scopeColumns('blade_scope_api')
    .addColumn('scope_path', 'varchar(255)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blade_role_scope')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('scope_category', 'integer', (c) => c.notNull())
    .addColumn('scope_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uk_role_scope')
    .on('blade_role_scope')
    .columns(['tenant_id', 'role_id', 'scope_category', 'scope_id'])
    .unique()
    .execute();

  await withAudit(
    db.schema
      .createTable('blade_region')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('code', 'varchar(12)', (c) => c.notNull())
      .addColumn('parent_code', 'varchar(12)', (c) => c.notNull())
      .addColumn('ancestors', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('region_level', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await db.schema
    .createIndex('uk_region_code')
    .on('blade_region')
    .column('code')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await db.schema
    .createIndex('idx_region_parent')
    .on('blade_region')
    .columns(['parent_code', 'sort'])
    .execute();

  // What list screens filter and sort by: tenant first where rows belong to a tenant.
  const indexes: Array<[string, string[]]> = [
    ['blade_param', ['param_key']],
    ['blade_param', ['create_time']],
    ['blade_tenant', ['create_time']],
    ['blade_tenant', ['expire_time']],
    ['blade_tenant_package', ['create_time']],
    ['blade_client', ['create_time']],
    ['blade_dept', ['tenant_id', 'sort']],
    ['blade_dept', ['tenant_id', 'create_time']],
    ['blade_post', ['tenant_id', 'sort']],
    ['blade_post', ['tenant_id', 'create_time']],
    ['blade_role', ['tenant_id', 'sort']],
    ['blade_role', ['tenant_id', 'create_time']],
    ['blade_menu', ['sort']],
    ['blade_menu', ['create_time']],
    ['blade_top_menu', ['tenant_id', 'sort']],
    ['blade_top_menu', ['tenant_id', 'create_time']],
    ['blade_dict', ['sort']],
    ['blade_dict', ['create_time']],
    ['blade_dict_biz', ['tenant_id', 'sort']],
    ['blade_dict_biz', ['tenant_id', 'create_time']],
    // id completes the list order (create_time, id), so deep pages read the index alone.
    ['blade_user', ['tenant_id', 'is_deleted', 'create_time', 'id']],
    ['blade_user', ['tenant_id', 'dept_id', 'create_time']],
    ['blade_user', ['tenant_id', 'real_name']],
    ['blade_user', ['tenant_id', 'phone']],
    ['blade_scope_data', ['create_time']],
    ['blade_scope_api', ['create_time']],
    ['blade_region', ['create_time']],
    ['blade_region', ['sort']],
  ];
  for (const [table, columns] of indexes) {
    await db.schema
      .createIndex(`idx_${table.replace('blade_', '')}_${columns.join('_')}`)
      .on(table)
      .columns(columns)
      .execute();
  }
  // Prefix searches (LIKE 'x%') need pattern operator classes on PostgreSQL; SQLite answers
  // GLOB 'x*' from the plain indexes above.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index idx_user_account_prefix on blade_user (tenant_id, account varchar_pattern_ops)`.execute(
      db,
    );
    await sql`create index idx_user_phone_prefix on blade_user (tenant_id, phone varchar_pattern_ops)`.execute(
      db,
    );
  }
}
