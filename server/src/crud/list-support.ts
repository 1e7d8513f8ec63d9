import { type Expression, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { DynamicDb } from '../db/dynamic-db.js';
import { appendsChanges, foldListCounts } from '../db/list-counts.js';
import { escapeLike, LIKE_ESCAPE } from './list-query.js';

/**
 * What a database offers lists beyond plain indexes (migration 0011-list-speed): live-row
 * counters per table, tenant and day, and contains indexes of text columns. Read once per
 * database handle from `app_list_support`; a database without it (not migrated yet) offers
 * nothing, and lists count and search the plain way.
 */
export interface ListSupport {
  /** Counted tables, and whether their counters are kept per tenant. */
  counted: ReadonlyMap<string, boolean>;
  /** `table.column` pairs with a contains index, and whether the index is per tenant. */
  contains: ReadonlyMap<string, boolean>;
}

const NONE: ListSupport = { counted: new Map(), contains: new Map() };
const known = new WeakMap<DynamicDb, Promise<ListSupport>>();

export function listSupport(db: DynamicDb): Promise<ListSupport> {
  let support = known.get(db);
  if (!support) {
    support = sql<{ table_name: string; kind: string; column_name: string; per_tenant: number }>`
      select table_name, kind, column_name, per_tenant from app_list_support`
      .execute(db)
      .then(
        ({ rows }) => {
          const counted = new Map<string, boolean>();
          const contains = new Map<string, boolean>();
          for (const r of rows) {
            if (r.kind === 'count') counted.set(r.table_name, Number(r.per_tenant) === 1);
            if (r.kind === 'contains')
              contains.set(`${r.table_name}.${r.column_name}`, Number(r.per_tenant) === 1);
          }
          return { counted, contains };
        },
        () => NONE,
      );
    known.set(db, support);
  }
  return support;
}

/**
 * Where a list reads: its table, the counter key of the caller (the tenant for tenant-owned
 * tables, '' for the others) and what the database offers for it.
 */
export interface ListScope {
  db: DynamicDb;
  dialect: DialectName;
  table: string;
  owner: string;
  /** The table's counters serve this resource (kept per tenant exactly when it is tenant-owned). */
  counted: boolean;
  /** Columns with a contains index that serves this resource. */
  indexed: ReadonlySet<string>;
}

export async function listScope(
  db: DynamicDb,
  dialect: DialectName,
  table: string,
  tenantId: string | undefined,
): Promise<ListScope> {
  const support = await listSupport(db);
  const perTenant = tenantId !== undefined;
  const indexed = new Set<string>();
  for (const [key, tenant] of support.contains) {
    const [t, column] = key.split('.');
    if (t === table && tenant === perTenant) indexed.add(column!);
  }
  return {
    db,
    dialect,
    table,
    owner: tenantId ?? '',
    counted: support.counted.get(table) === perTenant,
    indexed,
  };
}

/** A scope that uses nothing beyond plain indexes (single rows, writes, unpaged lists). */
export function plainScope(
  db: DynamicDb,
  dialect: DialectName,
  table: string,
  tenantId: string | undefined,
): ListScope {
  return { db, dialect, table, owner: tenantId ?? '', counted: false, indexed: new Set() };
}

const toNumber = (v: unknown): number => Number(v ?? 0);

/** Pending changes a read sums before it asks for them to be folded (PostgreSQL, MySQL). */
const FOLD_AT = 1000;

/** The caller's counters: its live rows, and whether some have no day (SQLite's triggers leave no changes). */
interface Counted {
  total: number;
  /** Changes not folded in yet (PostgreSQL). */
  pending: number;
  /** Live rows without a create_time. */
  undated: boolean;
}

/**
 * Reads the caller's counters: each a sum over a primary-key range, with PostgreSQL's pending
 * changes beside (separate sums: a union grouped by day costs ten times as much).
 */
async function counted(scope: ListScope): Promise<Counted> {
  const key = sql`table_name = ${scope.table} and tenant_id = ${scope.owner}`;
  const pending = appendsChanges(scope.dialect)
    ? sql`(select coalesce(sum("change"), 0) from app_list_delta where ${key}) as "change",
            (select count(*) from app_list_delta where ${key}) as pending`
    : sql`0 as "change", 0 as pending`;
  const { rows } = await sql<{ total: unknown; change: unknown; pending: unknown; undated: unknown }>`
    select (select coalesce(sum(live), 0) from app_list_count where ${key}) as total,
      (select count(*) from app_list_count where ${key} and bucket = '' and live <> 0) as undated,
      ${pending}`.execute(scope.db);
  const row = rows[0];
  const waiting = toNumber(row?.pending);
  if (waiting > FOLD_AT) foldListCounts(scope.db).catch(() => {});
  return {
    total: toNumber(row?.total) + toNumber(row?.change),
    pending: waiting,
    undated: toNumber(row?.undated) > 0,
  };
}

/** The live rows of the caller's list, from the counters (one small indexed read). */
export async function countedTotal(scope: ListScope): Promise<number> {
  return (await counted(scope)).total;
}

/** The days holding a page of a list in create_time order, and how many rows come before them. */
export interface Spot {
  total: number;
  /** The day (YYYY-MM-DD of create_time) whose rows hold the offset; none past the end. */
  bucket?: string;
  /** The day holding the page's last row (the list's last day when the page runs past the end). */
  until?: string;
  /** Rows in the days before that one, in the list's order. */
  before: number;
}

/**
 * Finds where the page of `size` rows from row `offset` of a list ordered by create_time lies,
 * from the per-day counters: the page then reads only the days from the one holding its first
 * row to the one holding its last, stepping over the rows of the first day before it. Bounded
 * on both sides, its read is a short range of the time index on every planner (bounded on one,
 * MariaDB's walks the tenant's whole index from the other end). Two small reads: the total, then
 * a running sum over the days (with PostgreSQL's changes not folded yet, when there are any).
 */
export async function locate(
  scope: ListScope,
  offset: number,
  direction: 'asc' | 'desc',
  size: number,
): Promise<Spot> {
  const { total, pending, undated } = await counted(scope);
  // Past the end there is nothing to place; rows without a time sort first or last depending
  // on the database, so no day can place the others.
  if (offset >= total || undated) return { total, before: 0 };
  const key = sql`table_name = ${scope.table} and tenant_id = ${scope.owner}`;
  const days = pending
    ? sql`select bucket, sum(live) as live from (
        select bucket, live from app_list_count where ${key}
        union all
        select bucket, "change" from app_list_delta where ${key}) counters group by bucket`
    : sql`select bucket, live from app_list_count where ${key}`;
  const order = sql.raw(direction);
  // The days holding rows offset to offset + size - 1 (a page spans few days), in list order.
  const { rows } = await sql<{ bucket: string; before: unknown }>`
    select bucket, "before" from (
      select bucket, live,
        sum(live) over (order by bucket ${order} rows between unbounded preceding and current row) - live as "before"
      from (${days}) days
    ) placed where "before" + live > ${offset} and "before" < ${offset + size}
    order by bucket ${order}`.execute(scope.db);
  const [first, last] = [rows[0], rows[rows.length - 1]];
  return first && last
    ? { total, bucket: first.bucket, until: last.bucket, before: toNumber(first.before) }
    : { total, before: 0 };
}

/** The next day of a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** ASCII letters lower-cased, as SQLite's lower() and LIKE fold them (no other letters). */
const foldAscii = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

/** The characters of a text (code points, as both databases count them). */
const characters = (text: string): string[] => Array.from(text);

/** Adjacent pairs of characters, in order. */
const pairs = (chars: string[]): string[] => chars.slice(1).map((c, i) => `${chars[i]}${c}`);

/**
 * The FTS5 query of a substring on SQLite: its one character, or the phrase of its pairs, as the
 * triggers of 0011-list-speed tokenised them (hex of owner, 'x', hex of the lower-cased gram).
 */
export function ftsQuery(owner: string, text: string): string {
  const chars = characters(foldAscii(text));
  const token = (gram: string) => `${hex(owner)}x${hex(gram)}`;
  if (chars.length === 1) return `uni : ${token(chars[0]!)}`;
  return `bi : "${pairs(chars).map(token).join(' ')}"`;
}

/** The grams a substring's rows must all have (PostgreSQL's app_grams, MySQL's app_gram_row). */
export function pgGrams(owner: string, text: string): string[] {
  const chars = characters(text);
  const grams = chars.length === 1 ? chars : pairs(chars);
  return [...new Set(grams.map((g) => `${owner}\u001f${g}`))];
}

export const ftsTable = (table: string, column: string): string => `app_fts_${table}_${column}`;

/**
 * Rows whose column contains `text`, as LIKE '%text%' (each database's case rules) would find
 * them. With a contains index, unless the rows are `walk`ed (scanned in list order and tested
 * one by one with LIKE, cheaper when matches are so common that a page fills after a few rows):
 * on SQLite the ids the FTS table names; on PostgreSQL the GIN condition with LIKE beside it,
 * which decides for texts of three characters or more.
 */
export function containsCondition(
  scope: ListScope,
  column: string,
  text: string,
  walk = false,
): Expression<SqlBool> {
  const like = sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(text)}%`} escape ${LIKE_ESCAPE}`;
  if (!scope.indexed.has(column) || walk) return like;
  if (scope.dialect === 'postgres') {
    const owner = scope.owner ? sql.ref('tenant_id') : sql.lit('');
    return sql<SqlBool>`(${like} and app_grams(${owner}, ${sql.ref(column)}) @> ${pgGrams(scope.owner, text)}::text[])`;
  }
  if (scope.dialect === 'mysql') {
    // A few grams narrow the rows to a handful; LIKE decides among them.
    const postings = pgGrams(scope.owner, text)
      .slice(0, MYSQL_GRAMS)
      .map(
        (gram) => sql<SqlBool>`${sql.ref('id')} in (select id from app_gram_row
          where table_name = ${scope.table} and column_name = ${column} and gram = ${gram})`,
      );
    return sql<SqlBool>`(${like} and ${sql.join(postings, sql` and `)})`;
  }
  const fts = sql.table(ftsTable(scope.table, column));
  return sql<SqlBool>`${sql.ref('id')} in (select rowid from ${fts} where ${fts} match ${ftsQuery(scope.owner, text)})`;
}

/** Grams of a search MySQL looks up in its postings (app_gram_row, db/dialects/mysql-grams.ts). */
const MYSQL_GRAMS = 3;

/** Whether the counters of a contains index answer a search of this text (one or two characters). */
export const gramCounted = (text: string): boolean => characters(text).length <= 2;

/**
 * How many live rows of the caller contain a text of one or two characters in an indexed column:
 * the gram's counter (with the changes not folded in yet).
 */
export async function gramTotal(scope: ListScope, column: string, text: string): Promise<number> {
  const gram = `${scope.owner}\u001f${scope.dialect === 'sqlite' ? foldAscii(text) : text}`;
  const { rows } = await sql<{ total: number | string | null; pending: number | string | null }>`
    select sum(live) as total, sum(pending) as pending from (
      select live, 0 as pending from app_gram_count
      where table_name = ${scope.table} and column_name = ${column} and gram = ${gram}
      union all
      select "change", 1 from app_gram_delta
      where table_name = ${scope.table} and column_name = ${column} and gram = ${gram}
    ) counters`.execute(scope.db);
  if (toNumber(rows[0]?.pending) > FOLD_AT) foldListCounts(scope.db).catch(() => {});
  return toNumber(rows[0]?.total);
}

/** How many live rows of the caller contain `text` in an indexed column, from the index alone (SQLite). */
export async function ftsCount(scope: ListScope, column: string, text: string): Promise<number> {
  const fts = sql.table(ftsTable(scope.table, column));
  const { rows } = await sql<{ total: number }>`
    select count(*) as total from ${fts} where ${fts} match ${ftsQuery(scope.owner, text)}`.execute(scope.db);
  return toNumber(rows[0]?.total);
}
