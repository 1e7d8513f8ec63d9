import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { AppError } from '../core/errors.js';

/** A handle or a transaction on it (TypeScript infers `DB` from a transaction only when named). */
type Handle<DB> = Kysely<DB> | Transaction<DB>;

/** A column of `table`'s rows in `DB`. */
type ColumnOf<DB, TB extends keyof DB> = keyof Selectable<DB[TB]> & string;

/**
 * Every column of the rows of `table` that are not soft-deleted. The handle's tenant scope, if
 * any, applies as to every query.
 */
function liveRows<DB, TB extends keyof DB & string>(db: Handle<DB>, table: TB) {
  // Kysely cannot name the columns of a table chosen by a type parameter: refer to them by name.
  return (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(table)
    .selectAll()
    .where(sql.ref('is_deleted'), '=', 0);
}

/** The row of `table` with this id that is not soft-deleted, or a 404 (rowNotFound). */
export async function liveRow<DB, TB extends keyof DB & string>(
  db: Handle<DB>,
  table: TB,
  id: number,
): Promise<Selectable<DB[TB]>> {
  const row = await liveRowBy(db, table, 'id' as ColumnOf<DB, TB>, id);
  if (!row) throw new AppError(404, 'rowNotFound');
  return row;
}

/** The first row of `table` that is not soft-deleted and whose `column` holds `value`. */
export async function liveRowBy<DB, TB extends keyof DB & string>(
  db: Handle<DB>,
  table: TB,
  column: ColumnOf<DB, TB>,
  value: unknown,
): Promise<Selectable<DB[TB]> | undefined> {
  const row = await liveRows(db, table).where(sql.ref(column), '=', value).executeTakeFirst();
  return row as Selectable<DB[TB]> | undefined;
}

/** The rows of `table` that are not soft-deleted and whose `column` holds one of `values`. */
export async function liveRowsAmong<DB, TB extends keyof DB & string>(
  db: Handle<DB>,
  table: TB,
  column: ColumnOf<DB, TB>,
  values: readonly unknown[],
): Promise<Selectable<DB[TB]>[]> {
  if (values.length === 0) return [];
  const rows = await liveRows(db, table).where(sql.ref(column), 'in', values).execute();
  return rows as Selectable<DB[TB]>[];
}
