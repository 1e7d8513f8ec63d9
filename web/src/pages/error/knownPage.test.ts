import { describe, expect, it } from 'vitest';
import { isKnownPage } from './knownPage';

describe('known pages', () => {
  it('knows built pages and declared screens, with or without /index', () => {
    expect(isKnownPage('/system/user/index')).toBe(true);
    expect(isKnownPage('/system/user')).toBe(true);
    expect(isKnownPage('/system/post/index')).toBe(true);
    expect(isKnownPage('/nope/index')).toBe(false);
    expect(isKnownPage('/')).toBe(false);
  });
});
