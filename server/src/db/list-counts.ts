import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import type { DialectName } from './dialect-kinds.js';
import { dialectOf } from './dialects/dialect-of.js';
import type { Database } from './tables.js';

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
  const dialect = dialectOf(db);
  if (dialect === 'mysql') {
    for (const fold of FOLDS) while ((await foldMysql(db as Kysely<Database>, fold)) === MYSQL_BATCH);
    return;
  }
  if (dialect !== 'postgres') return;
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

/**
 * Whether the dialect's counting triggers append changes to fold (PostgreSQL, MySQL) rather than
 * write the counters (SQLite, one writer at a time): readers then add the pending changes.
 */
export const appendsChanges = (dialect: DialectName): boolean => dialect !== 'sqlite';

/** Changes a MySQL fold takes at once (one transaction; the next batch follows at once). */
const MYSQL_BATCH = 5000;

/**
 * MySQL's fold, which has no `delete … returning`: in one transaction, the committed changes
 * taken with `for update skip locked` (changes of transactions still open are skipped, not
 * waited on, and two folding processes take different ones), their sums added to the counters in
 * key order, and exactly those changes deleted by their sequence. Answers how many it took.
 */
async function foldMysql(db: Kysely<Database>, fold: Fold): Promise<number> {
  // A caller's own transaction is used as it is (its isolation is its own).
  if (db.isTransaction) return foldMysqlIn(db, fold);
  return db
    .transaction()
    .setIsolationLevel('read committed')
    .execute((trx) => foldMysqlIn(trx, fold));
}

type Fold = (typeof FOLDS)[number];

async function foldMysqlIn(trx: Kysely<Database>, fold: Fold): Promise<number> {
  // One folder at a time: two upserting counters in the same key range may deadlock on
  // InnoDB's gap locks even in key order. A process that finds the lock taken leaves the
  // changes to the one folding (its next tick folds what is left).
  const lock = `app_fold_${fold.count}`;
  const { rows } = await sql<{ got: number | null }>`select get_lock(${lock}, 0) as got`.execute(trx);
  if (Number(rows[0]?.got) !== 1) return 0;
  try {
    return await foldTaken(trx, fold);
  } finally {
    await sql`select release_lock(${lock})`.execute(trx);
  }
}

async function foldTaken(trx: Kysely<Database>, { delta, count, keys }: Fold): Promise<number> {
  const columns = sql.join(keys.map((key) => sql.ref(key)));
  const { rows } = await sql<Record<string, string | number>>`
        select seq, ${columns}, "change" from ${sql.table(delta)}
        order by seq limit ${sql.lit(MYSQL_BATCH)} for update skip locked`.execute(trx);
  if (rows.length === 0) return 0;
  const sums = new Map<string, { key: string[]; live: number }>();
  for (const row of rows) {
    const key = keys.map((k) => String(row[k]));
    const id = key.join('\u0000');
    const sum = sums.get(id) ?? { key, live: 0 };
    sum.live += Number(row.change);
    sums.set(id, sum);
  }
  const ordered = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, sum]) => sum);
  await sql`
        insert into ${sql.table(count)} (${columns}, live)
        values ${sql.join(ordered.map(({ key, live }) => sql`(${sql.join(key)}, ${live})`))}
        on duplicate key update live = live + values(live)`.execute(trx);
  await sql`delete from ${sql.table(delta)} where seq in (${sql.join(rows.map((row) => row.seq))})`.execute(
    trx,
  );
  return rows.length;
}

/** How often each process folds the counters' pending changes (reads also fold when many wait). */
export const FOLD_MS = 5000;
