import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache.js';

describe('count cache', () => {
  it('keeps a total until its table is written or the time is up', async () => {
    const cache = new CountCache(50);
    cache.set('k', 3, 3, 42);
    expect(cache.get('k', 3)).toBe(42);
    expect(cache.get('k', 4)).toBeUndefined();
    cache.set('k', 4, 5, 7);
    expect(cache.get('k', 5)).toBeUndefined();
    cache.set('k', 5, 5, 8);
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('k', 5)).toBeUndefined();
  });
});
