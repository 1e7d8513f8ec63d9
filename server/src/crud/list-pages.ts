import type { Page } from '@blade/schema';
import { sql } from 'kysely';
import { pageOf } from '../core/wire.js';
import type { DynamicRow } from '../db/dynamic-db.js';
import { QueryShapes } from '../db/query-shape.js';
import { CountCache } from './count-cache.js';
import type { ResourceContext } from './hooks.js';
import type { Filter, ListQuery } from './list-query.js';
import {
  countedTotal,
  ftsCount,
  gramCounted,
  gramTotal,
  type ListScope,
  listScope,
  locate,
  nextDay,
  type Spot,
} from './list-support.js';
import type { ResourceRows } from './resource-rows.js';
import { indexedSearch, type Select, searches } from './row-conditions.js';
import { outputColumns } from './row-shapes.js';

/** From this offset on, a page is read by id after finding its ids (a deferred join). */
const DEFERRED_OFFSET = 2000;

/**
 * A search scans the list in order (testing each row) while that reads at most this many times
 * as many rows as fetching every match would.
 */
const WALK_FACTOR = 1;

/** What `page` has settled before it reads the rows. */
interface PageRead {
  list: ListQuery;
  filters: Filter[];
  scope: ListScope;
  offset: number;
  spot: Spot | undefined;
  byDay: 'asc' | 'desc' | undefined;
}

/** The paged list of one resource: its pages with their exact totals, read in as few statements as the list allows. */
export class ListPages {
  private readonly counts = new CountCache();
  private readonly shapes = new QueryShapes();

  constructor(private readonly rows: ResourceRows) {}

  /**
   * One page, with its exact total, in two or three statements whatever the page size and the
   * offset: the total (from the live-row counters when the list is unfiltered, from a contains
   * index when it is one search), then the rows. A deep page of a list in create_time order
   * starts at the day holding its offset (the counters keep days), and pages past a few
   * thousand rows find their ids in the index before reading those rows (a deferred join).
   * On PostgreSQL a near page whose rows are read the same whatever the total reads the two side
   * by side on two connections.
   */
  async page(ctx: ResourceContext, list: ListQuery): Promise<Page<DynamicRow>> {
    const filters = [
      ...((await this.rows.hooks.readScope?.(ctx)) ?? []),
      ...list.filters,
      ...((await this.rows.hooks.listFilters?.(ctx, list)) ?? []),
    ];
    const scope = await listScope(
      ctx.db,
      this.rows.dialect(ctx),
      this.rows.resource.table,
      this.rows.owner(ctx),
    );
    const offset = (list.current - 1) * list.size;
    const byDay = this.dayOrder(list, filters, scope, offset);
    const spot = byDay ? await locate(scope, offset, byDay, list.size) : undefined;
    const read = { list, filters, scope, offset, spot, byDay };
    // Only a near page (a far one is placed by day, or may lie past the end, where the total
    // alone answers it and reading its rows anyway would scan up to the offset for nothing).
    if (offset < DEFERRED_OFFSET && scope.dialect === 'postgres' && !this.searchesIndexed(scope, filters)) {
      const [total, rows] = await Promise.all([this.total(ctx, scope, filters), this.read(ctx, read, false)]);
      // Nothing past the end (the total was exact when it was read).
      return pageOf(offset >= total ? [] : await this.rows.out(ctx, rows), total, list);
    }
    const total = spot ? spot.total : await this.total(ctx, scope, filters);
    // Nothing to read past the end (the total was exact when it was read).
    if (offset >= total) return pageOf([], total, list);
    const rows = await this.read(ctx, read, await this.walks(scope, filters, total, offset + list.size));
    return pageOf(await this.rows.out(ctx, rows), total, list);
  }

  /** The rows of one page, read as `page` describes; `walk` as `walks` decides. */
  private async read(
    ctx: ResourceContext,
    { list, filters, scope, offset, spot, byDay }: PageRead,
    walk: boolean,
  ): Promise<DynamicRow[]> {
    const where = { scope, walk };
    // Built only when the page's statement is not compiled already.
    const filtered = (): Select => {
      const live = this.rows.live(ctx.db, where, filters);
      if (!spot?.bucket || !spot.until) return live;
      const [from, to] = byDay === 'desc' ? [spot.until, spot.bucket] : [spot.bucket, spot.until];
      return live
        .where('create_time', '>=', `${from} 00:00:00`)
        .where('create_time', '<', `${nextDay(to)} 00:00:00`);
    };
    const skip = spot?.bucket ? offset - spot.before : offset;
    const ordered = <Q extends Select>(q: Q): Q =>
      list.order.reduce((acc, o) => acc.orderBy(o.column, o.direction) as Q, q).orderBy('id', 'desc') as Q;
    const columns = outputColumns(this.rows.resource);
    if (skip >= DEFERRED_OFFSET) {
      const ids = (await ordered(filtered().select('id')).limit(list.size).offset(skip).execute()).map(
        (r) => r.id,
      );
      return ids.length
        ? ((await ordered(
            ctx.db.selectFrom(this.rows.resource.table).select(columns).where('id', 'in', ids) as Select,
          ).execute()) as DynamicRow[])
        : [];
    }
    if (!spot?.bucket && list.filters.length === 0 && !filters.some(searches)) {
      // The usual page, unsearched, which differs between requests only in where it starts:
      // compiled once per order and set of the caller's standing conditions (its data scope).
      return (await this.shapes.execute(
        ctx.db,
        JSON.stringify([filters, list.order]),
        (size: number, from: number) => ordered(filtered().select(columns)).limit(size).offset(from),
        [list.size, skip],
      )) as DynamicRow[];
    }
    return ordered(filtered().select(columns)).limit(list.size).offset(skip).execute();
  }

  /**
   * The direction of a deep page that the per-day counters can place: an unfiltered, counted
   * list ordered by create_time alone (then id).
   */
  private dayOrder(
    list: ListQuery,
    filters: Filter[],
    scope: ListScope,
    offset: number,
  ): 'asc' | 'desc' | undefined {
    const [order, ...more] = list.order;
    if (!scope.counted || filters.length || offset < DEFERRED_OFFSET || more.length) return undefined;
    return order?.column === 'create_time' ? order.direction : undefined;
  }

  /**
   * Whether the rows of an indexed search are found by scanning the list in order and testing
   * each row (LIKE), rather than by fetching every match from the index and sorting them: when
   * matches are common enough that the page fills after as many rows as there are matches. The
   * total is exact, so this is known, not estimated (PostgreSQL's planner, given both conditions,
   * underestimates their matches and sorts twelve thousand rows to show ten).
   */
  private async walks(scope: ListScope, filters: Filter[], total: number, upTo: number): Promise<boolean> {
    if (!this.searchesIndexed(scope, filters)) return false;
    const rows = await countedTotal(scope);
    return (upTo * rows) / total <= WALK_FACTOR * total;
  }

  /** Whether a counted list is searched in an indexed column (the one case `walks` weighs). */
  private searchesIndexed(scope: ListScope, filters: Filter[]): boolean {
    return (
      scope.counted &&
      filters.some((f) => !('anyOf' in f) && f.op === 'contains' && scope.indexed.has(f.column))
    );
  }

  /**
   * The total of a list: from the count cache while the table is unchanged (when enabled), else
   * from the live-row counters (no filter), the gram counters (one search of one or two
   * characters), the contains index (SQLite, one longer search), or a count of the matching rows.
   */
  private async total(ctx: ResourceContext, scope: ListScope, filters: Filter[]): Promise<number> {
    const writes = this.rows.deps.data.writes;
    const table = this.rows.resource.table;
    const cache = this.rows.deps.config.listCountCache;
    const key = `${table}|${ctx.auth.tenantId}|${JSON.stringify(filters)}`;
    const generation = writes.generation(table);
    const cached = cache ? this.counts.get(key, generation) : undefined;
    if (cached !== undefined) return cached;
    const search = indexedSearch(filters, scope);
    let total: number;
    if (filters.length === 0 && scope.counted) total = await countedTotal(scope);
    else if (search && gramCounted(search.text)) total = await gramTotal(scope, search.column, search.text);
    else if (search && scope.dialect === 'sqlite') total = await ftsCount(scope, search.column, search.text);
    else {
      const row = (await this.rows
        .live(ctx.db, { scope, walk: false }, filters)
        .select(sql<number>`count(*)`.as('total'))
        .executeTakeFirstOrThrow()) as { total: number | string };
      total = Number(row.total);
    }
    if (cache) this.counts.set(key, generation, writes.generation(table), total);
    return total;
  }
}
