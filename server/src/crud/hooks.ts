import type { ResourceDef } from '@blade/schema';
import type { AuthContext } from '../core/http.js';
import type { Language } from '../core/messages.js';
import type { DialectName } from '../db/database.js';
import type { DynamicDb, DynamicRow } from '../db/dynamic-db.js';
import type { Services } from '../services.js';
import type { Filter, ListQuery } from './list-query.js';

/** What a hook knows about the call it runs in. */
export interface ResourceContext {
  resource: ResourceDef;
  auth: AuthContext;
  db: DynamicDb;
  /** The dialect of `db` when it is not the built-in database's (a tenant's bound data source). */
  dialect?: DialectName;
  lang: Language;
  services: Services;
  /** The request the call serves, kept with the history of its changes. */
  requestId?: string;
  /**
   * False where no change history can be kept beside the rows: a generated resource in an
   * outside data source, whose database the server does not migrate.
   */
  history?: boolean;
}

/**
 * Extra behaviour of a resource beyond the generic CRUD (password hashing, session revocation,
 * cascades). Hooks run inside the write's transaction when they receive `db`.
 */
export interface ResourceHooks {
  /** Body keys other clients use for a field (SpringBlade names), renamed before validation. */
  bodyAliases?: Record<string, string>;
  /** The rows a remove call names another way than by `ids` (undefined: it names them by ids). */
  removeIds?(ctx: ResourceContext, query: Record<string, unknown>): Promise<number[] | undefined>;
  /**
   * Check column values before the write's transaction begins (checks that reach other
   * databases, which must not wait on a connection the transaction holds); throw to refuse.
   */
  validate?(ctx: ResourceContext, values: DynamicRow, mode: 'add' | 'edit', id: number): Promise<void> | void;
  /** Adjust or check column values before an insert or update; throw an AppError to refuse. */
  beforeWrite?(
    ctx: ResourceContext,
    values: DynamicRow,
    mode: 'add' | 'edit',
    id: number,
  ): Promise<void> | void;
  /** After a successful insert or update, in the same transaction. */
  afterWrite?(
    ctx: ResourceContext,
    id: number,
    mode: 'add' | 'edit',
    values: DynamicRow,
  ): Promise<void> | void;
  /** After an insert or update has been committed (announcements, caches); failures do not undo it. */
  afterCommit?(ctx: ResourceContext, id: number, mode: 'add' | 'edit'): Promise<void> | void;
  /**
   * Before a restore or an undo puts `values` back on a row; `version`
   * is the history row gone back to (ids are time-ordered). Throw to refuse a restore that would
   * break a rule the row's history cannot see (stock sold since).
   */
  checkRestore?(
    ctx: ResourceContext,
    rowId: number,
    values: DynamicRow,
    version: number,
  ): Promise<void> | void;
  /** Before rows are removed; throw to refuse. */
  beforeRemove?(ctx: ResourceContext, ids: number[]): Promise<void> | void;
  /** Conditions every read of this resource gets (data scope); all must hold. */
  readScope?(ctx: ResourceContext): Promise<Filter[]> | Filter[];
  /** Extra conditions of a paged list from its query (a department and its children, …). */
  listFilters?(ctx: ResourceContext, list: ListQuery): Promise<Filter[]> | Filter[];
  /**
   * Fields added to the answer of the submit or save that created or changed the row, and to no
   * other answer (a one-time password shown once).
   */
  answer?(ctx: ResourceContext, id: number, mode: 'add' | 'edit'): DynamicRow | undefined;
  /** Adds fields to rows on their way out (names of related rows and the like). */
  decorate?(ctx: ResourceContext, rows: DynamicRow[]): Promise<void> | void;
}

/** The hooks one module attaches, by resource name (modules/hooks.ts collects every module's). */
export type HooksByResource = Readonly<Record<string, ResourceHooks>>;
