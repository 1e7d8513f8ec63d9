import { describe, expect, it } from 'vitest';
import { browserOf } from './browser';

describe('browserOf', () => {
  it('names the browser, its major version and the system', () => {
    expect(
      browserOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 120 · Windows');
    expect(
      browserOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      ),
    ).toBe('Edge 120 · Windows');
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iOS');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe(
      'Firefox 121 · Linux',
    );
  });

  it('shows an unknown agent as it is, and none as nothing', () => {
    expect(browserOf('curl/8.4.0')).toBe('curl/8.4.0');
    expect(browserOf(null)).toBe('');
  });
});
