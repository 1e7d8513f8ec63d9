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
  await sql`
    with moved as (delete from app_list_delta returning table_name, tenant_id, bucket, change)
    insert into app_list_count (table_name, tenant_id, bucket, live)
    select table_name, tenant_id, bucket, sum(change) from moved
    group by table_name, tenant_id, bucket order by table_name, tenant_id, bucket
    on conflict (table_name, tenant_id, bucket) do update set live = app_list_count.live + excluded.live`.execute(
    db,
  );
  await sql`
    with moved as (delete from app_gram_delta returning table_name, column_name, gram, change)
    insert into app_gram_count (table_name, column_name, gram, live)
    select table_name, column_name, gram, sum(change) from moved
    group by table_name, column_name, gram order by table_name, column_name, gram
    on conflict (table_name, column_name, gram) do update set live = app_gram_count.live + excluded.live`.execute(
    db,
  );
}

/** How often each process folds the counters' pending changes (reads also fold when many wait). */
export const FOLD_MS = 5000;
