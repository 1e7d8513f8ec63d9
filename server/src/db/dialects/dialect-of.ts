import { type Kysely, MysqlAdapter, PostgresAdapter, type QueryExecutorProvider } from 'kysely';
import type { DialectName } from '../dialect-kinds.js';

/** The dialect a Kysely handle speaks (migrations see a handle, not our DataAccess). */
export function dialectOf(db: QueryExecutorProvider): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

/** Drops an index: MySQL's statement names the index's table, the others' must not. */
export async function dropIndexOn(
  db: Kysely<Record<string, unknown>>,
  name: string,
  table: string,
): Promise<void> {
  const drop = db.schema.dropIndex(name);
  await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
}
