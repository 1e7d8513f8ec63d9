import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRefreshing, needsRegistration, refreshSession, shouldRefresh } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token refresh', () => {
  it('is due once the seconds since storing reach the token time', () => {
    const storedAt = 1_000_000;
    expect(shouldRefresh({ now: storedAt + 2_999_000, storedAt, tokenTime: 3000, running: false })).toBe(
      false,
    );
    expect(shouldRefresh({ now: storedAt + 3_000_000, storedAt, tokenTime: 3000, running: false })).toBe(
      true,
    );
  });
  it('is not due while a refresh is running or without a stored token', () => {
    expect(shouldRefresh({ now: 10_000_000, storedAt: 1, tokenTime: 1, running: true })).toBe(false);
    expect(shouldRefresh({ now: 10_000_000, storedAt: 0, tokenTime: 1, running: false })).toBe(false);
  });
  it('releases the running flag after a failure and after a success', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ code: 400, error_description: 'x' }), { status: 400 }),
    );
    const failed = refreshSession();
    expect(isRefreshing()).toBe(true);
    await expect(failed).rejects.toThrow('x');
    expect(isRefreshing()).toBe(false);
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            code: 200,
            access_token: 'a',
            refresh_token: 'r',
            tenant_id: '000000',
            user_id: '1',
          }),
          {
            status: 200,
          },
        ),
    );
    await expect(refreshSession()).resolves.toMatchObject({ access_token: 'a' });
    expect(isRefreshing()).toBe(false);
  });
});

describe('guest registration', () => {
  it('is needed for a missing or negative user id only', () => {
    expect(needsRegistration(undefined)).toBe(true);
    expect(needsRegistration('')).toBe(true);
    expect(needsRegistration('-1')).toBe(true);
    expect(needsRegistration(-1)).toBe(true);
    expect(needsRegistration('373708962289024')).toBe(false);
    expect(needsRegistration(0)).toBe(false);
  });
});
