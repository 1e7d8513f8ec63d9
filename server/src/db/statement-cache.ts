import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Prepared statements kept per connection: the distinct SQL texts of the product, with room. */
const KEPT = 1_000;

/**
 * The SQLite connection as Kysely sees it, preparing each SQL text once. Kysely prepares every
 * statement it runs, which costs more than running it for a short query; a statement can be run
 * again with other parameters (SQLite re-prepares it by itself after a schema change). A
 * statement still being iterated (a streamed read) is busy: a second, fresh one is prepared then.
 */
export function preparingOnce(db: SQLiteDatabase): SqliteDatabase {
  const kept = new Map<string, Statement>();
  return {
    close: () => {
      kept.clear();
      db.close();
    },
    prepare(sql: string) {
      const known = kept.get(sql);
      if (known && !known.busy) {
        // Most recently used last, so the oldest is the one let go when full.
        kept.delete(sql);
        kept.set(sql, known);
        return known;
      }
      const statement = db.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}
