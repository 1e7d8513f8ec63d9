import type { OnlineSession, Page } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deptNamed, roleWith, tenantWithAdmin, userWith } from '../../test/fixtures.js';
import { call, type SharedServers, serverForDescribe, sharedServers, tokenOf } from '../../test/harness.js';

const LIST = '/api/blade-auth/online/list';
const END = '/api/blade-auth/online/logout';
const MINE = '/api/blade-auth/online/mine';
const END_MINE = '/api/blade-auth/online/mine/logout';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0) OnlineTest/1.0';
/** Any call that needs a live session. */
const PROFILE = { method: 'GET' as const, url: '/api/blade-auth/oauth/user-info' };

type Sessions = Page<OnlineSession>;

const signedIn = async (app: FastifyInstance, who: Parameters<typeof tokenOf>[1] = {}) =>
  (await tokenOf(app, { ...who, headers: { 'user-agent': BROWSER, ...who.headers } })).access_token;

describe('online sessions', () => {
  const t = serverForDescribe();

  /** A user of the platform tenant with no screen at all. */
  const plainUser = async (account: string) =>
    userWith(t.app, t.admin, {
      account,
      roleId: await roleWith(t.app, t.services, t.admin, `${account}-role`, []),
      deptId: await deptNamed(t.app, t.admin, `${account}-dept`),
    });

  const list = (token: string, query: Record<string, string> = {}) =>
    t.ok<Sessions>({ method: 'GET', url: LIST, query: { size: '200', ...query } }, token);

  it('lists live sessions with address, browser and times, and 强退 ends one at its next request', async () => {
    const other = await signedIn(t.app);
    const page = await list(t.admin);
    const mine = page.records.find((s) => s.current);
    expect(mine).toMatchObject({ tenantId: '000000', account: 'admin', clientId: 'saber' });
    const second = page.records.find((s) => !s.current && s.userAgent === BROWSER);
    expect(second).toMatchObject({ account: 'admin', ip: '127.0.0.1', tenantName: '管理组' });
    expect(second!.signedInAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(second!.lastSeen).toBe(second!.signedInAt);
    expect(second!.expiresAt > second!.signedInAt).toBe(true);

    expect((await t.call(PROFILE, other)).statusCode).toBe(200);
    expect(await t.ok({ method: 'POST', url: END, payload: { ids: second!.id } })).toEqual({ ended: 1 });
    expect((await t.call(PROFILE, other)).statusCode).toBe(401);
    expect((await list(t.admin)).records.some((s) => s.id === second!.id)).toBe(false);
    // Ended already: nothing to end.
    expect(await t.status({ method: 'POST', url: END, payload: { ids: second!.id } })).toBe(404);
  });

  it('a tenant administrator sees and ends only its tenant’s sessions; the platform sees every tenant', async () => {
    const tenantAdmin = await tenantWithAdmin(t.app, t.services, '515151');
    const platform = (await list(t.admin)).records.find((s) => s.current)!;
    const seen = await list(tenantAdmin);
    expect(seen.records.length).toBeGreaterThan(0);
    expect(seen.records.every((s) => s.tenantId === '515151')).toBe(true);
    // Its tenant filter is ignored: a tenant's caller always sees its own.
    expect(
      (await list(tenantAdmin, { tenantId: '000000' })).records.every((s) => s.tenantId === '515151'),
    ).toBe(true);
    expect(await t.status({ method: 'POST', url: END, payload: { ids: platform.id } }, tenantAdmin)).toBe(
      404,
    );
    expect((await t.call(PROFILE)).statusCode).toBe(200);

    const all = await list(t.admin);
    expect(new Set(all.records.map((s) => s.tenantId))).toEqual(new Set(['000000', '515151']));
    const filtered = await list(t.admin, { tenantId: '515151' });
    expect(filtered.records.map((s) => s.id)).toEqual(seen.records.map((s) => s.id));
    expect((await list(t.admin, { account: 'no-such-account' })).total).toBe(0);
  });

  it('the screen and 强退 need their codes', async () => {
    const user = await plainUser('plain-online');
    expect(await t.status({ method: 'GET', url: LIST }, user.token)).toBe(403);
    expect(await t.status({ method: 'POST', url: END, payload: { ids: '1' } }, user.token)).toBe(403);
  });

  it('a user lists and ends its own other sessions in personal info, and no one else’s', async () => {
    const user = await plainUser('self-online');
    const phone = await signedIn(t.app, { account: 'self-online', password: 'pass-1234' });
    const own = await t.ok<Sessions>({ method: 'GET', url: MINE }, user.token);
    expect(own.records.map((s) => s.account)).toEqual(['self-online', 'self-online']);
    const other = own.records.find((s) => !s.current)!;
    expect(other.userAgent).toBe(BROWSER);

    const adminSession = (await list(t.admin)).records.find((s) => s.current)!;
    expect(
      await t.status({ method: 'POST', url: END_MINE, payload: { ids: adminSession.id } }, user.token),
    ).toBe(404);
    expect(await t.ok({ method: 'POST', url: END_MINE, payload: { ids: other.id } }, user.token)).toEqual({
      ended: 1,
    });
    expect((await t.call(PROFILE, phone)).statusCode).toBe(401);
    expect((await t.call(PROFILE, user.token)).statusCode).toBe(200);
  });

  it('last seen is written at most once a minute per session, after the request', async () => {
    const token = await signedIn(t.app);
    const id = (await list(token)).records.find((s) => s.current)!.id;
    const db = t.services.data.global;
    const lastSeen = async () =>
      String(
        (
          await db
            .selectFrom('blade_auth_session')
            .select('last_seen')
            .where('id', '=', Number(id))
            .executeTakeFirstOrThrow()
        ).last_seen,
      );
    const OLD = '2020-01-01 00:00:00';
    await db.updateTable('blade_auth_session').set({ last_seen: OLD }).where('id', '=', Number(id)).execute();
    await t.call(PROFILE, token);
    await t.services.sessions.writeSeen();
    // Seen at sign-in less than a minute ago: nothing written.
    expect(await lastSeen()).toContain('2020');

    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      await t.call(PROFILE, token);
      await t.call(PROFILE, token);
      await t.services.sessions.writeSeen();
      expect(await lastSeen()).not.toContain('2020');
    } finally {
      clock.mockRestore();
    }
  });
});

const REDIS = process.env.TEST_REDIS_URL;

/** Two processes on one database and one Redis: 强退 in one ends the session in the other. */
describe.skipIf(!REDIS)('强退 across two processes', () => {
  let servers: SharedServers;
  beforeAll(async () => {
    servers = await sharedServers(2, REDIS!);
  });
  afterAll(() => servers.close());

  it('a session ended in one process is refused by the other at its next request', async () => {
    const [a, b] = servers.apps as [FastifyInstance, FastifyInstance];
    const operator = await signedIn(a);
    const victim = await signedIn(b, { headers: { 'user-agent': 'Victim/1.0' } });
    // The other process has read the session and remembers it.
    expect((await call(b, victim, PROFILE)).statusCode).toBe(200);
    const page = (await call(a, operator, { method: 'GET', url: LIST })).json<{ data: Sessions }>().data;
    const target = page.records.find((s) => s.userAgent === 'Victim/1.0')!;
    const ended = await call(a, operator, { method: 'POST', url: END, payload: { ids: target.id } });
    expect(ended.json()).toMatchObject({ data: { ended: 1 } });
    expect((await call(b, victim, PROFILE)).statusCode).toBe(401);
    expect((await call(b, operator, PROFILE)).statusCode).toBe(200);
  });
});
