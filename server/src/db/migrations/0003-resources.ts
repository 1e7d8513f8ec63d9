import type { Kysely } from 'kysely';
import { withAudit, withLogAudit } from './0001-core.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/** Object storage and SMS configurations, attachments, SMS records, notices, api and usual logs. */
export async function up(db: Db): Promise<void> {
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());

  await withAudit(
    table('blade_oss')
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('oss_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('endpoint', 'varchar(255)')
      .addColumn('access_key', 'varchar(255)')
      .addColumn('secret_key', 'varchar(1000)')
      .addColumn('bucket_name', 'varchar(255)')
      .addColumn('region', 'varchar(64)')
      .addColumn('app_path', 'varchar(255)')
      .addColumn('domain', 'varchar(255)')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await db.schema
    .createIndex('idx_oss_tenant_time')
    .on('blade_oss')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await withAudit(
    table('blade_attach')
      .addColumn('link', 'varchar(1000)', (c) => c.notNull())
      .addColumn('domain', 'varchar(500)')
      .addColumn('name', 'varchar(500)', (c) => c.notNull())
      .addColumn('original_name', 'varchar(500)', (c) => c.notNull())
      .addColumn('extension', 'varchar(32)')
      .addColumn('attach_size', 'bigint', (c) => c.notNull())
      .addColumn('content_type', 'varchar(128)')
      .addColumn('oss_id', 'bigint'),
  ).execute();
  await db.schema
    .createIndex('idx_attach_tenant_time')
    .on('blade_attach')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_attach_tenant_name')
    .on('blade_attach')
    .columns(['tenant_id', 'name'])
    .execute();

  await withAudit(
    table('blade_sms')
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('sms_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('template_id', 'varchar(64)')
      .addColumn('access_key', 'varchar(255)')
      .addColumn('secret_key', 'varchar(1000)')
      .addColumn('region_id', 'varchar(64)')
      .addColumn('sign_name', 'varchar(64)')
      .addColumn('app_id', 'varchar(64)')
      .addColumn('endpoint', 'varchar(255)')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await db.schema
    .createIndex('idx_sms_tenant_time')
    .on('blade_sms')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await withLogAudit(table('blade_sms_record'))
    .addColumn('sms_id', 'bigint')
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'varchar(64)')
    .addColumn('phones', 'varchar(4000)', (c) => c.notNull())
    .addColumn('params', 'varchar(4000)')
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(2000)')
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_sms_record_tenant_time')
    .on('blade_sms_record')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await withAudit(
    table('blade_report_file')
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('content', 'text'),
  ).execute();
  await db.schema
    .createIndex('idx_report_file_tenant_time')
    .on('blade_report_file')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await withAudit(
    table('blade_notice')
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('release_time', 'timestamp')
      .addColumn('content', 'text'),
  ).execute();
  await db.schema
    .createIndex('idx_notice_tenant_time')
    .on('blade_notice')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_notice_tenant_release')
    .on('blade_notice')
    .columns(['tenant_id', 'release_time'])
    .execute();

  const logColumns = (name: string) =>
    withLogAudit(table(name))
      .addColumn('service_id', 'varchar(32)')
      .addColumn('server_host', 'varchar(255)')
      .addColumn('server_ip', 'varchar(255)')
      .addColumn('env', 'varchar(255)')
      .addColumn('method', 'varchar(10)')
      .addColumn('request_uri', 'varchar(2000)')
      .addColumn('user_agent', 'varchar(1000)')
      .addColumn('remote_ip', 'varchar(255)')
      .addColumn('params', 'text')
      .addColumn('create_by', 'varchar(64)')
      .addColumn('create_user', 'bigint')
      .addColumn('create_time', 'timestamp', (c) => c.notNull());
  await logColumns('blade_log_api')
    .addColumn('type', 'varchar(16)')
    .addColumn('title', 'varchar(255)')
    .addColumn('method_class', 'varchar(255)')
    .addColumn('method_name', 'varchar(255)')
    .addColumn('status_code', 'integer')
    .addColumn('time', 'integer')
    .execute();
  await db.schema
    .createIndex('idx_log_api_tenant_time')
    .on('blade_log_api')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await logColumns('blade_log_usual')
    .addColumn('log_level', 'varchar(16)')
    .addColumn('log_id', 'varchar(64)')
    .addColumn('log_data', 'text')
    .execute();
  await db.schema
    .createIndex('idx_log_usual_tenant_time')
    .on('blade_log_usual')
    .columns(['tenant_id', 'create_time'])
    .execute();
}
