import { type SqlBool, sql } from 'kysely';
import { toDbTime } from '../../core/time.js';
import { toWire } from '../../core/wire.js';
import type { FieldChange } from '../../crud/history.js';
import type { IdQuery } from '../../crud/row-conditions.js';
import { deleteBefore } from '../../db/delete-before.js';
import type { DynamicDb, DynamicRow } from '../../db/dynamic-db.js';

/** One history row as read back: the difference parsed. */
export interface HistoryEntry {
  id: number;
  resource: string;
  rowId: number;
  action: string;
  changes: FieldChange[];
  reverts: number | null;
}

export const entryOf = (row: DynamicRow): HistoryEntry => ({
  id: Number(row.id),
  resource: String(row.resource),
  rowId: Number(row.row_id),
  action: String(row.action),
  changes: JSON.parse(String(row.changes)) as FieldChange[],
  reverts: row.reverts === null || row.reverts === undefined ? null : Number(row.reverts),
});

/** A history row for the wire: ids as strings, the time in the server's zone, changes parsed. */
export function wireEntry(row: DynamicRow, timeZone: string): DynamicRow {
  return {
    ...toWire(row, timeZone),
    reverts: row.reverts === null || row.reverts === undefined ? null : String(row.reverts),
    changes: JSON.parse(String(row.changes)) as unknown,
  };
}

const COLUMNS = [
  'id',
  'resource',
  'row_id',
  'action',
  'changes',
  'reverts',
  'request_id',
  'create_user',
  'create_by',
  'create_time',
];

/** A row's history, oldest first (the handle is tenant-scoped: another tenant's never shows). */
export async function timeline(db: DynamicDb, resource: string, rowId: number): Promise<DynamicRow[]> {
  return db
    .selectFrom('blade_data_history')
    .select(COLUMNS)
    .where('resource', '=', resource)
    .where('row_id', '=', rowId)
    .orderBy('id', 'asc')
    .limit(1000)
    .execute();
}

export async function entry(db: DynamicDb, id: number): Promise<HistoryEntry | undefined> {
  const row = await db
    .selectFrom('blade_data_history')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? entryOf(row) : undefined;
}

/** The changes of the same row made after a given one, oldest first. */
export async function laterChanges(db: DynamicDb, of: HistoryEntry): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('blade_data_history')
    .select(COLUMNS)
    .where('resource', '=', of.resource)
    .where('row_id', '=', of.rowId)
    .where('id', '>', of.id)
    .orderBy('id', 'asc')
    .execute();
  return rows.map(entryOf);
}

/**
 * The changes a caller may read: of the `open` resources, any row; of each `scoped` one, the rows
 * its ids query holds (the resource's data scope).
 */
export interface Readable {
  open: string[];
  scoped: { resource: string; ids: IdQuery }[];
}

export interface HistoryFilter {
  resource?: string;
  rowId?: number;
  user?: string;
  from?: string;
  to?: string;
  readable: Readable;
}

/** The newest `limit` history rows matching a filter, with how many match. */
export async function search(
  db: DynamicDb,
  filter: HistoryFilter,
  limit: number,
): Promise<{ rows: DynamicRow[]; total: number }> {
  const { open, scoped } = filter.readable;
  let query = db
    .selectFrom('blade_data_history')
    .where((eb) =>
      eb.or([
        ...(open.length ? [eb('resource', 'in', open)] : []),
        ...scoped.map((s) => eb.and([eb('resource', '=', s.resource), eb('row_id', 'in', s.ids)])),
        sql<SqlBool>`1 = 0`,
      ]),
    );
  if (filter.resource) query = query.where('resource', '=', filter.resource);
  if (filter.rowId) query = query.where('row_id', '=', filter.rowId);
  if (filter.user) query = query.where('create_by', '=', filter.user);
  if (filter.from) query = query.where('create_time', '>=', filter.from);
  if (filter.to) query = query.where('create_time', '<=', filter.to);
  const counted = (await query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow()) as {
    total: number | string;
  };
  const rows = await query.select(COLUMNS).orderBy('id', 'desc').limit(limit).execute();
  return { rows, total: Number(counted.total) };
}

/** Removes history rows older than `days` days; answers how many. */
export async function prune(db: DynamicDb, days: number, batch: number): Promise<number> {
  const cutoff = toDbTime(new Date(Date.now() - days * 86_400_000));
  let removed = 0;
  for (let more = true; more; ) {
    const count = await deleteBefore(db, 'blade_data_history', cutoff, batch);
    removed += count;
    more = count === batch;
  }
  return removed;
}
