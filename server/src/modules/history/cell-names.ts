import { columnOf, type FieldDef, labelFieldOf, resources } from '@blade/schema';
import { sql } from 'kysely';
import type { ResourceContext } from '../../crud/hooks.js';
import { dynamic } from '../../db/dynamic-db.js';

/** The resource a `ref` field points at, when it names its rows by a column of their own. */
function refTargetOf(field: FieldDef): { table: string; label: string } | undefined {
  const target = field.type === 'ref' && field.ref ? resources[field.ref] : undefined;
  const label = target && labelFieldOf(target);
  return target && label && label !== 'id' ? { table: target.table, label: columnOf(label) } : undefined;
}

/**
 * How cells name what rows store by key: a dictionary field's keys by their names (system or
 * business dictionary, the tenant's own), a `ref` field's ids by the name of the row they point
 * at — loaded a page of rows at a time on export and a name at a time on import.
 */
export class CellNames {
  private constructor(
    private readonly ctx: ResourceContext,
    /** Field → key → name. */
    private readonly names: Map<string, Map<string, string>>,
    /** Field → name → key, for refs as far as looked up. */
    private readonly keys: Map<string, Map<string, string | undefined>>,
  ) {}

  static async of(ctx: ResourceContext, fields: FieldDef[]): Promise<CellNames> {
    const names = new Map<string, Map<string, string>>();
    const db = dynamic(ctx.auth.db);
    for (const field of fields) {
      if (refTargetOf(field)) names.set(field.name, new Map());
      if (!field.dict) continue;
      const rows = await db
        .selectFrom(field.dictSource === 'biz' ? 'blade_dict_biz' : 'blade_dict')
        .select(['dict_key', 'dict_value'])
        .where('code', '=', field.dict)
        .where('parent_id', '!=', 0)
        .where(sql`is_deleted`, '=', 0)
        .execute();
      names.set(field.name, new Map(rows.map((r) => [String(r.dict_key), String(r.dict_value)])));
    }
    const keys = new Map(
      [...names].map(([field, dict]) => [
        field,
        new Map<string, string | undefined>([...dict].map(([key, name]) => [name, key])),
      ]),
    );
    return new CellNames(ctx, names, keys);
  }

  /** Whether the field's cells hold names rather than what is stored. */
  named(field: FieldDef): boolean {
    return this.names.has(field.name);
  }

  /** The name of a stored key, when known. */
  nameOf(field: FieldDef, value: unknown): string | undefined {
    return this.names.get(field.name)?.get(String(value));
  }

  /** Loads the names of the rows these (wire) rows point at, before they are written out. */
  async loadRefs(fields: FieldDef[], rows: Array<Record<string, unknown>>): Promise<void> {
    for (const field of fields) {
      const target = refTargetOf(field);
      const names = this.names.get(field.name);
      if (!target || !names) continue;
      const ids = [
        ...new Set(rows.map((r) => r[field.name]).filter((v) => v !== null && v !== undefined && v !== '')),
      ]
        .map(String)
        .filter((id) => /^\d+$/.test(id) && !names.has(id));
      if (ids.length === 0) continue;
      const found = await dynamic(this.ctx.auth.db)
        .selectFrom(target.table)
        .select(['id', sql.ref(target.label).as('label')])
        .where('id', 'in', ids)
        .execute();
      for (const r of found) names.set(String(r.id), String(r.label ?? r.id));
    }
  }

  /** The stored key a cell's name stands for (a key typed as it is stays itself); undefined when unknown. */
  async keyOf(field: FieldDef, name: string): Promise<string | undefined> {
    const dict = this.names.get(field.name);
    const keys = this.keys.get(field.name);
    if (!dict || !keys) return name;
    if (keys.has(name)) return keys.get(name);
    if (dict.has(name)) return name;
    const target = refTargetOf(field);
    if (!target) return undefined;
    const found = await dynamic(this.ctx.auth.db)
      .selectFrom(target.table)
      .select('id')
      .where(target.label, '=', name)
      .where(sql`is_deleted`, '=', 0)
      .limit(2)
      .execute();
    // A name two rows share names neither: the row is refused rather than tied to a guess.
    const key = found.length === 1 ? String(found[0]!.id) : /^\d+$/.test(name) ? name : undefined;
    keys.set(name, key);
    return key;
  }
}
