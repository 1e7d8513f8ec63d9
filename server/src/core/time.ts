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

export function dbTimeToDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const iso = value.includes('T') ? value : value.replace(' ', 'T');
  return new Date(/[Zz]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Formats a stored time for the wire in the given zone. */
export function toWireTime(value: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(dbTimeToDate(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
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
