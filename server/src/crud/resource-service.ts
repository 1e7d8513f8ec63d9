import { columnOf, type Page, type ResourceDef, SECRET_MASK } from '@blade/schema';
import { AppError } from '../core/errors.js';
import { nextId } from '../core/ids.js';
import { utcNow } from '../core/time.js';
import { created } from '../db/audit.js';
import type { DynamicDb, DynamicRow } from '../db/dynamic-db.js';
import type { ServiceDeps } from './deps.js';
import { difference, type Revert } from './history.js';
import type { BoundHooks, ResourceContext } from './hooks.js';
import { ListPages } from './list-pages.js';
import type { ListQuery } from './list-query.js';
import { RecycleBin } from './recycle-bin.js';
import { checkReferences } from './references.js';
import { ResourceRows, within } from './resource-rows.js';
import { applyFilters, type IdQuery } from './row-conditions.js';
import { outputColumns } from './row-shapes.js';

// The routes find it here.
export { toTree } from './row-shapes.js';

/**
 * The generic operations behind every resource's endpoints. Each takes the caller's context;
 * the database handle in it is tenant-scoped, and the resource's read scope (data scope) is
 * ANDed into every read. Paged lists are `ListPages`', the recycle bin `RecycleBin`'s.
 */
export class ResourceService {
  private readonly rows: ResourceRows;
  private readonly pages: ListPages;
  private readonly bin: RecycleBin;

  constructor(
    readonly resource: ResourceDef,
    deps: ServiceDeps,
    hooks: BoundHooks = {},
  ) {
    this.rows = new ResourceRows(resource, deps, hooks);
    this.pages = new ListPages(this.rows);
    this.bin = new RecycleBin(this.rows);
  }

  /** One page with its exact total (see ListPages.page). */
  page(ctx: ResourceContext, list: ListQuery): Promise<Page<DynamicRow>> {
    return this.pages.page(ctx, list);
  }

  /** Every matching row (lists that are not paged: dictionaries, selects, trees). */
  async all(
    ctx: ResourceContext,
    list: Pick<ListQuery, 'filters' | 'order'>,
    limit = 5000,
  ): Promise<DynamicRow[]> {
    let q = applyFilters(await this.rows.base(ctx), list.filters, this.rows.plain(ctx, ctx.db)).select(
      outputColumns(this.resource),
    );
    for (const o of list.order) q = q.orderBy(o.column, o.direction);
    return this.rows.out(ctx, await q.orderBy('id', 'asc').limit(limit).execute());
  }

  async detail(ctx: ResourceContext, id: number): Promise<DynamicRow> {
    const row = await (await this.rows.base(ctx))
      .select(outputColumns(this.resource))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'rowNotFound');
    return (await this.rows.out(ctx, [row]))[0]!;
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
      ? await (await this.rows.base(ctx))
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
    this.rows.checkTimeOrder(ctx, row);
    await this.rows.hooks.validate?.(ctx, row, 'add', id);
    await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      await checkReferences(tx, row, undefined);
      await this.rows.hooks.beforeWrite?.(tx, row, 'add', id);
      await this.rows.checkUnique(tx, row, id);
      await tx.db.insertInto(this.resource.table).values(row).execute();
      await this.rows.hooks.afterWrite?.(tx, id, 'add', row);
      await this.rows.record(tx, id, 'create', difference(this.resource, undefined, row));
    });
    this.rows.deps.data.writes.bump(this.resource.table);
    await this.rows.committed(ctx, id, 'add');
    return id;
  }

  /** Changes a live row; `revert` names the history row a restore or an undo goes back to. */
  async update(ctx: ResourceContext, id: number, values: DynamicRow, revert?: Revert): Promise<number> {
    const changes: DynamicRow = { ...values, update_user: ctx.auth.userId, update_time: utcNow() };
    await this.rows.hooks.validate?.(ctx, changes, 'edit', id);
    await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      const existing = await (await this.rows.base(tx, tx.db))
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!existing) throw new AppError(404, 'rowNotFound');
      this.rows.checkTimeOrder(ctx, changes, existing);
      await checkReferences(tx, changes, existing);
      await this.rows.hooks.beforeWrite?.(tx, changes, 'edit', id);
      await this.rows.checkUnique(tx, changes, id);
      await tx.db
        .updateTable(this.resource.table)
        .set(changes)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .execute();
      await this.rows.hooks.afterWrite?.(tx, id, 'edit', changes);
      const diff = difference(this.resource, existing, changes);
      if (diff.length || revert) await this.rows.record(tx, id, revert?.action ?? 'update', diff, revert?.of);
    });
    this.rows.deps.data.writes.bump(this.resource.table);
    await this.rows.committed(ctx, id, 'edit');
    return id;
  }
  /** Soft delete of the caller's visible rows among `ids`; answers how many were removed. */
  async remove(ctx: ResourceContext, ids: number[]): Promise<number> {
    if (ids.length === 0) throw new AppError(400, 'idsRequired');
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      const visible = (
        await (await this.rows.base(tx, tx.db)).select('id').where('id', 'in', ids).execute()
      ).map((r) => Number(r.id));
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
      await this.rows.hooks.beforeRemove?.(tx, visible, 'remove');
      await tx.db
        .updateTable(this.resource.table)
        .set({ is_deleted: 1, update_user: ctx.auth.userId, update_time: utcNow() })
        .where('id', 'in', visible)
        .execute();
      for (const id of visible) await this.rows.record(tx, id, 'delete', []);
      return visible.length;
    });
    this.rows.deps.data.writes.bump(this.resource.table);
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
      (
        await (await this.rows.base(ctx)).select(parent).where(parent, 'in', ids).groupBy(parent).execute()
      ).map((r) => String(r[parent])),
    );
    return rows.map((r) => ({ ...r, hasChildren: withChildren.has(String(r.id)) }));
  }
  /**
   * The ids of rows, live or removed, within the caller's read scope, as a query on `db` (a handle
   * holding this resource's table); undefined when the scope holds every row.
   */
  async scopedIds(ctx: ResourceContext, db: DynamicDb = ctx.db): Promise<IdQuery | undefined> {
    const filters = (await this.rows.hooks.readScope?.(ctx)) ?? [];
    if (filters.length === 0) return undefined;
    return applyFilters(db.selectFrom(this.resource.table).select('id'), filters, this.rows.plain(ctx, db));
  }

  /**
   * Whether a row, live or removed, is within the caller's read scope; a row gone for good is
   * only when the scope holds every row (its history tells what it was).
   */
  async inScope(ctx: ResourceContext, id: number): Promise<boolean> {
    const ids = await this.scopedIds(ctx);
    return !ids || (await ids.where('id', '=', id).executeTakeFirst()) !== undefined;
  }
  /** The resource's own refusal of a restore or undo putting `values` back (see ResourceHooks). */
  async checkRestore(
    ctx: ResourceContext,
    rowId: number,
    values: DynamicRow,
    version: number,
  ): Promise<void> {
    await this.rows.hooks.checkRestore?.(ctx, rowId, values, version);
  }

  /** Removed rows (the recycle bin) removed since `since`, newest first, within the read scope. */
  removed(
    ctx: ResourceContext,
    page: { current: number; size: number },
    since: string,
  ): Promise<Page<DynamicRow>> {
    return this.bin.removed(ctx, page, since);
  }

  /** Brings removed rows back (see RecycleBin.restore). */
  restore(ctx: ResourceContext, ids: number[], revert?: Revert): Promise<number> {
    return this.bin.restore(ctx, ids, revert);
  }

  /** Removes rows of the recycle bin for good; their history stays until it is pruned. */
  purge(ctx: ResourceContext, ids: number[]): Promise<number> {
    return this.bin.purge(ctx, ids);
  }

  /** A restored tree row needs a live parent (or one restored with it). */
  checkParent(ctx: ResourceContext, row: DynamicRow, restoring: Set<string>): Promise<void> {
    return this.bin.checkParent(ctx, row, restoring);
  }
}
