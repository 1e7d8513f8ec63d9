import { columnOf, type ResourceDef } from '@blade/schema';
import type { AuthContext } from '../../core/http.js';
import type { Language } from '../../core/messages.js';
import type { Filter } from '../../crud/list-query.js';
import type { Tr } from './explain-types.js';

/** A read scope in words, with department ids named. */
export async function scopeInWords(
  auth: AuthContext,
  resource: ResourceDef,
  conditions: Filter[],
  tr: Tr,
  lang: Language,
) {
  const deptIds = conditions.flatMap(deptValues(resource));
  const depts = deptIds.length
    ? await auth.db
        .selectFrom('blade_dept')
        .select(['id', 'dept_name'])
        .where('id', 'in', deptIds.map(Number))
        .execute()
    : [];
  const deptName = new Map(depts.map((d) => [String(d.id), d.dept_name]));
  const said = (f: Filter): string => {
    if ('anyOf' in f)
      return f.anyOf.length ? f.anyOf.map(said).join(tr('explainOr')) : tr('explainFilterNothing');
    const column = fieldLabel(resource, f.column, lang);
    const name = (v: unknown) =>
      deptName.get(String(v)) ?? (Number(v) === auth.userId ? `${v} (${auth.account})` : String(v));
    if (f.op === 'in')
      return f.value.length
        ? tr('explainFilterIn', { column, values: `(${f.value.map(name).join(', ')})` })
        : tr('explainFilterNothing');
    return tr('explainFilterEquals', { column, value: name(f.value) });
  };
  return conditions.map(said).join(tr('explainAnd'));
}

/** A condition as an expression over columns, as the database is asked it. */
export function expressionOf(f: Filter): string {
  if ('anyOf' in f) return f.anyOf.length ? `(${f.anyOf.map(expressionOf).join(' or ')})` : 'false';
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  if (f.op === 'in') return f.value.length ? `${f.column} in (${f.value.map(literal).join(', ')})` : 'false';
  return `${f.column} ${f.op} ${literal(f.value)}`;
}

export const columnsOf = (f: Filter): string[] => ('anyOf' in f ? f.anyOf.flatMap(columnsOf) : [f.column]);

/** Department ids a condition names (values of the resource's data-scope department column). */
const deptValues =
  (resource: ResourceDef) =>
  (f: Filter): string[] => {
    if ('anyOf' in f) return f.anyOf.flatMap(deptValues(resource));
    const dept = resource.dataScope ? columnOf(resource.dataScope.dept) : undefined;
    return f.column === dept && f.op === 'in' ? f.value.map(String) : [];
  };

/** A column's field label in the language asked (the column itself when no field declares it). */
export function fieldLabel(resource: ResourceDef, column: string, lang: Language): string {
  const field = resource.fields.find((f) => columnOf(f.name) === column);
  if (field) return field.label[lang];
  if (column === 'create_user') return lang === 'zh' ? '创建人' : 'Created by';
  return column;
}
