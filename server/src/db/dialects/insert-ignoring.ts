import type { InsertQueryBuilder, OnConflictBuilder, OnConflictDoNothingBuilder } from 'kysely';
import { dialectOf } from './dialect-of.js';

/**
 * An insert that skips the rows whose unique key is taken: `on conflict (…) do nothing` on
 * PostgreSQL and SQLite, `insert ignore` on MySQL (which names no conflict target).
 */
export function skippingTaken<DB, TB extends keyof DB, O>(
  db: Parameters<typeof dialectOf>[0],
  insert: InsertQueryBuilder<DB, TB, O>,
  conflict: (oc: OnConflictBuilder<DB, TB>) => OnConflictDoNothingBuilder<DB, TB>,
): InsertQueryBuilder<DB, TB, O> {
  return dialectOf(db) === 'mysql' ? insert.ignore() : insert.onConflict(conflict);
}
