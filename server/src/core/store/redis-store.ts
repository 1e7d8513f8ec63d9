import type { Redis } from 'ioredis';
import type { KeyValueStore, StoreStats } from './store.js';

// INCR and the window's expiry in one step, so a crash between them cannot leave a counter forever.
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** The key-value store on Redis: every process sees the same captcha answers and counters. */
export class RedisStore implements KeyValueStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.redis.getdel(this.prefix + key)) ?? undefined;
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    return Number(await this.redis.eval(INCREMENT, 1, this.prefix + key, ttlSeconds));
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  /** Keys of the whole Redis database (deployments sharing it by prefix count each other's too). */
  async stats(): Promise<StoreStats> {
    if (this.redis.status !== 'ready') return { kind: 'redis', connected: false };
    const [keys, memory] = await Promise.all([this.redis.dbsize(), this.redis.info('memory')]);
    const used = /^used_memory:(\d+)/m.exec(memory)?.[1];
    return { kind: 'redis', connected: true, keys, ...(used ? { memoryBytes: Number(used) } : {}) };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
