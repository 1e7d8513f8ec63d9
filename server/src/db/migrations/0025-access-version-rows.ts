import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { ACCESS_TABLES } from './0022-access-version.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * On PostgreSQL the access version advanced with every statement on an access table, even one
 * that changed no row, such as the tenant-expiry job's update each minute: every process then
 * forgot its remembered grants once a minute. Now a statement advances it only when it changed a
 * row (its transition table is not empty); a truncate still always does. SQLite's triggers were
 * per row already.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function app_access_rows_changed() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from changed) then
        update app_access_version set version = version + 1 where id = 1;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ACCESS_TABLES) {
    await sql.raw(`drop trigger ${table}_access on ${table}`).execute(db);
    // A trigger with a transition table names one event, so each event has its own.
    for (const [event, rows] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const)
      await sql
        .raw(
          `create trigger ${table}_access_${event} after ${event} on ${table} ` +
            `referencing ${rows} table as changed for each statement execute function app_access_rows_changed()`,
        )
        .execute(db);
    await sql
      .raw(
        `create trigger ${table}_access_truncate after truncate on ${table} ` +
          'for each statement execute function app_access_changed()',
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of ACCESS_TABLES) {
    for (const event of ['insert', 'update', 'delete', 'truncate'])
      await sql.raw(`drop trigger ${table}_access_${event} on ${table}`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_access after insert or update or delete or truncate on ${table} ` +
          'for each statement execute function app_access_changed()',
      )
      .execute(db);
  }
  await sql`drop function app_access_rows_changed()`.execute(db);
}
