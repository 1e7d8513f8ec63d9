import type { ResourceDef } from '@blade/schema';
import type { AuthContext } from '../core/http.js';
import type { Language } from '../core/messages.js';
import type { DialectName } from '../db/database.js';
import type { DynamicDb, DynamicRow } from '../db/dynamic-db.js';
import type { Filter, ListQuery } from './list-query.js';

/** What a call on a resource knows: the resource, the caller, its database and language. */
export interface ResourceContext {
  resource: ResourceDef;
  auth: AuthContext;
  db: DynamicDb;
  /** The dialect of `db` when it is not the built-in database's (a tenant's bound data source). */
  dialect?: DialectName;
  lang: Language;
  /** The request the call serves, kept with the history of its changes. */
  requestId?: string;
  /**
   * False where no change history can be kept beside the rows: a generated resource in an
   * outside data source, whose database the server does not migrate.
   */
  history?: boolean;
}

/**
 * The write a hook is told of: a new row, a change, or a removed row brought back from the recycle
 * bin (its values are the row as stored; the hook checks what a new row would be checked for).
 */
export type WriteMode = 'add' | 'edit' | 'restore';

/** Whether removed rows are being removed (they go to the recycle bin) or purged from it for good. */
export type RemoveMode = 'remove' | 'purge';

/** What a hook knows: the call, and the services its module declares it uses (`S`), nothing more. */
export interface HookContext<S> extends ResourceContext {
  services: S;
}

/**
 * The points where a resource's own behaviour joins the generic CRUD, on contexts `C`.
 * Function-typed properties (not methods), so a hook that needs services cannot be passed where
 * none are given.
 */
interface HookPoints<C extends ResourceContext> {
  /** Body keys other clients use for a field (SpringBlade names), renamed before validation. */
  bodyAliases?: Record<string, string>;
  /** The rows a remove call names another way than by `ids` (undefined: it names them by ids). */
  removeIds?: (ctx: C, query: Record<string, unknown>) => Promise<number[] | undefined>;
  /**
   * Check column values before the write's transaction begins (checks that reach other
   * databases, which must not wait on a connection the transaction holds); throw to refuse.
   */
  validate?: (ctx: C, values: DynamicRow, mode: WriteMode, id: number) => Promise<void> | void;
  /** Adjust or check column values before an insert, update or restore; throw an AppError to refuse. */
  beforeWrite?: (ctx: C, values: DynamicRow, mode: WriteMode, id: number) => Promise<void> | void;
  /** After a successful insert, update or restore, in the same transaction. */
  afterWrite?: (ctx: C, id: number, mode: WriteMode, values: DynamicRow) => Promise<void> | void;
  /** After an insert or update has been committed (announcements, caches); failures do not undo it. */
  afterCommit?: (ctx: C, id: number, mode: 'add' | 'edit') => Promise<void> | void;
  /**
   * Before a restore or an undo puts `values` back on a row; `version`
   * is the history row gone back to (ids are time-ordered). Throw to refuse a restore that would
   * break a rule the row's history cannot see (stock sold since).
   */
  checkRestore?: (ctx: C, rowId: number, values: DynamicRow, version: number) => Promise<void> | void;
  /**
   * Before rows are removed, or purged from the recycle bin (`mode`: what was undone on removal,
   * places and stock given back, is not undone twice); throw to refuse.
   */
  beforeRemove?: (ctx: C, ids: number[], mode: RemoveMode) => Promise<void> | void;
  /** Conditions every read of this resource gets (data scope); all must hold. */
  readScope?: (ctx: C) => Promise<Filter[]> | Filter[];
  /** Extra conditions of a paged list from its query (a department and its children, …). */
  listFilters?: (ctx: C, list: ListQuery) => Promise<Filter[]> | Filter[];
  /**
   * Fields added to the answer of the submit or save that created or changed the row, and to no
   * other answer (a one-time password shown once).
   */
  answer?: (ctx: C, id: number, mode: 'add' | 'edit') => DynamicRow | undefined;
  /** Adds fields to rows on their way out (names of related rows and the like). */
  decorate?: (ctx: C, rows: DynamicRow[]) => Promise<void> | void;
}

/**
 * Extra behaviour of a resource beyond the generic CRUD (password hashing, session revocation,
 * cascades), as its module writes it: `S` names the services the hooks use (`unknown`: none),
 * e.g. `ResourceHooks<Pick<Services, 'hasher' | 'sessions'>>`. Hooks run inside the write's
 * transaction when they receive `db`.
 */
export type ResourceHooks<S = unknown> = HookPoints<HookContext<S>>;

/** The hooks one module attaches, by resource name (modules/hooks.ts collects every module's). */
export type HooksByResource<S = unknown> = Readonly<Record<string, ResourceHooks<S>>>;

/** Hooks given their services: what the generic CRUD runs, on contexts that carry no services. */
export type BoundHooks = HookPoints<ResourceContext>;

/**
 * A resource's hooks with the services they declared: each hook receives the call's context
 * with `services` added. `services` is checked against what the hooks declare, not inferred
 * from it, so the caller must hold every service the hooks name.
 */
export function bindHooks<S>(hooks: ResourceHooks<S>, services: NoInfer<S>): BoundHooks {
  const on = (ctx: ResourceContext): HookContext<S> => ({ ...ctx, services });
  const { bodyAliases, removeIds, validate, beforeWrite, afterWrite, afterCommit } = hooks;
  const { checkRestore, beforeRemove, readScope, listFilters, answer, decorate } = hooks;
  // Every hook point named, so one added to HookPoints cannot be left unbound.
  const bound: { [K in keyof Required<BoundHooks>]: BoundHooks[K] } = {
    bodyAliases,
    removeIds: removeIds && ((ctx, query) => removeIds(on(ctx), query)),
    validate: validate && ((ctx, values, mode, id) => validate(on(ctx), values, mode, id)),
    beforeWrite: beforeWrite && ((ctx, values, mode, id) => beforeWrite(on(ctx), values, mode, id)),
    afterWrite: afterWrite && ((ctx, id, mode, values) => afterWrite(on(ctx), id, mode, values)),
    afterCommit: afterCommit && ((ctx, id, mode) => afterCommit(on(ctx), id, mode)),
    checkRestore:
      checkRestore && ((ctx, rowId, values, version) => checkRestore(on(ctx), rowId, values, version)),
    beforeRemove: beforeRemove && ((ctx, ids, mode) => beforeRemove(on(ctx), ids, mode)),
    readScope: readScope && ((ctx) => readScope(on(ctx))),
    listFilters: listFilters && ((ctx, list) => listFilters(on(ctx), list)),
    answer: answer && ((ctx, id, mode) => answer(on(ctx), id, mode)),
    decorate: decorate && ((ctx, rows) => decorate(on(ctx), rows)),
  };
  return bound;
}

/** Each module's hooks bound to the services they declare (see bindHooks). */
export function bindModuleHooks<S>(
  hooks: HooksByResource<S>,
  services: NoInfer<S>,
): Record<string, BoundHooks> {
  return Object.fromEntries(Object.entries(hooks).map(([name, h]) => [name, bindHooks(h, services)]));
}
