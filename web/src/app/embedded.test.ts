import { describe, expect, it } from 'vitest';
import { ssoTarget } from './embedded';

describe('ssoTarget', () => {
  it('goes to one of our paths', () => {
    expect(ssoTarget('/mall/product')).toBe('/mall/product');
    expect(ssoTarget('/dict-vertical')).toBe('/dict-vertical');
  });

  it('goes home for anything else: none, another site, a script', () => {
    for (const to of [null, '', '//evil.test', 'https://evil.test', 'javascript:alert(1)', '/a?b', 'mall']) {
      expect(ssoTarget(to), String(to)).toBe('/');
    }
  });
});
