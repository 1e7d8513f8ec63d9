import type { Kysely } from 'kysely';
import { dropIndexOn } from '../dialects/dialect-of.js';
import { withLogAudit } from './0001-core.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * Where each session signed in from and when it was last seen (the online sessions screen), and
 * the sign-in log: one row per attempt on any sign-in route, with its result. A session's new
 * columns are none of those migration 0028 watches, so writing them ends nothing.
 */
export async function up(db: Db): Promise<void> {
  // SQLite adds one column per statement.
  await db.schema.alterTable('blade_auth_session').addColumn('ip', 'varchar(64)').execute();
  await db.schema.alterTable('blade_auth_session').addColumn('user_agent', 'varchar(255)').execute();
  await db.schema.alterTable('blade_auth_session').addColumn('last_seen', 'timestamp').execute();
  await db.schema
    .createIndex('idx_auth_session_tenant_expires')
    .on('blade_auth_session')
    .columns(['tenant_id', 'expires_at'])
    .execute();

  await withLogAudit(
    db.schema
      .createTable('blade_log_login')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull()),
  )
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('account', 'varchar(100)')
    .addColumn('requested_tenant', 'varchar(12)')
    .addColumn('client_id', 'varchar(48)')
    .addColumn('grant_type', 'varchar(32)')
    .addColumn('result', 'varchar(32)', (c) => c.notNull())
    .addColumn('remote_ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema
    .createIndex('idx_log_login_tenant_time')
    .on('blade_log_login')
    .columns(['tenant_id', 'create_time'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('blade_log_login').execute();
  await dropIndexOn(db, 'idx_auth_session_tenant_expires', 'blade_auth_session');
  for (const column of ['last_seen', 'user_agent', 'ip'])
    await db.schema.alterTable('blade_auth_session').dropColumn(column).execute();
}
