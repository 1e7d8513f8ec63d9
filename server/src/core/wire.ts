import { toWireTime } from './time.js';

export type Row = Record<string, unknown>;

/** Audit columns that hold ids without saying so in their name. */
const AUDIT_IDS = new Set(['createUser', 'updateUser', 'createDept']);

const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Turns a database row into its wire shape: camelCase keys, ids as strings (they are 64-bit
 * on the wire), `*_time` columns and the declared time fields formatted in the server's time zone.
 */
export function toWire<T extends Row>(row: T, timeZone: string, timeFields?: ReadonlySet<string>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    const name = camel(key);
    if (value === null || value === undefined) out[name] = value ?? null;
    else if ((name === 'id' || name.endsWith('Id') || AUDIT_IDS.has(name)) && typeof value === 'number')
      out[name] = String(value);
    else if (
      (name.endsWith('Time') || timeFields?.has(name)) &&
      (typeof value === 'string' || value instanceof Date)
    )
      out[name] = toWireTime(value, timeZone);
    else out[name] = value;
  }
  return out;
}
