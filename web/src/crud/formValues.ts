import { type FieldDef, NUMERIC_TYPES } from '@blade/schema';
import dayjs, { type Dayjs } from 'dayjs';
import type { Row } from './fields';
import { centsToYuan, yuanToCents } from './money';
import { splitIds } from './tree';

const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';
const WIRE_DATE = 'YYYY-MM-DD';

/**
 * A wire row as antd Form values: id lists as arrays, times as dayjs, a root parent as empty,
 * money in yuan, and numbers as numbers (so they match the options of dictionary selects).
 */
export function toFormValues(fields: readonly FieldDef[], row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field.name];
    if (value === null || value === undefined) continue;
    if (field.type === 'refs') out[field.name] = splitIds(value);
    else if (field.type === 'date' || field.type === 'datetime')
      out[field.name] = typeof value === 'string' && value ? dayjs(value) : undefined;
    else if (field.type === 'parent') out[field.name] = String(value) === '0' ? undefined : String(value);
    else if (NUMERIC_TYPES.has(field.type) && value !== '' && Number.isFinite(Number(value)))
      out[field.name] = field.type === 'money' ? centsToYuan(Number(value)) : Number(value);
    else out[field.name] = value;
  }
  return out;
}

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/** antd Form values as a wire body: id lists comma-joined, times as wire text, no parent as 0, money in cents. */
export function fromFormValues(fields: readonly FieldDef[], values: Record<string, unknown>): Row {
  const out: Row = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'parent')
      out[field.name] = value === undefined || value === null || value === '' ? '0' : value;
    else if (value === undefined || value === null) continue;
    else if (field.type === 'refs') out[field.name] = splitIds(value).join(',');
    else if (isDayjs(value)) out[field.name] = value.format(field.type === 'date' ? WIRE_DATE : WIRE_TIME);
    else if (field.type === 'money' && typeof value === 'number') out[field.name] = yuanToCents(value);
    else out[field.name] = value;
  }
  return out;
}

/** A range picker's pair as the createTime filter's wire times. */
export const wireRange = (range: readonly [Dayjs, Dayjs]): [string, string] => [
  range[0].format(WIRE_TIME),
  range[1].format(WIRE_TIME),
];
