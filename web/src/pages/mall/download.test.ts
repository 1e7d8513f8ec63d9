import { describe, expect, it } from 'vitest';
import { BYTES_PER_ROW, downloadProgress, fileNameOf } from './download';

describe('download progress', () => {
  it('uses the length when the server sends one', () => {
    expect(downloadProgress(500, 10, 1000).percent).toBe(50);
  });

  it('estimates from the announced rows and stays under 100 until the end', () => {
    const rows = 1000;
    const early = downloadProgress(10_000, rows, null);
    expect(early.percent).toBeGreaterThan(0);
    expect(early.percent).toBeLessThan(99);
    expect(downloadProgress(rows * BYTES_PER_ROW * 10, rows, null).percent).toBe(99);
  });

  it('shows no percentage when nothing announces the size', () => {
    expect(downloadProgress(4096, null, null)).toEqual({ received: 4096, rows: null, percent: 0 });
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameOf(`attachment; filename="links.xlsx"; filename*=UTF-8''%E9%93%BE%E6%8E%A5.xlsx`, 'x'),
    ).toBe('链接.xlsx');
    expect(fileNameOf('attachment; filename="links.xlsx"', 'x')).toBe('links.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
