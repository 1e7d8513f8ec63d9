import { columnOf, type Page, type ResourceDef, SECRET_MASK } from '@blade/schema';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { AppError } from '../core/errors.js';
import { nextId } from '../core/ids.js';
import { redactText } from '../core/redact.js';
import { utcNow } from '../core/time.js';
import { pageOf, toWireRows } from '../core/wire.js';
import { created } from '../db/audit.js';
import type { DialectName } from '../db/database.js';
import type { DynamicDb, DynamicRow } from '../db/dynamic-db.js';
import { QueryShapes } from '../db/query-shape.js';
import { AUDIT_COLUMNS } from '../db/tables.js';
import { CountCache } from './count-cache.js';
import type { ServiceDeps } from './deps.js';
import { difference, type FieldChange, type HistoryAction, type Revert, recordChange } from './history.js';
import type { BoundHooks, ResourceContext } from './hooks.js';
import { escapeLike, type Filter, type ListQuery } from './list-query.js';
import {
  containsCondition,
  countedTotal,
  ftsCount,
  gramCounted,
  gramTotal,
  type ListScope,
  listScope,
  locate,
  nextDay,
  plainScope,
  type Spot,
} from './list-support.js';
import { checkReferences } from './references.js';
import { timeOrderProblem } from './validation.js';

/** From this offset on, a page is read by id after finding its ids (a deferred join). */
const DEFERRED_OFFSET = 2000;

/**
 * A search scans the list in order (testing each row) while that reads at most this many times
 * as many rows as fetching every match would.
 */
const WALK_FACTOR = 1;

/** The audit columns a row answers with (removed rows are never answered). */
const AUDIT = AUDIT_COLUMNS.filter((c) => c !== 'is_deleted');

const outputs = new WeakMap<ResourceDef, readonly string[]>();

/** The columns a resource answers with: id, declared non-secret fields, audit columns. */
export function outputColumns(resource: ResourceDef): readonly string[] {
  // Declarations do not change once made: worked out once each, not on every read.
  let columns = outputs.get(resource);
  if (!columns) {
    const fields = resource.fields.filter((f) => !f.secret && !f.virtual).map((f) => columnOf(f.name));
    const extra = resource.tenant ? ['tenant_id'] : [];
    columns = Object.freeze([...new Set(['id', ...extra, ...fields, ...AUDIT])]);
    outputs.set(resource, columns);
  }
  return columns;
}

type Select = SelectQueryBuilder<Record<string, DynamicRow>, string, object>;

/** A query of row ids (a subquery to test ids against). */
export type IdQuery = Select;

type Builder = ExpressionBuilder<Record<string, DynamicRow>, string>;

const escapeGlob = (text: string): string => text.replace(/[[*?]/g, (c) => `[${c}]`);

/** How conditions are written: where the list reads, and whether contains filters test rows of an ordered scan. */
interface Where {
  scope: ListScope;
  walk: boolean;
}

/** What `page` has settled before it reads the rows. */
interface PageRead {
  list: ListQuery;
  filters: Filter[];
  scope: ListScope;
  offset: number;
  spot: Spot | undefined;
  byDay: 'asc' | 'desc' | undefined;
}

function condition(eb: Builder, f: Filter, where: Where): Expression<SqlBool> {
  if ('anyOf' in f)
    return f.anyOf.length ? eb.or(f.anyOf.map((g) => condition(eb, g, where))) : sql<SqlBool>`1 = 0`;
  if (f.op === 'prefix') {
    // Case-sensitive prefix forms each database answers from a plain index.
    return where.scope.dialect === 'sqlite'
      ? sql<SqlBool>`${sql.ref(f.column)} glob ${`${escapeGlob(String(f.value))}*`}`
      : sql<SqlBool>`${sql.ref(f.column)} like ${`${escapeLike(String(f.value))}%`} escape '\\'`;
  }
  if (f.op === 'in') return f.value.length ? eb(f.column, 'in', f.value) : sql<SqlBool>`1 = 0`;
  if (f.op === 'contains') return containsCondition(where.scope, f.column, String(f.value), where.walk);
  return eb(f.column, f.op, f.value);
}

function applyFilters(query: Select, filters: Filter[], where: Where): Select {
  return filters.reduce((q, f) => q.where((eb) => condition(eb, f, where)), query);
}

/** Whether a condition is (or holds) a contains search. */
const searches = (f: Filter): boolean => ('anyOf' in f ? f.anyOf.some(searches) : f.op === 'contains');

/** The one filter of a list when it is a search of an indexed column. */
function indexedSearch(filters: Filter[], scope: ListScope): { column: string; text: string } | undefined {
  const only = filters.length === 1 ? filters[0] : undefined;
  if (!only || 'anyOf' in only || only.op !== 'contains' || !scope.indexed.has(only.column)) return undefined;
  return { column: only.column, text: String(only.value) };
}

/**
 * The context of a step inside a transaction: both handles a hook might reach for, the
 * resource's and the caller's, are the transaction (on SQLite a query outside it would wait for
 * the one connection the transaction holds).
 */
function within(ctx: ResourceContext, trx: unknown): ResourceContext {
  // The caller's own handle joins the transaction only when it is the same database: a tenant
  // bound to another data source keeps its identity tables outside the business transaction.
  const sameDatabase = (ctx.db as unknown) === ctx.auth.db;
  return {
    ...ctx,
    db: trx as DynamicDb,
    auth: sameDatabase ? { ...ctx.auth, db: trx as ResourceContext['auth']['db'] } : ctx.auth,
  };
}

/**
 * The generic operations behind every resource's endpoints. Each takes the caller's context;
 * the database handle in it is tenant-scoped, and the resource's read scope (data scope) is
 * ANDed into every read.
 */
export class ResourceService {
  /** Declared date and time fields, shown in the server's time zone. */
  private readonly timeFields: ReadonlySet<string>;
  private readonly counts = new CountCache();
  private readonly shapes = new QueryShapes();

  /** Columns of the times a declared order ties together (read to check an update against). */
  private readonly orderedColumns: string[];

  constructor(
    readonly resource: ResourceDef,
    private readonly deps: ServiceDeps,
    private readonly hooks: BoundHooks = {},
  ) {
    this.orderedColumns = [
      ...new Set(
        resource.fields.flatMap((f) =>
          [f.notBefore?.field, f.notAfter?.field].filter((n): n is string => !!n).flatMap((n) => [f.name, n]),
        ),
      ),
    ].map(columnOf);
    this.timeFields = new Set(
      resource.fields.filter((f) => f.type === 'date' || f.type === 'datetime').map((f) => f.name),
    );
  }

  private dialect(ctx: ResourceContext): DialectName {
    return ctx.dialect ?? this.deps.data.dialect;
  }

  /** The counter key of the caller's rows: its tenant for tenant-owned resources. */
  private owner(ctx: ResourceContext): string | undefined {
    return this.resource.tenant ? ctx.auth.tenantId : undefined;
  }

  /** Conditions without the list helpers (reads and writes of single rows, unpaged lists). */
  private plain(ctx: ResourceContext, db: DynamicDb): Where {
    return { scope: plainScope(db, this.dialect(ctx), this.resource.table, this.owner(ctx)), walk: false };
  }

  private async base(ctx: ResourceContext, db: DynamicDb = ctx.db): Promise<Select> {
    return this.live(db, this.plain(ctx, db), (await this.hooks.readScope?.(ctx)) ?? []);
  }

  /** Live rows of the table under the given conditions. */
  private live(db: DynamicDb, where: Where, filters: Filter[]): Select {
    // A literal, not a parameter, so partial indexes on live rows apply.
    const q: Select = db.selectFrom(this.resource.table).where(sql<SqlBool>`is_deleted = 0`);
    return applyFilters(q, filters, where);
  }

  private async out(ctx: ResourceContext, rows: DynamicRow[]) {
    await this.hooks.decorate?.(ctx, rows);
    return toWireRows(rows, this.deps.config.timeZone, this.timeFields);
  }

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
      ...((await this.hooks.readScope?.(ctx)) ?? []),
      ...list.filters,
      ...((await this.hooks.listFilters?.(ctx, list)) ?? []),
    ];
    const scope = await listScope(ctx.db, this.dialect(ctx), this.resource.table, this.owner(ctx));
    const offset = (list.current - 1) * list.size;
    const byDay = this.dayOrder(list, filters, scope, offset);
    const spot = byDay ? await locate(scope, offset, byDay) : undefined;
    const read = { list, filters, scope, offset, spot, byDay };
    // Only a near page (a far one is placed by day, or may lie past the end, where the total
    // alone answers it and reading its rows anyway would scan up to the offset for nothing).
    if (offset < DEFERRED_OFFSET && scope.dialect === 'postgres' && !this.searchesIndexed(scope, filters)) {
      const [total, rows] = await Promise.all([this.total(ctx, scope, filters), this.rows(ctx, read, false)]);
      // Nothing past the end (the total was exact when it was read).
      return pageOf(offset >= total ? [] : await this.out(ctx, rows), total, list);
    }
    const total = spot ? spot.total : await this.total(ctx, scope, filters);
    // Nothing to read past the end (the total was exact when it was read).
    if (offset >= total) return pageOf([], total, list);
    const rows = await this.rows(ctx, read, await this.walks(scope, filters, total, offset + list.size));
    return pageOf(await this.out(ctx, rows), total, list);
  }

  /** The rows of one page, read as `page` describes; `walk` as `walks` decides. */
  private async rows(
    ctx: ResourceContext,
    { list, filters, scope, offset, spot, byDay }: PageRead,
    walk: boolean,
  ): Promise<DynamicRow[]> {
    const where = { scope, walk };
    // Built only when the page's statement is not compiled already.
    const filtered = (): Select => {
      const live = this.live(ctx.db, where, filters);
      if (!spot?.bucket) return live;
      return byDay === 'desc'
        ? live.where('create_time', '<', `${nextDay(spot.bucket)} 00:00:00`)
        : live.where('create_time', '>=', `${spot.bucket} 00:00:00`);
    };
    const skip = spot?.bucket ? offset - spot.before : offset;
    const ordered = <Q extends Select>(q: Q): Q =>
      list.order.reduce((acc, o) => acc.orderBy(o.column, o.direction) as Q, q).orderBy('id', 'desc') as Q;
    const columns = outputColumns(this.resource);
    if (skip >= DEFERRED_OFFSET) {
      const ids = (await ordered(filtered().select('id')).limit(list.size).offset(skip).execute()).map(
        (r) => r.id,
      );
      return ids.length
        ? ((await ordered(
            ctx.db.selectFrom(this.resource.table).select(columns).where('id', 'in', ids) as Select,
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
    const writes = this.deps.data.writes;
    const table = this.resource.table;
    const cache = this.deps.config.listCountCache;
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
      const row = (await this.live(ctx.db, { scope, walk: false }, filters)
        .select(sql<number>`count(*)`.as('total'))
        .executeTakeFirstOrThrow()) as { total: number | string };
      total = Number(row.total);
    }
    if (cache) this.counts.set(key, generation, writes.generation(table), total);
    return total;
  }

  /** Every matching row (lists that are not paged: dictionaries, selects, trees). */
  async all(
    ctx: ResourceContext,
    list: Pick<ListQuery, 'filters' | 'order'>,
    limit = 5000,
  ): Promise<DynamicRow[]> {
    let q = applyFilters(await this.base(ctx), list.filters, this.plain(ctx, ctx.db)).select(
      outputColumns(this.resource),
    );
    for (const o of list.order) q = q.orderBy(o.column, o.direction);
    return this.out(ctx, await q.orderBy('id', 'asc').limit(limit).execute());
  }

  async detail(ctx: ResourceContext, id: number): Promise<DynamicRow> {
    const row = await (await this.base(ctx))
      .select(outputColumns(this.resource))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'rowNotFound');
    return (await this.out(ctx, [row]))[0]!;
  }

  /**
   * A row as a form opens it to edit: with SECRET_MASK for each masked secret that is stored
   * (a virtual one, kept under another column, is stored whenever it is required).
   */
  async detailToEdit(ctx: ResourceContext, id: number): Promise<DynamicRow> {
    const row = await this.detail(ctx, id);
    const masked = this.resource.fields.filter((f) => f.masked);
    if (!masked.length) return row;
    const stored = masked.some((f) => !f.virtual)
      ? await (await this.base(ctx))
          .select(masked.filter((f) => !f.virtual).map((f) => columnOf(f.name)))
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    for (const f of masked) {
      const value = f.virtual ? f.required : stored?.[columnOf(f.name)];
      if (value) row[f.name] = SECRET_MASK;
    }
    return row;
  }

  /** Insert (no id) or update (id): the `submit` convention. */
  async submit(ctx: ResourceContext, values: DynamicRow, id: number | undefined): Promise<number> {
    return id ? this.update(ctx, id, values) : this.insert(ctx, values);
  }

  async insert(ctx: ResourceContext, values: DynamicRow): Promise<number> {
    const id = nextId();
    const now = utcNow();
    const defaults: DynamicRow = {};
    for (const f of this.resource.fields) {
      if (f.default !== undefined && values[columnOf(f.name)] === undefined)
        defaults[columnOf(f.name)] = f.default;
    }
    const row: DynamicRow = {
      ...defaults,
      ...values,
      id,
      ...created(ctx.auth, now),
    };
    if (this.resource.tenant) row.tenant_id = ctx.auth.tenantId;
    this.checkTimeOrder(ctx, row);
    await this.hooks.validate?.(ctx, row, 'add', id);
    await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      await checkReferences(tx, row, undefined);
      await this.hooks.beforeWrite?.(tx, row, 'add', id);
      await this.checkUnique(tx, row, id);
      await tx.db.insertInto(this.resource.table).values(row).execute();
      await this.hooks.afterWrite?.(tx, id, 'add', row);
      await this.record(tx, id, 'create', difference(this.resource, undefined, row));
    });
    this.deps.data.writes.bump(this.resource.table);
    await this.committed(ctx, id, 'add');
    return id;
  }

  /** Changes a live row; `revert` names the history row a restore or an undo goes back to. */
  async update(ctx: ResourceContext, id: number, values: DynamicRow, revert?: Revert): Promise<number> {
    const changes: DynamicRow = { ...values, update_user: ctx.auth.userId, update_time: utcNow() };
    await this.hooks.validate?.(ctx, changes, 'edit', id);
    await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      const existing = await (await this.base(tx, tx.db)).selectAll().where('id', '=', id).executeTakeFirst();
      if (!existing) throw new AppError(404, 'rowNotFound');
      this.checkTimeOrder(ctx, changes, existing);
      await checkReferences(tx, changes, existing);
      await this.hooks.beforeWrite?.(tx, changes, 'edit', id);
      await this.checkUnique(tx, changes, id);
      await tx.db
        .updateTable(this.resource.table)
        .set(changes)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .execute();
      await this.hooks.afterWrite?.(tx, id, 'edit', changes);
      const diff = difference(this.resource, existing, changes);
      if (diff.length || revert) await this.record(tx, id, revert?.action ?? 'update', diff, revert?.of);
    });
    this.deps.data.writes.bump(this.resource.table);
    await this.committed(ctx, id, 'edit');
    return id;
  }

  /** Refuses times out of their declared order, the stored ones standing in for those left out. */
  private checkTimeOrder(ctx: ResourceContext, values: DynamicRow, stored: DynamicRow = {}): void {
    if (this.orderedColumns.length === 0) return;
    const problem = timeOrderProblem(this.resource, values, ctx.lang, stored);
    if (problem) throw new AppError(400, 'declared', { text: problem.message }, { field: problem.field });
  }

  private async committed(ctx: ResourceContext, id: number, mode: 'add' | 'edit'): Promise<void> {
    try {
      await this.hooks.afterCommit?.(ctx, id, mode);
    } catch (error) {
      this.deps.logs.add('blade_log_error', {
        id: nextId(),
        tenant_id: ctx.auth.tenantId,
        service_id: 'blade-admin',
        exception_name: (error as Error).name,
        message: redactText(
          `after saving ${this.resource.name} ${id}: ${(error as Error).message}`.slice(0, 4000),
        ),
        stack_trace: (error as Error).stack ? redactText((error as Error).stack!) : null,
        create_by: ctx.auth.account,
        create_user: ctx.auth.userId,
        create_time: utcNow(),
      });
    }
  }

  /** Soft delete of the caller's visible rows among `ids`; answers how many were removed. */
  async remove(ctx: ResourceContext, ids: number[]): Promise<number> {
    if (ids.length === 0) throw new AppError(400, 'idsRequired');
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      const visible = (await (await this.base(tx, tx.db)).select('id').where('id', 'in', ids).execute()).map(
        (r) => Number(r.id),
      );
      if (visible.length === 0) throw new AppError(404, 'rowNotFound');
      if (this.resource.tree) {
        const parent = columnOf(this.resource.tree.parent);
        const child = await tx.db
          .selectFrom(this.resource.table)
          .select('id')
          .where(parent, 'in', visible)
          .where('id', 'not in', visible)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (child) throw new AppError(400, 'hasChildren');
      }
      await this.hooks.beforeRemove?.(tx, visible, 'remove');
      await tx.db
        .updateTable(this.resource.table)
        .set({ is_deleted: 1, update_user: ctx.auth.userId, update_time: utcNow() })
        .where('id', 'in', visible)
        .execute();
      for (const id of visible) await this.record(tx, id, 'delete', []);
      return visible.length;
    });
    this.deps.data.writes.bump(this.resource.table);
    return removed;
  }

  /** Children of a tree node with `hasChildren`, for lazy trees and lazy lists. */
  async children(
    ctx: ResourceContext,
    parentId: number,
    list: Pick<ListQuery, 'filters' | 'order'>,
  ): Promise<DynamicRow[]> {
    const tree = this.resource.tree!;
    const parent = columnOf(tree.parent);
    const rows = await this.all(ctx, {
      ...list,
      filters: [...list.filters, { column: parent, op: '=', value: parentId }],
    });
    if (rows.length === 0) return rows;
    const ids = rows.map((r) => Number(r.id));
    const withChildren = new Set(
      (await (await this.base(ctx)).select(parent).where(parent, 'in', ids).groupBy(parent).execute()).map(
        (r) => String(r[parent]),
      ),
    );
    return rows.map((r) => ({ ...r, hasChildren: withChildren.has(String(r.id)) }));
  }

  /** The history row of a change, in the change's transaction (where the context keeps history). */
  private async record(
    tx: ResourceContext,
    id: number,
    action: HistoryAction,
    changes: FieldChange[],
    reverts?: number,
  ): Promise<void> {
    if (tx.history !== false) await recordChange(tx, id, action, changes, reverts);
  }

  /**
   * The ids of rows, live or removed, within the caller's read scope, as a query on `db` (a handle
   * holding this resource's table); undefined when the scope holds every row.
   */
  async scopedIds(ctx: ResourceContext, db: DynamicDb = ctx.db): Promise<IdQuery | undefined> {
    const filters = (await this.hooks.readScope?.(ctx)) ?? [];
    if (filters.length === 0) return undefined;
    return applyFilters(db.selectFrom(this.resource.table).select('id'), filters, this.plain(ctx, db));
  }

  /**
   * Whether a row, live or removed, is within the caller's read scope; a row gone for good is
   * only when the scope holds every row (its history tells what it was).
   */
  async inScope(ctx: ResourceContext, id: number): Promise<boolean> {
    const ids = await this.scopedIds(ctx);
    return !ids || (await ids.where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** Removed rows (the recycle bin) removed since `since`, newest first, within the read scope. */
  async removed(
    ctx: ResourceContext,
    page: { current: number; size: number },
    since: string,
  ): Promise<Page<DynamicRow>> {
    const filters = (await this.hooks.readScope?.(ctx)) ?? [];
    const where = this.plain(ctx, ctx.db);
    const query = applyFilters(
      ctx.db
        .selectFrom(this.resource.table)
        .where(sql<SqlBool>`is_deleted = 1`)
        .where('update_time', '>=', since),
      filters,
      where,
    );
    const counted = (await query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow()) as {
      total: number | string;
    };
    const total = Number(counted.total);
    const rows = await query
      .select([...outputColumns(this.resource), 'update_time'])
      .orderBy('update_time', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    return pageOf(await this.out(ctx, rows), total, page);
  }

  /** The removed rows among `ids` within the caller's read scope: whole, or only their ids. */
  private async binned(tx: ResourceContext, ids: number[], whole: boolean): Promise<DynamicRow[]> {
    const filters = (await this.hooks.readScope?.(tx)) ?? [];
    const from = tx.db.selectFrom(this.resource.table);
    const selected: Select = whole ? from.selectAll() : from.select('id');
    const rows = (await applyFilters(
      selected.where(sql<SqlBool>`is_deleted = 1`),
      filters,
      this.plain(tx, tx.db),
    )
      .where('id', 'in', ids)
      .execute()) as DynamicRow[];
    if (rows.length === 0) throw new AppError(404, 'rowNotFound');
    return rows;
  }

  /**
   * Brings removed rows back, each as a recorded change; refused, and nothing restored, when a
   * row would break a rule: its unique value taken by a live row, its parent removed, a reference
   * no longer live, or the resource's own write rules (`beforeWrite` in mode `restore`: the roles
   * the caller may hand out, account limits, quotas).
   */
  async restore(ctx: ResourceContext, ids: number[], revert?: Revert): Promise<number> {
    if (ids.length === 0) throw new AppError(400, 'idsRequired');
    const restored = await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      const rows = await this.binned(tx, ids, true);
      const restoring = new Set(rows.map((r) => String(r.id)));
      for (const row of rows) {
        try {
          await this.checkUnique(tx, row, Number(row.id));
        } catch (error) {
          if (error instanceof AppError && error.key === 'duplicate')
            throw new AppError(409, 'restoreDuplicate', error.params);
          throw error;
        }
        await this.checkParent(tx, row, restoring);
        await checkReferences(tx, row, undefined);
      }
      const now = utcNow();
      for (const row of rows) {
        const id = Number(row.id);
        const changes: DynamicRow = { is_deleted: 0, update_user: ctx.auth.userId, update_time: now };
        await this.hooks.beforeWrite?.(tx, changes, 'restore', id);
        await tx.db
          .updateTable(this.resource.table)
          .set(changes)
          .where('id', '=', id)
          .where('is_deleted', '=', 1)
          .execute();
        await this.hooks.afterWrite?.(tx, id, 'restore', changes);
        await this.record(tx, id, revert?.action ?? 'restore', [], revert?.of);
      }
      return rows.map((r) => Number(r.id));
    });
    this.deps.data.writes.bump(this.resource.table);
    for (const id of restored) await this.committed(ctx, id, 'edit');
    return restored.length;
  }

  /** Removes rows of the recycle bin for good; their history stays until it is pruned. */
  async purge(ctx: ResourceContext, ids: number[]): Promise<number> {
    if (ids.length === 0) throw new AppError(400, 'idsRequired');
    const purged = await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      const gone = (await this.binned(tx, ids, false)).map((r) => Number(r.id));
      // Removing's own checks (who may remove such a row), nothing given back twice.
      await this.hooks.beforeRemove?.(tx, gone, 'purge');
      await tx.db
        .deleteFrom(this.resource.table)
        .where('id', 'in', gone)
        .where('is_deleted', '=', 1)
        .execute();
      for (const id of gone) await this.record(tx, id, 'purge', []);
      return gone.length;
    });
    this.deps.data.writes.bump(this.resource.table);
    return purged;
  }

  /** A restored tree row needs a live parent (or one restored with it). */
  /** The resource's own refusal of a restore or undo putting `values` back (see ResourceHooks). */
  async checkRestore(
    ctx: ResourceContext,
    rowId: number,
    values: DynamicRow,
    version: number,
  ): Promise<void> {
    await this.hooks.checkRestore?.(ctx, rowId, values, version);
  }

  async checkParent(ctx: ResourceContext, row: DynamicRow, restoring: Set<string>): Promise<void> {
    if (!this.resource.tree) return;
    const field = this.resource.fields.find((f) => f.name === this.resource.tree?.parent);
    const parent = row[columnOf(this.resource.tree.parent)];
    if (parent === null || parent === undefined || String(parent) === '0' || restoring.has(String(parent)))
      return;
    const live = await ctx.db
      .selectFrom(this.resource.table)
      .select('id')
      .where('id', '=', parent as number)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!live) throw new AppError(409, 'restoreParentGone', { field: field?.label[ctx.lang] ?? 'parent' });
  }

  private async checkUnique(ctx: ResourceContext, row: DynamicRow, id: number): Promise<void> {
    for (const name of this.resource.unique ?? []) {
      const column = columnOf(name);
      if (row[column] === undefined) continue;
      const clash = await ctx.db
        .selectFrom(this.resource.table)
        .select('id')
        .where(column, '=', row[column])
        .where('id', '!=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (clash) {
        const field = this.resource.fields.find((f) => f.name === name);
        throw new AppError(409, 'duplicate', { field: field?.label[ctx.lang] ?? name }, { field: name });
      }
    }
  }
}

/** Nests rows into tree nodes (BladeX TreeNode shape: id, parentId, title, key, value, children). */
export function toTree(resource: ResourceDef, rows: DynamicRow[]): DynamicRow[] {
  const tree = resource.tree!;
  const nodes = new Map<string, DynamicRow & { children: DynamicRow[] }>();
  for (const r of rows) {
    nodes.set(String(r.id), {
      ...r,
      title: r[tree.title],
      key: r.id,
      value: r.id,
      children: [],
    });
  }
  const roots: DynamicRow[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(String(node[tree.parent]));
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const node of nodes.values()) node.hasChildren = node.children.length > 0;
  return roots;
}
