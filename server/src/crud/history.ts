import { columnOf, type ResourceDef } from '@blade/schema';
import { nextId } from '../core/ids.js';
import { isSecretName } from '../core/redact.js';
import { utcNow } from '../core/time.js';
import type { DynamicRow } from '../db/dynamic-db.js';
import type { ResourceContext } from './hooks.js';

/** What a history row records: a row created, changed, removed, brought back or purged, or a role's grants. */
export type HistoryAction = 'create' | 'update' | 'delete' | 'restore' | 'undo' | 'purge' | 'grant';

/** A write that goes back: to the state after a change (`restore`) or taking one change back (`undo`). */
export interface Revert {
  of: number;
  action: 'restore' | 'undo';
}

/**
 * One field's difference, by its declared (wire) name. A secret field carries neither value,
 * only that it changed: its history can be shown, never read back.
 */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: true;
}

interface Tracked {
  field: string;
  column: string;
  secret: boolean;
}

const trackedCache = new WeakMap<ResourceDef, Tracked[]>();

/** The columns whose changes are kept: the declared stored fields, and the row's status. */
export function trackedColumns(resource: ResourceDef): Tracked[] {
  let tracked = trackedCache.get(resource);
  if (!tracked) {
    tracked = resource.fields
      // A virtual secret (a password) is still stored by its hook, under its own name.
      .filter((f) => !f.virtual || f.secret)
      .map((f) => ({ field: f.name, column: columnOf(f.name), secret: Boolean(f.secret) }));
    if (!tracked.some((t) => t.column === 'status'))
      tracked.push({ field: 'status', column: 'status', secret: false });
    // Sealed values and passwords are secrets whatever the declaration says.
    for (const t of tracked) t.secret ||= isSecretName(t.column);
    trackedCache.set(resource, tracked);
  }
  return tracked;
}

/** Values compare as text: PostgreSQL answers bigints as strings, the body has numbers. */
const same = (a: unknown, b: unknown): boolean =>
  (a === undefined || a === null ? null : String(a)) === (b === undefined || b === null ? null : String(b));

/** Stored values as JSON keeps them (bigints as text). */
const stored = (value: unknown): unknown => (typeof value === 'bigint' ? String(value) : (value ?? null));

/**
 * The field-level difference between two states of a row (undefined: the row did not exist).
 * Columns `after` does not name are unchanged.
 */
export function difference(
  resource: ResourceDef,
  before: DynamicRow | undefined,
  after: DynamicRow | undefined,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const t of trackedColumns(resource)) {
    const was = before?.[t.column];
    const now = after && t.column in after ? after[t.column] : was;
    if (same(was, now)) continue;
    changes.push(
      t.secret
        ? { field: t.field, secret: true }
        : { field: t.field, before: stored(was), after: stored(now) },
    );
  }
  return changes;
}

/** What writing a history row needs: a resource context, or the same few parts of one. */
export type HistoryWriter = Pick<ResourceContext, 'db' | 'requestId'> & {
  auth: Pick<ResourceContext['auth'], 'tenantId' | 'userId' | 'account'>;
  resource: { name: string };
};

/**
 * Writes one history row with the caller's handle: inside a write's transaction it commits or
 * rolls back with the change itself. Answers the history row's id.
 */
export async function recordChange(
  ctx: HistoryWriter,
  rowId: number,
  action: HistoryAction,
  changes: FieldChange[],
  reverts?: number,
): Promise<number> {
  const id = nextId();
  await ctx.db
    .insertInto('blade_data_history')
    .values({
      id,
      tenant_id: ctx.auth.tenantId,
      resource: ctx.resource.name,
      row_id: rowId,
      action,
      changes: JSON.stringify(changes),
      reverts: reverts ?? null,
      request_id: ctx.requestId ?? null,
      create_user: ctx.auth.userId,
      create_by: ctx.auth.account,
      create_time: utcNow(),
    })
    .execute();
  return id;
}

/** The difference of two id lists, as sorted comma-joined text (a role's grants). */
export function idsChange(field: string, before: number[], after: number[]): FieldChange | undefined {
  const text = (ids: number[]) => [...new Set(ids.map(String))].sort().join(',');
  return text(before) === text(after) ? undefined : { field, before: text(before), after: text(after) };
}
