/**
 * Totals of list queries, kept until the table is written (its write generation changes) or
 * TTL passes. Exact counts of large tables cost a scan; repeated pages of the same list (paging,
 * re-sorting, reloading) then cost only their rows. Generations are per process, so the TTL
 * bounds how long another process's writes can go unseen.
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; generation: number; expires: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, generation: number): number | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.total;
  }

  /** Stores a total counted at `generation`; nothing is kept if the table was written meanwhile. */
  set(key: string, generation: number, current: number, total: number): void {
    if (generation !== current) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { total, generation, expires: Date.now() + this.ttlMs });
  }
}
