import { columnOf, DEFAULT_PAGE_SIZE, type FieldDef, type ResourceDef } from '@blade/schema';
import { sql } from 'kysely';
import { AppError } from '../core/errors.js';
import { fromWireTime } from '../core/time.js';
import { refuseField } from './validation.js';

export const MAX_PAGE_SIZE = 500;

/**
 * One condition of a list query; `anyOf` holds if any of its conditions holds. `contains` and
 * `prefix` carry the text searched for, matched literally (no wildcards).
 */
export type Filter =
  | { column: string; op: '=' | 'contains' | 'prefix' | '>' | '<'; value: string | number }
  | { column: string; op: 'in'; value: readonly (string | number)[] }
  | { anyOf: Filter[] };

export interface ListQuery {
  current: number;
  size: number;
  filters: Filter[];
  order: Array<{ column: string; direction: 'asc' | 'desc' }>;
  /** The request's query as sent, for hooks that read parameters of their own. */
  raw: Record<string, unknown>;
}

const positiveInt = (value: unknown, fallback: number): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

const single = (value: unknown): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
};

/** Text matched literally by LIKE … ESCAPE '\\': % and _ are wildcards otherwise. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The escape character escapeLike uses, as a literal each dialect reads as one backslash
 * (MySQL reads backslashes in literals as escapes, so its compiler doubles it).
 */
export const LIKE_ESCAPE = sql.lit('\\');

const sortables = new WeakMap<ResourceDef, ReadonlyMap<string, string>>();

/** Field names a sort may use: declared sortable fields plus the audit times. */
function sortableColumns(resource: ResourceDef): ReadonlyMap<string, string> {
  // Declarations do not change once made: worked out once each, not on every list.
  const known = sortables.get(resource);
  if (known) return known;
  const out = new Map<string, string>();
  sortables.set(resource, out);
  const add = (name: string) => {
    out.set(name, columnOf(name));
    out.set(columnOf(name), columnOf(name));
  };
  for (const f of resource.fields) if (f.sortable) add(f.name);
  add('createTime');
  add('updateTime');
  add('id');
  return out;
}

function searchFilter(field: FieldDef, raw: string): Filter | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  const column = columnOf(field.name);
  if (field.search === 'like') return { column, op: 'contains', value };
  if (field.search === 'prefix') return { column, op: 'prefix', value };
  if (['int', 'flag', 'money', 'ref', 'parent'].includes(field.type)) {
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw refuseField('notNumber', field);
    return { column, op: '=', value: n };
  }
  return { column, op: '=', value };
}

/** The audit times every list can be filtered by, with the labels a refusal names them by. */
const AUDIT_TIMES: FieldDef[] = [
  { name: 'createTime', type: 'datetime', label: { zh: '创建时间', en: 'Created' } },
  { name: 'updateTime', type: 'datetime', label: { zh: '更新时间', en: 'Updated' } },
];

interface TimeRange {
  /** The parameter: `<time field>_dategt` or `_datelt`. */
  key: string;
  field: FieldDef;
  column: string;
  op: '>' | '<';
}

const timeRanges = new WeakMap<ResourceDef, readonly TimeRange[]>();

/** The time range parameters a list of the resource takes: worked out once per declaration. */
function timeRangesOf(resource: ResourceDef): readonly TimeRange[] {
  let ranges = timeRanges.get(resource);
  if (!ranges) {
    const fields = [
      ...AUDIT_TIMES,
      ...resource.fields.filter((f) => f.type === 'datetime' || f.type === 'date'),
    ];
    ranges = fields.flatMap((field) =>
      (['_dategt', '_datelt'] as const).map((suffix) => ({
        key: `${field.name}${suffix}`,
        field,
        column: columnOf(field.name),
        op: suffix === '_dategt' ? ('>' as const) : ('<' as const),
      })),
    );
    timeRanges.set(resource, ranges);
  }
  return ranges;
}

/**
 * Reads a list request with the BladeX conventions: current/size paging, declared search
 * fields, `ascs`/`descs` checked against sortable fields (never pasted into SQL), and
 * `<time field>_dategt` / `_datelt` ranges.
 */
export function parseListQuery(
  resource: ResourceDef,
  query: Record<string, unknown>,
  timeZone: string,
): ListQuery {
  const size = Math.min(positiveInt(single(query.size), DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const current = Math.min(positiveInt(single(query.current), 1), 1_000_000);
  const filters: Filter[] = [];
  for (const field of resource.fields) {
    if (!field.search) continue;
    const raw = single(query[field.name]);
    if (raw === undefined) continue;
    if (raw.length > 255) throw refuseField('tooLong', field, 255);
    const filter = searchFilter(field, raw);
    if (filter) filters.push(filter);
  }
  for (const { key, field, column, op } of timeRangesOf(resource)) {
    const raw = single(query[key]);
    if (!raw) continue;
    const time = fromWireTime(raw, timeZone);
    if (!time) throw refuseField('notTime', field);
    filters.push({ column, op, value: time });
  }
  const sortable = sortableColumns(resource);
  const order: ListQuery['order'] = [];
  for (const [key, direction] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const raw = single(query[key]);
    if (!raw) continue;
    for (const name of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const column = sortable.get(name);
      if (!column) throw new AppError(400, 'sortUnknown', { field: name.slice(0, 64) });
      order.push({ column, direction });
    }
  }
  if (order.length === 0 && resource.order) {
    order.push({ column: columnOf(resource.order.field), direction: resource.order.direction });
  }
  return { current, size, filters, order, raw: query };
}
