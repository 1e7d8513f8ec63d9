/** One statement shape among the slowest recently run: its text without values, its longest time. */
export interface SlowStatement {
  shape: string;
  ms: number;
  /** When it took that long (epoch milliseconds). */
  at: number;
}

const MAX_SHAPE = 600;

const isWordChar = (c: string | undefined) =>
  c !== undefined &&
  ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r';

/** Where the digits starting at `i` end. */
function digitsEnd(text: string, i: number): number {
  let end = i;
  while (isDigit(text[end])) end++;
  return end;
}

/**
 * The text with every quoted string and every number that stands alone (not part of a name or a
 * `$1` parameter) replaced by `?`, read once from left to right.
 */
function withoutLiterals(sql: string): string {
  let out = '';
  for (let i = 0; i < sql.length; ) {
    const c = sql[i]!;
    if (c === "'") {
      let end = i + 1;
      while (end < sql.length && !(sql[end] === "'" && sql[end + 1] !== "'")) end += sql[end] === "'" ? 2 : 1;
      out += '?';
      i = end + 1;
      continue;
    }
    const before = sql[i - 1];
    const standsAlone = !isWordChar(before) && before !== '$' && before !== '.';
    const sign = c === '-' && isDigit(sql[i + 1]) ? 1 : 0;
    if (standsAlone && (isDigit(c) || sign)) {
      let end = digitsEnd(sql, i + sign);
      if (sql[end] === '.' && isDigit(sql[end + 1])) end = digitsEnd(sql, end + 1);
      if (!isWordChar(sql[end]) && sql[end] !== '.') {
        out += '?';
        i = end;
        continue;
      }
      out += sql.slice(i, end);
      i = end;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** The end of the text `what` at `i` (after any spaces and a comma and spaces before it), or -1. */
function afterComma(text: string, i: number, what: (at: number) => number): number {
  let at = i;
  while (isSpace(text[at])) at++;
  if (text[at] !== ',') return -1;
  at++;
  while (isSpace(text[at])) at++;
  return what(at);
}

/** The end of a `?` or `$1` parameter at `i`, or -1. */
const parameterEnd = (text: string, i: number, dollar: boolean): number => {
  if (!dollar) return text[i] === '?' ? i + 1 : -1;
  return text[i] === '$' && isDigit(text[i + 1]) ? digitsEnd(text, i + 1) : -1;
};

/**
 * Each list of two or more comma-separated items `itemEnd` recognises (given where the list
 * starts) replaced by `folded(start, firstEnd)`; a lone item stays as it is.
 */
function foldLists(
  text: string,
  itemEnd: (at: number, start: number) => number,
  folded: (start: number, firstEnd: number) => string,
): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const first = itemEnd(i, i);
    if (first < 0) {
      out += text[i];
      i++;
      continue;
    }
    const start = i;
    let end = first;
    let more = 0;
    for (let next = afterComma(text, end, (at) => itemEnd(at, start)); next >= 0; more++) {
      end = next;
      next = afterComma(text, end, (at) => itemEnd(at, start));
    }
    out += more > 0 ? folded(i, first) : text.slice(i, end);
    i = end;
  }
  return out;
}

/** Lists of parameters folded: `?, ?, ?` is `?, …` and `$1, $2` is `$n, …`. */
const foldedParameters = (text: string): string =>
  foldLists(
    text,
    (at, start) => parameterEnd(text, at, text[start] === '$'),
    (start) => (text[start] === '$' ? '$n, …' : '?, …'),
  );

const ROWS = ['(?, …)', '($n, …)'];
const rowEnd = (text: string, i: number): number => {
  const row = ROWS.find((r) => text.startsWith(r, i));
  return row ? i + row.length : -1;
};

/** Rows of folded parameters folded too: `(?, …), (?, …)` is `(?, …), …`. */
const foldedRows = (text: string): string =>
  foldLists(
    text,
    (at) => rowEnd(text, at),
    (start, firstEnd) => `${text.slice(start, firstEnd)}, …`,
  );

/**
 * A statement's shape: its text with any literal a caller wrote into it (report SQL, raw
 * fragments) replaced by `?`, and lists of parameters folded, so `in (?, ?, ?)` and `in (?, ?)`
 * are one shape, as are inserts of any number of rows. Kysely already sends values as
 * parameters; this is for what it does not. Each step reads the text once, whatever it holds.
 */
export function statementShape(sql: string): string {
  const shape = foldedRows(foldedParameters(withoutLiterals(sql)))
    .replace(/\s+/g, ' ')
    .trim();
  return shape.length > MAX_SHAPE ? `${shape.slice(0, MAX_SHAPE - 1)}…` : shape;
}

/**
 * The `keep` slowest statement shapes of the last one or two windows. Recording costs one
 * comparison for a statement quicker than every kept one (nearly all, once the list is full);
 * only a slower one is shaped and kept.
 */
export class SlowStatements {
  private current = new Map<string, SlowStatement>();
  private previous = new Map<string, SlowStatement>();
  private since: number | undefined;
  /** The quickest kept time once `keep` shapes are kept: quicker statements are not looked at. */
  private floor = 0;

  constructor(
    private readonly keep = 10,
    private readonly windowMs = 5 * 60_000,
  ) {}

  record(sql: string, ms: number, now = Date.now()): void {
    this.since ??= now;
    if (now - this.since >= this.windowMs) {
      this.previous = this.current;
      this.current = new Map();
      this.since = now;
      this.floor = 0;
    }
    if (ms <= this.floor) return;
    const shape = statementShape(sql);
    const kept = this.current.get(shape);
    if (kept) {
      if (ms > kept.ms) this.current.set(shape, { shape, ms, at: now });
    } else {
      if (this.current.size >= this.keep) this.current.delete(quickest(this.current).shape);
      this.current.set(shape, { shape, ms, at: now });
    }
    if (this.current.size >= this.keep) this.floor = quickest(this.current).ms;
  }

  /** The slowest shapes of this window and the one before, slowest first. */
  slowest(): SlowStatement[] {
    const merged = new Map(this.previous);
    for (const [shape, entry] of this.current)
      if ((merged.get(shape)?.ms ?? -1) < entry.ms) merged.set(shape, entry);
    return [...merged.values()].sort((a, b) => b.ms - a.ms).slice(0, this.keep);
  }
}

function quickest(entries: Map<string, SlowStatement>): SlowStatement {
  let min: SlowStatement | undefined;
  for (const entry of entries.values()) if (!min || entry.ms < min.ms) min = entry;
  return min!;
}
