import { sql } from 'kysely';
import type { DataAccess } from './database.js';
import { type DynamicDb, type DynamicRow, dynamic } from './dynamic-db.js';
import { migrateToLatest } from './migrate.js';

/**
 * Tables a copy leaves alone: the migrations' own, and what the target's triggers build again
 * from the copied rows (live-row and gram counters, contains indexes, SQLite's FTS tables).
 */
const DERIVED =
  /^(app_migration|app_list_count|app_list_delta|app_gram_|app_fts_|app_seq$|app_list_support$)/;

/** Rows a batch inserts: few enough for every dialect's limit on bound values. */
const VALUES_PER_INSERT = 20_000;

/** Rows a page of the source holds. */
const PAGE = 1000;

type Scope = <Q extends { where: (column: 'tenant_id', op: '=', value: string) => Q }>(query: Q) => Q;

/**
 * A table's rows page by page (not every driver streams): after the last id seen when the table
 * has ids, else in the order of all its columns.
 */
async function* pages(
  db: DynamicDb,
  table: string,
  columns: string[],
  scope: Scope,
): AsyncGenerator<DynamicRow> {
  const keyed = columns.includes('id');
  for (let offset = 0, after: unknown; ; offset += PAGE) {
    let query = scope(db.selectFrom(table).select(columns)).limit(PAGE);
    if (keyed) {
      query = query.orderBy('id');
      if (after !== undefined) query = query.where('id', '>', after);
    } else {
      for (const column of columns) query = query.orderBy(column);
      query = query.offset(offset);
    }
    const page = await query.execute();
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

export interface CopiedTable {
  table: string;
  rows: number;
}

/**
 * Copies a whole platform's rows, or one tenant's, from one database to another of any dialect
 * (SQLite, PostgreSQL, MySQL). The target is migrated first; each table's rows there (the
 * tenant's, for a tenant) are replaced by the source's, in one transaction per table, and the
 * rows on both sides are counted after: a difference fails the copy. Run it with the server
 * stopped (or the tenant idle), so that nothing writes meanwhile.
 */
export async function copyDatabase(
  from: DataAccess,
  to: DataAccess,
  options: { tenantId?: string } = {},
): Promise<CopiedTable[]> {
  await migrateToLatest(to);
  const targets = new Map(
    (await to.unscoped().introspection.getTables()).map((t) => [
      t.name,
      new Set(t.columns.map((c) => c.name)),
    ]),
  );
  const copied: CopiedTable[] = [];
  const tables = (await from.unscoped().introspection.getTables()).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  for (const table of tables) {
    const there = targets.get(table.name);
    if (table.isView || !there || DERIVED.test(table.name)) continue;
    const tenanted = table.columns.some((c) => c.name === 'tenant_id');
    // A tenant's copy takes only the tables its rows are in.
    if (options.tenantId !== undefined && !tenanted) continue;
    const columns = table.columns.map((c) => c.name).filter((c) => there.has(c));
    const scope: Scope = (query) =>
      options.tenantId === undefined ? query : query.where('tenant_id', '=', options.tenantId);
    const source = dynamic(from.unscoped());
    const rows = pages(source, table.name, columns, scope);
    await dynamic(to.unscoped())
      .transaction()
      .execute(async (trx) => {
        await scope(trx.deleteFrom(table.name)).execute();
        const batch: DynamicRow[] = [];
        const size = Math.max(1, Math.floor(VALUES_PER_INSERT / columns.length));
        const flush = async () => {
          if (batch.length) await trx.insertInto(table.name).values(batch.splice(0)).execute();
        };
        for await (const row of rows) {
          batch.push(row);
          if (batch.length >= size) await flush();
        }
        await flush();
      });
    const counts = await Promise.all(
      [source, dynamic(to.unscoped())].map(async (db: DynamicDb) => {
        const counted = await scope(
          db.selectFrom(table.name).select(sql<number>`count(*)`.as('n')),
        ).executeTakeFirst();
        return Number(counted?.n ?? 0);
      }),
    );
    if (counts[0] !== counts[1])
      throw new Error(`${table.name}: ${counts[0]} rows in the source, ${counts[1]} in the target`);
    copied.push({ table: table.name, rows: counts[0]! });
  }
  return copied;
}
