import { type Kysely, type Selectable, sql } from 'kysely';
import { AppError } from '../core/errors.js';

/**
 * The row of `table` with this id that is not soft-deleted, or a 404 (rowNotFound). The handle's
 * tenant scope, if any, applies as to every query.
 */
export async function liveRow<DB, TB extends keyof DB & string>(
  db: Kysely<DB>,
  table: TB,
  id: number,
): Promise<Selectable<DB[TB]>> {
  // Kysely cannot name the columns of a table chosen by a type parameter: refer to them by name.
  const row = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(table)
    .selectAll()
    .where(sql.ref('id'), '=', id)
    .where(sql.ref('is_deleted'), '=', 0)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'rowNotFound');
  return row as Selectable<DB[TB]>;
}
