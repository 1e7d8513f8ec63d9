import type { OnlineSession, Page } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { redeemTicket, serverForDescribe, type TokenBody, tokenOf } from '../../test/harness.js';

const PROFILE = { method: 'GET' as const, url: '/api/blade-auth/oauth/user-info' };
const LOGOUT = { method: 'POST' as const, url: '/api/blade-auth/oauth/logout' };

/**
 * A session opened by a single sign-on ticket (another window; our page inside Saber's frame)
 * belongs to the session that issued the ticket: signing that one out, or 强退 of it, ends the
 * windows it opened, however deep; ending a window leaves its issuer as it was.
 */
describe('sessions opened by a ticket end with the session that issued it', () => {
  const t = serverForDescribe();

  /** A new session opened by a ticket the holder of `token` asks for. */
  const opened = async (token: string): Promise<string> => {
    const { ticket } = await t.ok<{ ticket: string }>({ method: 'POST', url: '/api/sq-user/ticket' }, token);
    const res = await redeemTicket(t.app, ticket);
    expect(res.statusCode).toBe(200);
    return res.json<TokenBody>().access_token;
  };

  it('signing the issuer out ends the windows it opened, and theirs', async () => {
    const issuer = (await tokenOf(t.app)).access_token;
    const window = await opened(issuer);
    const nested = await opened(window);
    const unrelated = (await tokenOf(t.app)).access_token;
    for (const token of [issuer, window, nested]) expect(await t.status(PROFILE, token)).toBe(200);

    expect(await t.status(LOGOUT, issuer)).toBe(200);
    for (const token of [issuer, window, nested]) expect(await t.status(PROFILE, token)).toBe(401);
    expect(await t.status(PROFILE, unrelated)).toBe(200);
  });

  it('强退 of the issuer ends its windows; a window signed out leaves the issuer', async () => {
    const issuer = (await tokenOf(t.app)).access_token;
    const first = await opened(issuer);
    expect(await t.status(LOGOUT, first)).toBe(200);
    expect(await t.status(PROFILE, issuer)).toBe(200);

    const second = await opened(issuer);
    const sessions = await t.ok<Page<OnlineSession>>(
      {
        method: 'GET',
        url: '/api/blade-auth/online/mine',
        query: { size: '200' },
      },
      issuer,
    );
    const own = sessions.records.find((s) => s.current)!;
    expect(
      await t.ok({ method: 'POST', url: '/api/blade-auth/online/logout', payload: { ids: own.id } }),
    ).toEqual({
      ended: 1,
    });
    expect(await t.status(PROFILE, issuer)).toBe(401);
    expect(await t.status(PROFILE, second)).toBe(401);
  });
});
