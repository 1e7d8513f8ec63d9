/** What the monitor shows of the store: where it lives, whether it answers, its size. */
export interface StoreStats {
  kind: 'memory' | 'redis';
  connected: boolean;
  keys?: number;
  memoryBytes?: number;
}

/**
 * Short-lived shared state: captcha answers, sign-in counters, rate limits. In-process by
 * default; a Redis implementation of the same interface makes it shared between processes.
 */
export interface KeyValueStore {
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads without using up (a counter or a mark another step set). */
  get(key: string): Promise<string | undefined>;
  /** Reads and deletes in one step, so an answer can be used once only. */
  take(key: string): Promise<string | undefined>;
  /** Adds one and returns the new count; the window starts with the first hit. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  delete(key: string): Promise<void>;
  stats(): Promise<StoreStats>;
  close(): Promise<void>;
}
