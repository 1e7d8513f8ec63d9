import type { DynamicDb } from './dynamic-db.js';

/**
 * Deletes up to `batch` rows of a table created before `cutoff` (the caller's tenant scope
 * applies); answers how many. The ids are read first and deleted by id: one statement could
 * not, on MySQL, which neither deletes from a table its subquery reads nor takes LIMIT in IN.
 */
export async function deleteBefore(
  db: DynamicDb,
  table: string,
  cutoff: string,
  batch: number,
): Promise<number> {
  const ids = (
    await db.selectFrom(table).select('id').where('create_time', '<', cutoff).limit(batch).execute()
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom(table).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
