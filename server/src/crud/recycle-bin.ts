import { columnOf, type Page } from '@blade/schema';
import { type SqlBool, sql } from 'kysely';
import { AppError } from '../core/errors.js';
import { utcNow } from '../core/time.js';
import { pageOf } from '../core/wire.js';
import type { DynamicRow } from '../db/dynamic-db.js';
import type { Revert } from './history.js';
import type { ResourceContext } from './hooks.js';
import { checkReferences } from './references.js';
import { type ResourceRows, within } from './resource-rows.js';
import { applyFilters, type Select } from './row-conditions.js';
import { outputColumns } from './row-shapes.js';

/** The recycle bin of one resource: its removed rows, brought back or removed for good. */
export class RecycleBin {
  constructor(private readonly rows: ResourceRows) {}

  /** Removed rows (the recycle bin) removed since `since`, newest first, within the read scope. */
  async removed(
    ctx: ResourceContext,
    page: { current: number; size: number },
    since: string,
  ): Promise<Page<DynamicRow>> {
    const filters = (await this.rows.hooks.readScope?.(ctx)) ?? [];
    const where = this.rows.plain(ctx, ctx.db);
    const query = applyFilters(
      ctx.db
        .selectFrom(this.rows.resource.table)
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
      .select([...outputColumns(this.rows.resource), 'update_time'])
      .orderBy('update_time', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    return pageOf(await this.rows.out(ctx, rows), total, page);
  }

  /** The removed rows among `ids` within the caller's read scope: whole, or only their ids. */
  private async binned(tx: ResourceContext, ids: number[], whole: boolean): Promise<DynamicRow[]> {
    const filters = (await this.rows.hooks.readScope?.(tx)) ?? [];
    const from = tx.db.selectFrom(this.rows.resource.table);
    const selected: Select = whole ? from.selectAll() : from.select('id');
    const rows = (await applyFilters(
      selected.where(sql<SqlBool>`is_deleted = 1`),
      filters,
      this.rows.plain(tx, tx.db),
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
          await this.rows.checkUnique(tx, row, Number(row.id));
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
        await this.rows.hooks.beforeWrite?.(tx, changes, 'restore', id);
        await tx.db
          .updateTable(this.rows.resource.table)
          .set(changes)
          .where('id', '=', id)
          .where('is_deleted', '=', 1)
          .execute();
        await this.rows.hooks.afterWrite?.(tx, id, 'restore', changes);
        await this.rows.record(tx, id, revert?.action ?? 'restore', [], revert?.of);
      }
      return rows.map((r) => Number(r.id));
    });
    this.rows.deps.data.writes.bump(this.rows.resource.table);
    for (const id of restored) await this.rows.committed(ctx, id, 'edit');
    return restored.length;
  }

  /** Removes rows of the recycle bin for good; their history stays until it is pruned. */
  async purge(ctx: ResourceContext, ids: number[]): Promise<number> {
    if (ids.length === 0) throw new AppError(400, 'idsRequired');
    const purged = await ctx.db.transaction().execute(async (trx) => {
      const tx = within(ctx, trx);
      const gone = (await this.binned(tx, ids, false)).map((r) => Number(r.id));
      // Removing's own checks (who may remove such a row), nothing given back twice.
      await this.rows.hooks.beforeRemove?.(tx, gone, 'purge');
      await tx.db
        .deleteFrom(this.rows.resource.table)
        .where('id', 'in', gone)
        .where('is_deleted', '=', 1)
        .execute();
      for (const id of gone) await this.rows.record(tx, id, 'purge', []);
      return gone.length;
    });
    this.rows.deps.data.writes.bump(this.rows.resource.table);
    return purged;
  }

  /** A restored tree row needs a live parent (or one restored with it). */
  async checkParent(ctx: ResourceContext, row: DynamicRow, restoring: Set<string>): Promise<void> {
    if (!this.rows.resource.tree) return;
    const field = this.rows.resource.fields.find((f) => f.name === this.rows.resource.tree?.parent);
    const parent = row[columnOf(this.rows.resource.tree.parent)];
    if (parent === null || parent === undefined || String(parent) === '0' || restoring.has(String(parent)))
      return;
    const live = await ctx.db
      .selectFrom(this.rows.resource.table)
      .select('id')
      .where('id', '=', parent as number)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!live) throw new AppError(409, 'restoreParentGone', { field: field?.label[ctx.lang] ?? 'parent' });
  }
}
