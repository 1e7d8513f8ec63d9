import { WALL_CLOCK_PARTS } from '@blade/schema';
/**
 * Times are stored as UTC strings 'YYYY-MM-DD HH:MM:SS.mmm' (TIMESTAMP on PostgreSQL, TEXT on
 * SQLite: both sort and compare correctly as text) and shown on the wire as 'yyyy-MM-dd HH:mm:ss'
 * in the server's configured time zone.
 */
export function utcNow(): string {
  return toDbTime(new Date());
}

export function toDbTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * A stored time as PostgreSQL prints it, without its fraction's trailing zeros (…:05.1, …:05), in
 * the form we write and SQLite and MySQL hand back (…:05.100), so that a time read is the text
 * that was written, on every database. A longer fraction (not one of ours) is left as it is.
 */
export function withMilliseconds(text: string): string {
  const parts = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.(\d{1,2}))?$/.exec(text);
  return parts ? `${parts[1]}.${(parts[2] ?? '').padEnd(3, '0')}` : text;
}

export function dbTimeToDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const iso = value.includes('T') ? value : value.replace(' ', 'T');
  return new Date(/[Zz]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, ...WALL_CLOCK_PARTS });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC in ms at an instant, by formatting it there (the slow, exact way). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const shown = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return shown - Math.floor(ms / 1000) * 1000;
}

/**
 * Offsets by zone and quarter hour of UTC. Today's zones are whole quarter hours from UTC and
 * change at a whole local minute, so their changes fall on a UTC quarter hour and every instant
 * within one shares its offset (only local mean times before about 1900 break this): a list of rows formats its times with a few lookups
 * instead of an Intl call per cell. Bounded: cleared when it grows past a few thousand entries.
 */
const QUARTER_HOUR = 15 * 60 * 1000;
const offsets = new Map<string, number>();

function cachedOffset(ms: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= 4096) offsets.clear();
    offset = offsetAt(ms, timeZone);
    offsets.set(key, offset);
  }
  return offset;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Formats a stored time for the wire in the given zone. */
export function toWireTime(value: string | Date, timeZone: string): string {
  if (typeof value !== 'string') return formatted(value, timeZone);
  // Lists show the same stored times again and again: each text is parsed and formatted once.
  let zone = shownTimes.get(timeZone);
  if (!zone) {
    zone = new Map();
    shownTimes.set(timeZone, zone);
  }
  let shown = zone.get(value);
  if (shown === undefined) {
    shown = formatted(value, timeZone);
    if (zone.size >= SHOWN_KEPT) zone.clear();
    zone.set(value, shown);
  }
  return shown;
}

/** Stored times remembered per zone with how they are shown, before the memory starts over. */
const SHOWN_KEPT = 10_000;
const shownTimes = new Map<string, Map<string, string>>();

function formatted(value: string | Date, timeZone: string): string {
  const ms = dbTimeToDate(value).getTime();
  const d = new Date(ms + cachedOffset(ms, timeZone));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses a wire time ('yyyy-MM-dd' or 'yyyy-MM-dd HH:mm[:ss]') in the given zone into a stored UTC time. */
export function fromWireTime(text: string, timeZone: string): string | undefined {
  const m = WIRE_TIME.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(asUtc)) return undefined;
  // The zone's offset at that instant: format the UTC guess in the zone and compare.
  const shown = dbTimeToDate(`${toWireTime(new Date(asUtc), timeZone)}`).getTime();
  return toDbTime(new Date(asUtc - (shown - asUtc)));
}
