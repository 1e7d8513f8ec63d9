import { describe, expect, it } from 'vitest';
import type { ErrorLogEntry } from '../store/errorLog';
import { uploadBatches } from './user';

const entry = (i: number, length: number): ErrorLogEntry => ({
  type: 'error',
  message: `错误${i}`,
  stack: '栈'.repeat(length),
  info: 'render',
  url: 'http://127.0.0.1/system/user/index',
  time: '2026-11-28 12:00:00',
});

describe('error log uploads', () => {
  it('split a full log into uploads the server accepts (512 KB each), every entry once and in order', () => {
    const logs = Array.from({ length: 500 }, (_, i) => entry(i, 8000));
    const batches = uploadBatches(logs);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches)
      expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThan(512 * 1024);
    expect(batches.flat()).toEqual(logs);
  });

  it('send a small log in one upload, and nothing for an empty one', () => {
    expect(uploadBatches([entry(1, 10), entry(2, 10)])).toHaveLength(1);
    expect(uploadBatches([])).toEqual([]);
  });
});
