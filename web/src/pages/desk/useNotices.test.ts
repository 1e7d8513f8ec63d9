import { describe, expect, it } from 'vitest';
import { mergeNotices } from './useNotices';

const n = (id: string) => ({ id, title: `t${id}`, category: 1, releaseTime: '2026-01-01 00:00:00' });

describe('mergeNotices', () => {
  it('puts the arrival first, drops its older copy and keeps five', () => {
    const five = ['1', '2', '3', '4', '5'].map(n);
    expect(mergeNotices(five, n('6')).map((x) => x.id)).toEqual(['6', '1', '2', '3', '4']);
    expect(mergeNotices(five, n('3')).map((x) => x.id)).toEqual(['3', '1', '2', '4', '5']);
  });
});
