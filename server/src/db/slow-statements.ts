/** One statement shape among the slowest recently run: its text without values, its longest time. */
export interface SlowStatement {
  shape: string;
  ms: number;
  /** When it took that long (epoch milliseconds). */
  at: number;
}

const MAX_SHAPE = 600;

/**
 * A statement's shape: its text with any literal a caller wrote into it (report SQL, raw
 * fragments) replaced by `?`, and lists of parameters folded, so `in (?, ?, ?)` and `in (?, ?)`
 * are one shape, as are inserts of any number of rows. Kysely already sends values as parameters; this is for what it does not.
 */
export function statementShape(sql: string): string {
  const shape = sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w$.])-?\d+(?:\.\d+)?(?![\w.])/g, '?')
    .replace(/\$\d+(?:\s*,\s*\$\d+)+/g, '$n, …')
    .replace(/\?(?:\s*,\s*\?)+/g, '?, …')
    .replace(
      /\((?:\?|\$n), …\)(?:\s*,\s*\((?:\?|\$n), …\))+/g,
      (rows) => `${rows.slice(0, rows.indexOf(')') + 1)}, …`,
    )
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
