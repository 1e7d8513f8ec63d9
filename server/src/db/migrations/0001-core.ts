import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// Migrations see the database untyped: they describe history, not today's types.
// biome-ignore lint/suspicious/noExplicitAny: the schema builder is typed by the tables it creates
type Db = Kysely<any>;
type Table = CreateTableBuilder<string, never>;

/** Audit columns of every business table (create/update user and time, status, soft delete). */
export function withAudit(table: Table): Table {
  return table
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}

/**
 * The audit columns of log tables: rows are written by the server (who and when are part of
 * the entry), but lists treat them like any resource (status, soft delete).
 */
export function withLogAudit(table: Table): Table {
  return table
    .addColumn('create_dept', 'bigint')
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}

const id = (t: Table): Table => t.addColumn('id', 'bigint', (c) => c.primaryKey());
const tenant = (t: Table): Table => t.addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());

export async function up(db: Db): Promise<void> {
  await withAudit(
    id(db.schema.createTable('blade_tenant'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('tenant_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('domain', 'varchar(255)')
      .addColumn('background_url', 'varchar(1000)')
      .addColumn('linkman', 'varchar(50)')
      .addColumn('contact_number', 'varchar(50)')
      .addColumn('address', 'varchar(255)')
      .addColumn('account_number', 'integer', (c) => c.notNull().defaultTo(-1))
      .addColumn('expire_time', 'timestamp')
      .addColumn('package_id', 'bigint')
      .addColumn('datasource_id', 'bigint'),
  ).execute();
  await db.schema
    .createIndex('uk_tenant_tenant_id')
    .on('blade_tenant')
    .column('tenant_id')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await db.schema.createIndex('idx_tenant_domain').on('blade_tenant').column('domain').execute();

  await withAudit(
    id(db.schema.createTable('blade_tenant_package'))
      .addColumn('package_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('menu_id', 'text', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)'),
  ).execute();

  await withAudit(
    id(db.schema.createTable('blade_client'))
      .addColumn('client_id', 'varchar(48)', (c) => c.notNull())
      .addColumn('client_secret_hash', 'varchar(128)', (c) => c.notNull())
      .addColumn('scope', 'varchar(255)', (c) => c.notNull())
      .addColumn('authorized_grant_types', 'varchar(255)', (c) => c.notNull())
      .addColumn('web_server_redirect_uri', 'varchar(255)')
      .addColumn('access_token_validity', 'integer', (c) => c.notNull())
      .addColumn('refresh_token_validity', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('uk_client_client_id')
    .on('blade_client')
    .column('client_id')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  await withAudit(
    tenant(id(db.schema.createTable('blade_dept')))
      .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('ancestors', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('dept_category', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('dept_name', 'varchar(45)', (c) => c.notNull())
      .addColumn('full_name', 'varchar(45)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await db.schema
    .createIndex('idx_dept_tenant_parent')
    .on('blade_dept')
    .columns(['tenant_id', 'parent_id'])
    .execute();

  await withAudit(
    tenant(id(db.schema.createTable('blade_role')))
      .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('role_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('role_alias', 'varchar(255)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_role_tenant').on('blade_role').column('tenant_id').execute();

  await withAudit(
    tenant(id(db.schema.createTable('blade_post')))
      .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('post_code', 'varchar(12)', (c) => c.notNull())
      .addColumn('post_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await db.schema.createIndex('idx_post_tenant').on('blade_post').column('tenant_id').execute();

  await withAudit(
    tenant(id(db.schema.createTable('blade_user')))
      .addColumn('code', 'varchar(12)')
      .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('account', 'varchar(45)', (c) => c.notNull())
      .addColumn('password', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(20)')
      .addColumn('real_name', 'varchar(20)')
      .addColumn('avatar', 'varchar(1000)')
      .addColumn('email', 'varchar(45)')
      .addColumn('phone', 'varchar(45)')
      .addColumn('birthday', 'timestamp')
      .addColumn('sex', 'integer')
      .addColumn('role_id', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('dept_id', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('post_id', 'varchar(1000)')
      .addColumn('login_fail_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_locked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_ext', 'text'),
  ).execute();
  await db.schema
    .createIndex('uk_user_tenant_account')
    .on('blade_user')
    .columns(['tenant_id', 'account'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  await withAudit(
    id(db.schema.createTable('blade_menu'))
      .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('code', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('alias', 'varchar(255)', (c) => c.notNull())
      .addColumn('path', 'varchar(255)')
      .addColumn('source', 'varchar(255)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('action', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await db.schema.createIndex('idx_menu_parent').on('blade_menu').column('parent_id').execute();
  await db.schema
    .createIndex('uk_menu_code')
    .on('blade_menu')
    .column('code')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  await tenant(id(db.schema.createTable('blade_role_menu')))
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uk_role_menu')
    .on('blade_role_menu')
    .columns(['tenant_id', 'role_id', 'menu_id'])
    .unique()
    .execute();

  await withAudit(
    tenant(id(db.schema.createTable('blade_top_menu')))
      .addColumn('code', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('alias', 'varchar(255)', (c) => c.notNull())
      .addColumn('source', 'varchar(255)')
      .addColumn('path', 'varchar(255)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_top_menu_tenant').on('blade_top_menu').column('tenant_id').execute();

  await tenant(id(db.schema.createTable('blade_top_menu_setting')))
    .addColumn('top_menu_id', 'bigint', (c) => c.notNull())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uk_top_menu_setting')
    .on('blade_top_menu_setting')
    .columns(['tenant_id', 'top_menu_id', 'menu_id'])
    .unique()
    .execute();

  const dictColumns = (t: Table): Table =>
    withAudit(
      t
        .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('code', 'varchar(255)', (c) => c.notNull())
        .addColumn('dict_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('dict_value', 'varchar(255)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(255)')
        .addColumn('is_sealed', 'integer', (c) => c.notNull().defaultTo(0)),
    );
  await dictColumns(id(db.schema.createTable('blade_dict'))).execute();
  await db.schema.createIndex('idx_dict_code').on('blade_dict').columns(['code', 'parent_id']).execute();
  await dictColumns(tenant(id(db.schema.createTable('blade_dict_biz')))).execute();
  await db.schema
    .createIndex('idx_dict_biz_code')
    .on('blade_dict_biz')
    .columns(['tenant_id', 'code', 'parent_id'])
    .execute();

  await withAudit(
    id(db.schema.createTable('blade_param'))
      .addColumn('param_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('param_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('param_value', 'text', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)'),
  ).execute();

  await tenant(id(db.schema.createTable('blade_auth_session')))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'varchar(48)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('role_id', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'timestamp', (c) => c.notNull())
    .addColumn('expires_at', 'timestamp', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamp')
    .addColumn('revoke_reason', 'varchar(64)')
    .execute();
  await db.schema.createIndex('idx_auth_session_user').on('blade_auth_session').column('user_id').execute();

  await id(db.schema.createTable('blade_auth_refresh'))
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamp', (c) => c.notNull())
    .addColumn('used_at', 'timestamp')
    .execute();
  await db.schema
    .createIndex('idx_auth_refresh_session')
    .on('blade_auth_refresh')
    .column('session_id')
    .execute();

  await withLogAudit(tenant(id(db.schema.createTable('blade_log_error'))))
    .addColumn('create_user', 'bigint')
    .addColumn('service_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('server_host', 'varchar(255)')
    .addColumn('server_ip', 'varchar(255)')
    .addColumn('env', 'varchar(255)')
    .addColumn('method', 'varchar(10)')
    .addColumn('request_uri', 'varchar(2000)')
    .addColumn('user_agent', 'varchar(1000)')
    .addColumn('remote_ip', 'varchar(255)')
    .addColumn('stack_trace', 'text')
    .addColumn('exception_name', 'varchar(255)')
    .addColumn('message', 'text')
    .addColumn('params', 'text')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_log_error_tenant_time')
    .on('blade_log_error')
    .columns(['tenant_id', 'create_time'])
    .execute();
}
