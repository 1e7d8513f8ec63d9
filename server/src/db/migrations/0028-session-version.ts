import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * A change to a session that may end it or narrow it, as a condition on one changed row (`old`,
 * `new`): revoked, shortened, moved to another user, tenant, department or roles, or removed.
 * A refresh only moves its end later, so it leaves the version alone.
 */
const NARROWED =
  'new.expires_at < old.expires_at or new.id is distinct from old.id or ' +
  'new.revoked_at is distinct from old.revoked_at or new.tenant_id is distinct from old.tenant_id or ' +
  'new.user_id is distinct from old.user_id or new.dept_id is distinct from old.dept_id or ' +
  'new.role_id is distinct from old.role_id';

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
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // SQLite spells "is distinct from" as "is not".
    const narrowed = NARROWED.replaceAll('is distinct from', 'is not');
    await sql
      .raw(
        `create trigger blade_auth_session_narrowed after update on blade_auth_session when ${narrowed} begin ${bump}; end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger blade_auth_session_removed after delete on blade_auth_session begin ${bump}; end`)
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function app_session_changed() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger blade_auth_session_narrowed after update on blade_auth_session for each row when (${NARROWED}) execute function app_session_changed()`,
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
