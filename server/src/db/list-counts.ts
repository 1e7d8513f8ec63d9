import { PostgresAdapter, type QueryExecutorProvider, sql } from 'kysely';

/**
 * Folds the changes PostgreSQL's counting triggers appended to app_list_delta and app_gram_delta
 * into the live-row counters of app_list_count and app_gram_count (migration 0011-list-speed),
 * each in one statement: the changes taken
 * and the counters raised commit together, so a reader sums either both or neither. Counters
 * are raised in key order, so two processes folding at once wait on each other but never
 * deadlock; a change still uncommitted is left for the next fold. SQLite's triggers write the
 * counters directly and leave nothing to fold.
 */
export async function foldListCounts(db: QueryExecutorProvider): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const { delta, count, keys } of FOLDS) {
    const columns = sql.join(keys.map((key) => sql.ref(key)));
    await sql`
      with moved as (delete from ${sql.table(delta)} returning ${columns}, change)
      insert into ${sql.table(count)} (${columns}, live)
      select ${columns}, sum(change) from moved group by ${columns} order by ${columns}
      on conflict (${columns}) do update set live = ${sql.table(count)}.live + excluded.live`.execute(db);
  }
}

/** The pending changes of each kind of counter, the counters they fold into and their key. */
const FOLDS = [
  { delta: 'app_list_delta', count: 'app_list_count', keys: ['table_name', 'tenant_id', 'bucket'] },
  { delta: 'app_gram_delta', count: 'app_gram_count', keys: ['table_name', 'column_name', 'gram'] },
] as const;

/** How often each process folds the counters' pending changes (reads also fold when many wait). */
export const FOLD_MS = 5000;
