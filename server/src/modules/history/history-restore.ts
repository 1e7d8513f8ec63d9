import { columnOf, type ResourceDef } from '@blade/schema';
import { AppError } from '../../core/errors.js';
import type { Language } from '../../core/messages.js';
import type { FieldChange } from '../../crud/history.js';
import type { ResourceContext } from '../../crud/hooks.js';
import type { ResourceService } from '../../crud/resource-service.js';
import type { DynamicRow } from '../../db/dynamic-db.js';
import { type HistoryEntry, laterChanges } from './history-store.js';

const STATUS = { zh: '状态', en: 'Status' };

/** A field's label in the caller's language (status is an audit column, not declared). */
export function fieldLabel(resource: ResourceDef, field: string, lang: Language): string {
  const declared = resource.fields.find((f) => f.name === field);
  return (declared?.label ?? (field === 'status' ? STATUS : undefined))?.[lang] ?? field;
}

/** A unique clash found while writing a restore is refused in the restore's words. */
async function asRestore<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.key === 'duplicate')
      throw new AppError(409, 'restoreDuplicate', error.params);
    throw error;
  }
}

/** Whether the row exists and is removed; throws when it is gone for good (purged). */
async function isRemoved(ctx: ResourceContext, rowId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom(ctx.resource.table)
    .select('is_deleted')
    .where('id', '=', rowId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'rowNotFound');
  return Number(row.is_deleted) === 1;
}

const readable = (c: FieldChange) => !c.secret;

/**
 * Puts a row back as it was right after `version`: every field changed since takes the value
 * it had then (secret fields, never kept, stay as they are); a removed row comes back first.
 * Both steps are recorded changes that name the version.
 */
export async function restoreVersion(
  ctx: ResourceContext,
  service: ResourceService,
  version: HistoryEntry,
): Promise<void> {
  if (version.action === 'grant') throw new AppError(400, 'historyNotRestorable');
  if (version.action === 'delete' || version.action === 'purge') throw new AppError(400, 'restoreNotVersion');
  const values: DynamicRow = {};
  // Grants are not columns of the row: a version is its fields.
  for (const later of (await laterChanges(ctx.db, version)).filter((l) => l.action !== 'grant')) {
    for (const change of later.changes.filter(readable)) {
      const column = columnOf(change.field);
      if (!(column in values)) values[column] = change.before;
    }
  }
  const back = { of: version.id, action: 'restore' } as const;
  if (await isRemoved(ctx, version.rowId)) await service.restore(ctx, [version.rowId], back);
  if (Object.keys(values).length === 0) return;
  await service.checkParent(ctx, values, new Set());
  await service.checkRestore(ctx, version.rowId, values, version.id);
  await asRestore(() => service.update(ctx, version.rowId, values, back));
}

/**
 * Takes back one change as a new change: a create by removing the row, a removal by restoring
 * it, an edit by putting its fields back, refused when a field was changed again since (the
 * operator restores a version then) or when only secret fields changed.
 */
export async function undoChange(
  ctx: ResourceContext,
  service: ResourceService,
  change: HistoryEntry,
): Promise<void> {
  const { resource, lang } = ctx;
  const undo = { of: change.id, action: 'undo' } as const;
  // A row brought back (restored, or a removal undone) has no field changes: undoing it removes it.
  const broughtBack =
    (change.action === 'restore' || change.action === 'undo') && change.changes.length === 0;
  if (change.action === 'create' || broughtBack) {
    await service.remove(ctx, [change.rowId]);
    return;
  }
  if (change.action === 'delete') {
    await service.restore(ctx, [change.rowId], undo);
    return;
  }
  if (change.action === 'grant') throw new AppError(400, 'historyNotRestorable');
  if (change.action !== 'update' && change.action !== 'restore' && change.action !== 'undo')
    throw new AppError(404, 'rowNotFound');
  const fields = change.changes.filter(readable);
  if (fields.length === 0) {
    const secret = change.changes[0];
    throw new AppError(400, 'undoSecret', { field: secret ? fieldLabel(resource, secret.field, lang) : '' });
  }
  const later = await laterChanges(ctx.db, change);
  const values: DynamicRow = {};
  for (const field of fields) {
    const again = later.some((l) => l.changes.some((c) => c.field === field.field));
    if (again)
      throw new AppError(409, 'undoChangedSince', { field: fieldLabel(resource, field.field, lang) });
    values[columnOf(field.field)] = field.before;
  }
  await service.checkParent(ctx, values, new Set());
  await service.checkRestore(ctx, change.rowId, values, change.id);
  await asRestore(() => service.update(ctx, change.rowId, values, undo));
}
