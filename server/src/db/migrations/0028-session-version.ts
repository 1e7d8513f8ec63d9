import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { dialectOf } from '../dialects/dialect-of.js';
import { distinct, rowTrigger } from '../dialects/row-triggers.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * A change to a session that may end it or narrow it, as a condition on one changed row (`old`,
 * `new`): revoked, shortened, moved to another user, tenant, department or roles, or removed.
 * A refresh only moves its end later, so it leaves the version alone.
 */
const narrowed = (db: Db): string =>
  [
    'new.expires_at < old.expires_at',
    ...['id', 'revoked_at', 'tenant_id', 'user_id', 'dept_id', 'role_id'].map((c) =>
      distinct(db, `new.${c}`, `old.${c}`),
    ),
  ].join(' or ');

/**
 * One counter that every change narrowing a session advances, by trigger, in the writing
 * transaction: whatever process or statement writes (a sign-out, a password change, an
 * operator's SQL), the next request of every process reads the new number and reads its session
 * again, so the session's row can be remembered between requests instead of read each time.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('app_session_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('app_session_version').values({ id: 1, version: 1 }).execute();
  const bump = 'update app_session_version set version = version + 1 where id = 1';
  if (dialectOf(db) !== 'postgres') {
    const table = 'blade_auth_session';
    await rowTrigger(db, {
      name: `${table}_narrowed`,
      event: 'update',
      table,
      when: narrowed(db),
      body: bump,
    });
    await rowTrigger(db, { name: `${table}_removed`, event: 'delete', table, body: bump });
    return;
  }
  await sql
    .raw(
      `create function app_session_changed() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger blade_auth_session_narrowed after update on blade_auth_session for each row when (${narrowed(db)}) execute function app_session_changed()`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger blade_auth_session_removed after delete on blade_auth_session for each row execute function app_session_changed()',
    )
    .execute(db);
  await sql
    .raw(
      'create trigger blade_auth_session_truncated after truncate on blade_auth_session for each statement execute function app_session_changed()',
    )
    .execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const trigger of ['narrowed', 'removed', 'truncated'])
      await sql.raw(`drop trigger blade_auth_session_${trigger} on blade_auth_session`).execute(db);
    await sql`drop function app_session_changed()`.execute(db);
  } else {
    for (const trigger of ['narrowed', 'removed'])
      await sql.raw(`drop trigger blade_auth_session_${trigger}`).execute(db);
  }
  await db.schema.dropTable('app_session_version').execute();
}
