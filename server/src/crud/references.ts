import { columnOf, type FieldDef, type ResourceDef, resources } from '@blade/schema';
import { type SqlBool, sql } from 'kysely';
import { AppError } from '../core/errors.js';
import { parseId } from '../core/ids.js';
import { type DynamicDb, type DynamicRow, dynamic } from '../db/dynamic-db.js';
import { BUSINESS_TABLES } from '../db/tables.js';
import type { ResourceContext } from './hooks.js';

/** A declared reference: the field and the table of the rows its ids name. */
interface Reference {
  field: FieldDef;
  table: string;
}

const declared = new WeakMap<ResourceDef, readonly Reference[]>();

/** The `ref`/`refs` fields of a resource whose target is a declared resource (worked out once). */
function referencesOf(resource: ResourceDef): readonly Reference[] {
  let found = declared.get(resource);
  if (!found) {
    found = resource.fields.flatMap((field) => {
      const target = field.ref ? resources[field.ref] : undefined;
      return (field.type === 'ref' || field.type === 'refs') && target && !field.virtual
        ? [{ field, table: target.table }]
        : [];
    });
    declared.set(resource, found);
  }
  return found;
}

/** The ids a stored or sent value names; undefined when one of them is not an id at all. */
function idsOf(value: unknown): number[] | undefined {
  if (value === null || value === undefined) return [];
  const parts = String(value)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '0');
  const ids = parts.map(parseId);
  return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
}

/**
 * Where the rows of `table` are read from by a writer of `resource`: beside the resource's rows
 * when both are business (or both identity) tables, else the caller's identity database; a
 * business table named from an identity row lives in a data source this write does not reach.
 */
function storeOf(ctx: ResourceContext, table: string): DynamicDb | undefined {
  const business = BUSINESS_TABLES.has(table);
  if (business === BUSINESS_TABLES.has(ctx.resource.table)) return ctx.db;
  return business ? undefined : dynamic(ctx.auth.db);
}

const refused = (ctx: ResourceContext, field: FieldDef): AppError =>
  new AppError(400, 'refNotFound', { field: field.label[ctx.lang] }, { field: field.name });

/**
 * Refuses a write whose reference fields name a row that is not a live row the caller's tenant
 * holds (another tenant's, removed, or none at all). Ids the row held already (`held`, on an
 * edit) are not checked again. The handles are tenant-scoped, so another tenant's id is simply
 * not found; one statement per referenced table.
 */
export async function checkReferences(
  ctx: ResourceContext,
  values: DynamicRow,
  held: DynamicRow | undefined,
): Promise<void> {
  const wanted = new Map<string, { ids: Set<number>; fields: { field: FieldDef; ids: number[] }[] }>();
  for (const reference of referencesOf(ctx.resource)) {
    const column = columnOf(reference.field.name);
    if (values[column] === undefined) continue;
    const ids = idsOf(values[column]);
    if (!ids) throw refused(ctx, reference.field);
    const had = new Set(idsOf(held?.[column]) ?? []);
    const fresh = ids.filter((id) => !had.has(id));
    if (fresh.length === 0) continue;
    const entry = wanted.get(reference.table) ?? { ids: new Set<number>(), fields: [] };
    for (const id of fresh) entry.ids.add(id);
    entry.fields.push({ field: reference.field, ids: fresh });
    wanted.set(reference.table, entry);
  }
  for (const [table, { ids, fields }] of wanted) {
    const db = storeOf(ctx, table);
    if (!db) continue;
    const found = new Set(
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('id', 'in', [...ids])
          // A literal, not a parameter, so partial indexes on live rows apply.
          .where(sql<SqlBool>`is_deleted = 0`)
          .execute()
      ).map((r) => Number(r.id)),
    );
    const missing = fields.find((f) => f.ids.some((id) => !found.has(id)));
    if (missing) throw refused(ctx, missing.field);
  }
}
