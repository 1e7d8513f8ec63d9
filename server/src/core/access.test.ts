import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, roleWith, userWith } from '../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../test/harness.js';

type Row = Record<string, unknown>;

describe('API scopes', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('match the route a request reaches, so an encoded or reshaped path passes no scope it should not', async () => {
    const head = (await ok<Row[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const scope = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      payload: { resourceCode: 'product', scopeName: '商品分页', scopePath: '/api/mall/product/page' },
    });
    const menus = ['mall', 'product', 'product_view'];
    const holder = await userWith(t.app, admin, {
      account: 'scoped',
      roleId: await roleWith(t.app, t.services, admin, 'scoped', menus, { apiScopeIds: [String(scope.id)] }),
      deptId: String(head.id),
    });
    const other = await userWith(t.app, admin, {
      account: 'unscoped',
      roleId: await roleWith(t.app, t.services, admin, 'unscoped', menus),
      deptId: String(head.id),
    });
    const status = async (token: string, url: string) =>
      (await call(t.app, token, { method: 'GET', url })).statusCode;
    for (const url of ['/api/mall/product/page', '/api/mall/%70roduct/page', '/api/mall/produc%74/page']) {
      expect(await status(holder.token, url), url).toBe(200);
      expect(await status(other.token, url), url).toBe(403);
    }
    expect(await status(other.token, '/api/mall/product/page?x=/api/other')).toBe(403);
  });

  it("hold in either generation's paths: a scope on SpringBlade's user calls covers ours, and the other way round", async () => {
    const head = (await ok<Row[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const status = async (token: string, url: string) =>
      (await call(t.app, token, { method: 'GET', url })).statusCode;
    const menus = ['system', 'user', 'user_view'];
    for (const [name, scopePath, calls] of [
      ['saberForm', '/api/blade-system/user/**', ['/api/blade-system/user/list', '/api/blade-user/page']],
      ['oursForm', '/api/blade-user/page', ['/api/blade-system/user/list', '/api/blade-user/page']],
      ['writtenForm', '/api/blade-system/user/list', ['/api/blade-system/user/list', '/api/blade-user/page']],
    ] as const) {
      const scope = await ok<Row>(t.app, admin, {
        method: 'POST',
        url: '/api/blade-system/api-scope/submit',
        payload: { resourceCode: 'user', scopeName: name, scopePath },
      });
      const other = await userWith(t.app, admin, {
        account: `${name}Other`,
        roleId: await roleWith(t.app, t.services, admin, `${name}Other`, menus),
        deptId: String(head.id),
      });
      const holder = await userWith(t.app, admin, {
        account: `${name}Holder`,
        roleId: await roleWith(t.app, t.services, admin, `${name}Holder`, menus, {
          apiScopeIds: [String(scope.id)],
        }),
        deptId: String(head.id),
      });
      for (const url of calls) {
        expect(await status(other.token, url), `${scopePath} ${url}`).toBe(403);
        expect(await status(holder.token, url), `${scopePath} ${url}`).toBe(200);
      }
      await ok(t.app, admin, {
        method: 'POST',
        url: `/api/blade-system/api-scope/remove?ids=${String(scope.id)}`,
      });
    }
  });
});
