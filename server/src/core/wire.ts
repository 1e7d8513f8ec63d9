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
