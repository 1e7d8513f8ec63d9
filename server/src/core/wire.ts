import type { Page } from '@blade/schema';
import { toWireTime } from './time.js';

export type Row = Record<string, unknown>;

/** One page of a list as every list answers it: its rows, the total and where the page stands. */
export const pageOf = <T>(records: T[], total: number, at: { current: number; size: number }): Page<T> => ({
  records,
  total,
  size: at.size,
  current: at.current,
  pages: Math.ceil(total / at.size),
});

/** Audit columns that hold ids without saying so in their name. */
const AUDIT_IDS = new Set(['createUser', 'updateUser', 'createDept']);

const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** How a column's values go on the wire, by its name: decided once per name, not per cell. */
interface Column {
  name: string;
  id: boolean;
  time: boolean;
}
const columns = new Map<string, Column>();
function columnOf(key: string): Column {
  let column = columns.get(key);
  if (!column) {
    const name = camel(key);
    column = {
      name,
      id: name === 'id' || name.endsWith('Id') || AUDIT_IDS.has(name),
      time: name.endsWith('Time'),
    };
    // Column names come from our own queries, so the map stays small; bound it all the same.
    if (columns.size < 10_000) columns.set(key, column);
  }
  return column;
}

/**
 * Turns a database row into its wire shape: camelCase keys, ids as strings (they are 64-bit
 * on the wire), `*_time` columns and the declared time fields formatted in the server's time zone.
 */
export function toWire<T extends Row>(row: T, timeZone: string, timeFields?: ReadonlySet<string>): Row {
  const out: Row = {};
  for (const key in row) {
    const value = row[key];
    const { name, id, time } = columnOf(key);
    if (value === null || value === undefined) out[name] = null;
    else if (id && typeof value === 'number') out[name] = String(value);
    else if ((time || timeFields?.has(name)) && (typeof value === 'string' || value instanceof Date))
      out[name] = toWireTime(value, timeZone);
    else out[name] = value;
  }
  return out;
}

type Convert = (row: Row, timeZone: string) => Row;

// How each kind of cell goes on the wire, as `toWire` decides it; called by generated converters.
const idCell = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'number' ? String(v) : v);
const timeCell = (v: unknown, timeZone: string) =>
  v === null || v === undefined
    ? null
    : typeof v === 'string' || v instanceof Date
      ? toWireTime(v, timeZone)
      : v;
const plainCell = (v: unknown) => (v === undefined ? null : v);

/** Converters by time fields and column names, before the memory starts over. */
const CONVERTERS_KEPT = 1_000;
const NO_TIME_FIELDS: ReadonlySet<string> = new Set();
let converters = new WeakMap<ReadonlySet<string>, Map<string, Convert | null>>();
let converterCount = 0;

/**
 * `toWire` for rows of one set of columns, as one function that builds the wire object as a
 * literal: a page's rows share their columns, and a literal of known keys is built several times
 * faster than keys added one by one. Names are written as JSON strings, so no column name can be
 * more than a key. Null when a column is both an id and a time (`toWire` then decides per cell).
 */
function converterOf(keys: readonly string[], timeFields: ReadonlySet<string>): Convert | null {
  let byKeys = converters.get(timeFields);
  if (!byKeys) {
    byKeys = new Map();
    converters.set(timeFields, byKeys);
  }
  const signature = keys.join('\u0000');
  let convert = byKeys.get(signature);
  if (convert !== undefined) return convert;
  const cells: string[] = [];
  for (const key of keys) {
    const { name, id, time } = columnOf(key);
    const timed = time || timeFields.has(name);
    if ((id && timed) || name === '__proto__') {
      cells.length = 0;
      break;
    }
    const kind = id ? 'id' : timed ? 'time' : 'plain';
    cells.push(`${JSON.stringify(name)}: ${kind}(row[${JSON.stringify(key)}], timeZone)`);
  }
  convert =
    cells.length === keys.length && keys.length > 0
      ? (new Function('id', 'time', 'plain', `return (row, timeZone) => ({ ${cells.join(', ')} });`)(
          idCell,
          timeCell,
          plainCell,
        ) as Convert)
      : null;
  if (converterCount >= CONVERTERS_KEPT) {
    converters = new WeakMap();
    converterCount = 0;
    byKeys = new Map();
    converters.set(timeFields, byKeys);
  }
  byKeys.set(signature, convert);
  converterCount++;
  return convert;
}

const sameKeys = (a: readonly string[], b: readonly string[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** `toWire` of each row of a list, through one converter per set of columns the rows have. */
export function toWireRows<T extends Row>(
  rows: T[],
  timeZone: string,
  timeFields?: ReadonlySet<string>,
): Row[] {
  const fields = timeFields ?? NO_TIME_FIELDS;
  let keys: string[] = [];
  let convert: Convert | null = null;
  return rows.map((row) => {
    const own = Object.keys(row);
    if (!sameKeys(own, keys)) {
      keys = own;
      convert = converterOf(own, fields);
    }
    return convert ? convert(row, timeZone) : toWire(row, timeZone, timeFields);
  });
}
