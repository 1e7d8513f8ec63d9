import { describe, expect, it } from 'vitest';
import { IdGenerator, parseId } from './ids.js';

describe('ids', () => {
  it('are unique, increasing and exact as JavaScript numbers', () => {
    const gen = new IdGenerator(3);
    const ids = Array.from({ length: 20_000 }, () => gen.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]!).toBeGreaterThan(ids[i - 1]!);
    expect(ids.every(Number.isSafeInteger)).toBe(true);
  });

  it('parse only well-formed ids', () => {
    expect(parseId('373708050221568')).toBe(373708050221568);
    expect(parseId(42)).toBe(42);
    for (const bad of ['', '0', '-1', '1e5', '12a', ' 1 or 1=1', '99999999999999999', null, undefined, {}]) {
      expect(parseId(bad)).toBeUndefined();
    }
  });
});
