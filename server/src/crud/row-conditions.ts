import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { DynamicRow } from '../db/dynamic-db.js';
import { escapeLike, type Filter, LIKE_ESCAPE } from './list-query.js';
import { containsCondition, type ListScope } from './list-support.js';

/** A select on one resource's table. */
export type Select = SelectQueryBuilder<Record<string, DynamicRow>, string, object>;

/** A query of row ids (a subquery to test ids against). */
export type IdQuery = Select;

type Builder = ExpressionBuilder<Record<string, DynamicRow>, string>;

const escapeGlob = (text: string): string => text.replace(/[[*?]/g, (c) => `[${c}]`);

/** How conditions are written: where the list reads, and whether contains filters test rows of an ordered scan. */
export interface Where {
  scope: ListScope;
  walk: boolean;
}

function condition(eb: Builder, f: Filter, where: Where): Expression<SqlBool> {
  if ('anyOf' in f)
    return f.anyOf.length ? eb.or(f.anyOf.map((g) => condition(eb, g, where))) : sql<SqlBool>`1 = 0`;
  if (f.op === 'prefix') {
    // Case-sensitive prefix forms each database answers from a plain index.
    return where.scope.dialect === 'sqlite'
      ? sql<SqlBool>`${sql.ref(f.column)} glob ${`${escapeGlob(String(f.value))}*`}`
      : sql<SqlBool>`${sql.ref(f.column)} like ${`${escapeLike(String(f.value))}%`} escape ${LIKE_ESCAPE}`;
  }
  if (f.op === 'in') return f.value.length ? eb(f.column, 'in', f.value) : sql<SqlBool>`1 = 0`;
  if (f.op === 'contains') return containsCondition(where.scope, f.column, String(f.value), where.walk);
  return eb(f.column, f.op, f.value);
}

export function applyFilters(query: Select, filters: Filter[], where: Where): Select {
  return filters.reduce((q, f) => q.where((eb) => condition(eb, f, where)), query);
}

/** Whether a condition is (or holds) a contains search. */
export const searches = (f: Filter): boolean => ('anyOf' in f ? f.anyOf.some(searches) : f.op === 'contains');

/** The one filter of a list when it is a search of an indexed column. */
export function indexedSearch(
  filters: Filter[],
  scope: ListScope,
): { column: string; text: string } | undefined {
  const only = filters.length === 1 ? filters[0] : undefined;
  if (!only || 'anyOf' in only || only.op !== 'contains' || !scope.indexed.has(only.column)) return undefined;
  return { column: only.column, text: String(only.value) };
}
