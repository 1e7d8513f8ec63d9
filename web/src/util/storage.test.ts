import { describe, expect, it } from 'vitest';
import { getEntry, getStore, removeStore, setStore } from './storage';

describe('storage entries', () => {
  it('stores the spec entry shape under the site key prefix', () => {
    setStore('token', 'abc', 'session');
    const entry = getEntry<string>('token');
    expect(entry).toMatchObject({ name: 'token', content: 'abc', dataType: 'string', type: 'session' });
    expect(typeof entry?.datetime).toBe('number');
    expect(getStore('token', '')).toBe('abc');
  });
  it('returns the fallback when missing and after removal', () => {
    expect(getStore('missing', 7)).toBe(7);
    setStore('list', [1, 2]);
    expect(getEntry('list')?.dataType).toBe('array');
    removeStore('list');
    expect(getStore<number[]>('list', [])).toEqual([]);
  });
});
