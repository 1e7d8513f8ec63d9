import type { MenuNode } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, build, call, ok, type TestServer, tokenOf } from '../../test/harness.js';
import { saberRefresh, saberSignIn } from './saber-test-kit.js';
import { SABER_VIEW_PATHS } from './saber-views.js';

const SABER = 'http://saber.test:2888';

const leaves = (nodes: MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

const routesOf = (t: TestServer, token: string) =>
  ok<MenuNode[]>(t.app, token, { method: 'GET', url: '/api/blade-system/menu/routes' });

/** Saber's access and refresh tokens, signed in as Saber does. */
async function saberTokens(t: TestServer) {
  const res = await saberSignIn(t, 'admin');
  expect(res.statusCode).toBe(200);
  return res.json().data as { accessToken: string; refreshToken: string };
}

describe('Saber 4.x: every sidebar entry opens (pages Saber has no view for, in its iframe)', () => {
  let t: TestServer;
  let ours: MenuNode[];
  beforeAll(async () => {
    t = await build({ SABER_URL: `${SABER}/` });
    ours = await routesOf(t, (await tokenOf(t.app)).access_token);
  });
  afterAll(() => t.close());

  it("a Saber session's menu gives each leaf a Saber view or the frame page of our page", async () => {
    const saber = await routesOf(t, (await saberTokens(t)).accessToken);
    const ourPaths = new Map(leaves(ours).map((n) => [n.id, n.path]));
    const saberLeaves = leaves(saber);
    expect(saberLeaves.map((n) => n.id)).toEqual([...ourPaths.keys()]);
    let framed = 0;
    for (const leaf of saberLeaves) {
      const path = ourPaths.get(leaf.id) ?? '';
      if (SABER_VIEW_PATHS.has(path)) expect(leaf.path, leaf.code).toBe(path);
      else {
        expect(leaf.path, leaf.code).toBe(`${SABER}/api/blade-saber/frame?to=${encodeURIComponent(path)}`);
        framed++;
      }
    }
    // A fresh install's 58 entries: the 20 of Saber's views, 38 in its iframe (issue 43 finding 2).
    expect(saberLeaves.length - framed).toBe(SABER_VIEW_PATHS.size);
    expect(framed).toBe(38);
    const byCode = new Map(saberLeaves.map((n) => [n.code, n.path]));
    expect(byCode.get('dict-vertical')).toBe(`${SABER}/api/blade-saber/frame?to=%2Fdict-vertical`);
    expect(byCode.get('region')).toBe('/base/region');
    // Saber keeps only leaves under a folder as iframe routes: no leaf of ours sits at the top.
    expect(saber.every((root) => root.children?.length)).toBe(true);
  });

  it('after a Saber refresh the menu is still Saber’s; our sessions and their refreshes keep ours', async () => {
    const refreshed = await saberRefresh(t, (await saberTokens(t)).refreshToken);
    const saber = await routesOf(t, (refreshed.json().data as { accessToken: string }).accessToken);
    expect(leaves(saber).some((n) => n.path?.startsWith(SABER))).toBe(true);
    expect(leaves(ours).every((n) => !/^https?:/.test(n.path ?? ''))).toBe(true);
    expect(await routesOf(t, (await tokenOf(t.app)).access_token)).toEqual(ours);
  });

  it('the frame page trades Saber’s token for a one-time ticket that signs our web in (our menus)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/blade-saber/frame?to=%2Fmall%2Fproduct' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-to="/mall/product"');
    expect(page.body).toContain(`data-saber="${SABER}"`);
    expect(page.body).toContain('data-web="http://localhost:80"');
    expect(page.body).toContain('正在打开页面');
    const script = await t.app.inject({ method: 'GET', url: '/api/blade-saber/frame.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain("'saber3-access-token='");
    // What the script does with Saber's token: the ticket call, then our web's /sso redeems it.
    const { accessToken } = await saberTokens(t);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/sq-user/ticket',
      headers: { 'blade-auth': `bearer ${accessToken}` },
    });
    expect(issued.statusCode).toBe(200);
    const { ticket } = issued.json().data as { ticket: string };
    const redeemed = await t.app.inject({
      method: 'GET',
      url: '/api/sq-user/sso',
      query: { ticket },
      headers: { authorization: BASIC },
    });
    expect(redeemed.statusCode).toBe(200);
    expect(await routesOf(t, redeemed.json().access_token)).toEqual(ours);
  });

  it('the frame page opens only our own paths, and speaks English when asked', async () => {
    for (const to of ['//evil.test/x', 'https://evil.test', 'javascript:alert(1)', '/a"b', '']) {
      const res = await call(t.app, undefined, {
        method: 'GET',
        url: '/api/blade-saber/frame',
        query: { to },
      });
      expect(res.statusCode, to).toBe(400);
      expect(res.json().msg).toBe('页面地址不合法');
    }
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/blade-saber/frame?to=/work/start',
      headers: { 'accept-language': 'en' },
    });
    expect(en.body).toContain('Opening the page');
    expect(en.body).toContain('Your Saber session has ended');
  });

  it('our web’s /sso may be framed by SABER_URL, every other page by our origin only', async () => {
    const sso = await t.app.inject({ method: 'GET', url: '/sso?ticket=x&embed=1' });
    expect(sso.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${SABER};`);
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.headers['content-security-policy']).toContain("frame-ancestors 'self';");
  });
});

describe('Saber 4.x frames without SABER_URL', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('the frame page sits on the origin Saber called from, and /sso stays unframeable', async () => {
    const { accessToken } = await saberTokens(t);
    const routes = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/menu/routes',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${accessToken}`, referer: `${SABER}/` },
    });
    const framed = leaves(routes.json().data).find((n) => n.code === 'dict-vertical');
    expect(framed?.path).toBe(`${SABER}/api/blade-saber/frame?to=%2Fdict-vertical`);
    const sso = await t.app.inject({ method: 'GET', url: '/sso?ticket=x' });
    expect(sso.headers['content-security-policy']).toContain("frame-ancestors 'self';");
    const page = await t.app.inject({ method: 'GET', url: '/api/blade-saber/frame?to=/dict-vertical' });
    expect(page.body).toContain('data-saber=""');
  });
});
