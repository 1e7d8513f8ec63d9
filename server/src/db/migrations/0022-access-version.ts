import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { rowTrigger } from '../dialects/row-triggers.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * The tables that decide what a signed-in caller may do and where its tenant's data lives: roles
 * and their grants, menus, packages, scopes, departments (data scopes reach below a department),
 * tenants (status, package, binding) and data sources.
 */
export const ACCESS_TABLES = [
  'blade_role',
  'blade_role_menu',
  'blade_role_scope',
  'blade_menu',
  'blade_scope_api',
  'blade_scope_data',
  'blade_dept',
  'blade_tenant',
  'blade_tenant_package',
  'blade_datasource',
] as const;

/**
 * One counter that every write to an access table advances, by trigger, in the writing
 * transaction: whatever process or statement writes (the API, a job, an operator's SQL), the
 * next request of every process reads the new number with its session and drops what it
 * remembered of grants, scopes and bindings. Grants change rarely, so one counter for all
 * tenants costs a recomputation now and then, never a wrong answer.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('app_access_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('app_access_version').values({ id: 1, version: 1 }).execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`
      create function app_access_changed() returns trigger language plpgsql as $$
      begin
        update app_access_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
  }
  for (const table of ACCESS_TABLES) {
    if (postgres) {
      await sql
        .raw(
          `create trigger ${table}_access after insert or update or delete or truncate on ${table} ` +
            'for each statement execute function app_access_changed()',
        )
        .execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete'] as const)
      await rowTrigger(db, {
        name: `${table}_access_${event}`,
        event,
        table,
        body: 'update app_access_version set version = version + 1 where id = 1',
      });
  }
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ACCESS_TABLES) {
    if (postgres) await sql.raw(`drop trigger ${table}_access on ${table}`).execute(db);
    else
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger ${table}_access_${event}`).execute(db);
  }
  if (postgres) await sql`drop function app_access_changed()`.execute(db);
  await db.schema.dropTable('app_access_version').execute();
}
