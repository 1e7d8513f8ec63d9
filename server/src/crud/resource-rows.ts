import { columnOf, type ResourceDef } from '@blade/schema';
import { type SqlBool, sql } from 'kysely';
import { AppError } from '../core/errors.js';
import { nextId } from '../core/ids.js';
import { redactText } from '../core/redact.js';
import { utcNow } from '../core/time.js';
import { toWireRows } from '../core/wire.js';
import type { DialectName } from '../db/database.js';
import type { DynamicDb, DynamicRow } from '../db/dynamic-db.js';
import type { ServiceDeps } from './deps.js';
import { type FieldChange, type HistoryAction, recordChange } from './history.js';
import type { BoundHooks, ResourceContext } from './hooks.js';
import type { Filter } from './list-query.js';
import { plainScope } from './list-support.js';
import { applyFilters, type Select, type Where } from './row-conditions.js';
import { timeOrderProblem } from './validation.js';

/**
 * The context of a step inside a transaction: both handles a hook might reach for, the
 * resource's and the caller's, are the transaction (on SQLite a query outside it would wait for
 * the one connection the transaction holds).
 */
export function within(ctx: ResourceContext, trx: unknown): ResourceContext {
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
 * What the reads and writes of one resource share: its handles, its live rows under the caller's
 * read scope, how rows leave it, and the checks and records of every write.
 */
export class ResourceRows {
  /** Declared date and time fields, shown in the server's time zone. */
  private readonly timeFields: ReadonlySet<string>;

  /** Columns of the times a declared order ties together (read to check an update against). */
  private readonly orderedColumns: string[];

  constructor(
    readonly resource: ResourceDef,
    readonly deps: ServiceDeps,
    readonly hooks: BoundHooks = {},
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

  dialect(ctx: ResourceContext): DialectName {
    return ctx.dialect ?? this.deps.data.dialect;
  }

  /** The counter key of the caller's rows: its tenant for tenant-owned resources. */
  owner(ctx: ResourceContext): string | undefined {
    return this.resource.tenant ? ctx.auth.tenantId : undefined;
  }

  /** Conditions without the list helpers (reads and writes of single rows, unpaged lists). */
  plain(ctx: ResourceContext, db: DynamicDb): Where {
    return { scope: plainScope(db, this.dialect(ctx), this.resource.table, this.owner(ctx)), walk: false };
  }

  /** Live rows within the caller's read scope. */
  async base(ctx: ResourceContext, db: DynamicDb = ctx.db): Promise<Select> {
    return this.live(db, this.plain(ctx, db), (await this.hooks.readScope?.(ctx)) ?? []);
  }

  /** Live rows of the table under the given conditions. */
  live(db: DynamicDb, where: Where, filters: Filter[]): Select {
    // A literal, not a parameter, so partial indexes on live rows apply.
    const q: Select = db.selectFrom(this.resource.table).where(sql<SqlBool>`is_deleted = 0`);
    return applyFilters(q, filters, where);
  }

  /** Rows as answers: decorated by the resource's hook, in the wire shape. */
  async out(ctx: ResourceContext, rows: DynamicRow[]) {
    await this.hooks.decorate?.(ctx, rows);
    return toWireRows(rows, this.deps.config.timeZone, this.timeFields);
  }

  /** Refuses times out of their declared order, the stored ones standing in for those left out. */
  checkTimeOrder(ctx: ResourceContext, values: DynamicRow, stored: DynamicRow = {}): void {
    if (this.orderedColumns.length === 0) return;
    const problem = timeOrderProblem(this.resource, values, ctx.lang, stored);
    if (problem) throw new AppError(400, 'declared', { text: problem.message }, { field: problem.field });
  }

  /** Runs the after-commit hook: the write stands when it fails, and the error log keeps why. */
  async committed(ctx: ResourceContext, id: number, mode: 'add' | 'edit'): Promise<void> {
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

  /** The history row of a change, in the change's transaction (where the context keeps history). */
  async record(
    tx: ResourceContext,
    id: number,
    action: HistoryAction,
    changes: FieldChange[],
    reverts?: number,
  ): Promise<void> {
    if (tx.history !== false) await recordChange(tx, id, action, changes, reverts);
  }

  /** Refuses a row whose declared unique values a live row holds already. */
  async checkUnique(ctx: ResourceContext, row: DynamicRow, id: number): Promise<void> {
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
