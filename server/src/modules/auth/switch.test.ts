import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { changedOnFirstSignIn, deptNamed, ok, roleWith } from '../../test/fixtures.js';
import {
  BASIC,
  build,
  call,
  refreshToken,
  signIn,
  type TestServer,
  type TokenBody,
  tokenOf,
} from '../../test/harness.js';

describe('switch mode and account status', () => {
  let t: TestServer;
  let admin: string;
  let roles: [string, string];
  let depts: [string, string];
  let userId: string;

  beforeAll(async () => {
    t = await build({ SWITCH_MODE: 'true' });
    admin = (await tokenOf(t.app)).access_token;
    roles = [
      await roleWith(t.app, t.services, admin, 'cashier', ['mall']),
      await roleWith(t.app, t.services, admin, 'auditor', ['system']),
    ];
    const head = (
      await ok<Array<{ id: string }>>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' })
    )[0]!;
    depts = [await deptNamed(t.app, admin, 'Shop', head.id), await deptNamed(t.app, admin, 'Audit', head.id)];
    const user = await ok<{ id: string }>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: {
        account: 'dual',
        password: md5('given-pass-1'),
        realName: 'Dual',
        roleId: roles.join(','),
        deptId: depts[0],
      },
    });
    userId = user.id;
    await changedOnFirstSignIn(t.app, {
      tenantId: '000000',
      account: 'dual',
      oneTime: 'given-pass-1',
      newPassword: 'dual-pass',
    });
  });
  afterAll(() => t.close());

  it('picks the role named by Role-Id at sign-in, and refuses one the user does not hold', async () => {
    const both = await tokenOf(t.app, { account: 'dual', password: 'dual-pass' });
    expect(both.role_id).toBe(roles.join(','));
    const auditor = await tokenOf(t.app, {
      account: 'dual',
      password: 'dual-pass',
      headers: { 'role-id': roles[1] },
    });
    expect(auditor.role_id).toBe(roles[1]);
    expect(auditor.role_name).toBe('auditor');
    const routes = JSON.stringify(
      (
        await call(t.app, auditor.access_token, { method: 'GET', url: '/api/blade-system/menu/routes' })
      ).json().data,
    );
    expect(routes).toContain('"code":"system"');
    expect(routes).not.toContain('"code":"mall"');

    const foreign = await signIn(t.app, {
      account: 'dual',
      password: 'dual-pass',
      headers: { 'role-id': '123456789' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error_description).toBe('所选部门或角色不属于当前用户');
  });

  it('switches role on refresh with the Role-Id header', async () => {
    const first = await tokenOf(t.app, {
      account: 'dual',
      password: 'dual-pass',
      headers: { 'role-id': roles[0] },
    });
    const res = await refreshToken(t.app, first.refresh_token, { headers: { 'role-id': roles[1] } });
    expect(res.statusCode).toBe(200);
    expect(res.json<TokenBody>().role_id).toBe(roles[1]);
    const info = await call(t.app, res.json<TokenBody>().access_token, {
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
    });
    expect(info.json().data.roles).toEqual(['auditor']);
  });

  it('disabling a user ends their sessions and refuses sign-in', async () => {
    const session = await tokenOf(t.app, { account: 'dual', password: 'dual-pass' });
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-user/update',
      payload: { id: userId, status: 0 },
    });
    expect(
      (await call(t.app, session.access_token, { method: 'GET', url: '/api/blade-user/info' })).statusCode,
    ).toBe(401);
    expect((await signIn(t.app, { account: 'dual', password: 'dual-pass' })).json().error_description).toBe(
      '账号已停用，请联系管理员',
    );
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-user/update',
      payload: { id: userId, status: 1 },
    });
    expect((await signIn(t.app, { account: 'dual', password: 'dual-pass' })).statusCode).toBe(200);
  });

  it('guests register, wait for approval, and cannot sign in until approved', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/register-guest',
      headers: { authorization: BASIC },
      payload: {
        tenantId: '000000',
        name: 'Guest',
        account: 'guest1',
        password: md5('guest-pass'),
        oauthId: 'gh-1',
      },
    });
    expect(register.json()).toMatchObject({ code: 200, success: true });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/register-guest',
      payload: { tenantId: '000000', name: 'Guest', account: 'guest1', password: md5('guest-pass') },
    });
    // Before: a taken account answered "guest1 已存在" (409), telling anyone which accounts exist.
    expect(again.json()).toEqual(register.json());
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/register-guest',
      payload: { tenantId: '000000', name: 'Mallory', account: 'admin', password: md5('mallory') },
    });
    expect(admin.json()).toEqual(register.json());
    expect((await signIn(t.app, { account: 'admin', password: 'admin' })).statusCode).toBe(200);
    const rows = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_user')
      .select('account')
      .where('account', 'in', ['guest1', 'admin'])
      .execute();
    expect(rows.map((r) => r.account).sort()).toEqual(['admin', 'guest1']);
    expect(
      (await signIn(t.app, { account: 'guest1', password: 'guest-pass' })).json().error_description,
    ).toBe('账号正在等待管理员审核');
  });

  it("honours the tenant's account limit for guests", async () => {
    const count = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    await t.services.data.global
      .updateTable('blade_tenant')
      .set({ account_number: Number(count.n) })
      .where('tenant_id', '=', '000000')
      .execute();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blade-user/register-guest',
        payload: { tenantId: '000000', name: 'Late', account: 'late-guest', password: md5('late-pass') },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`账号数量已达到租户上限 ${count.n}，请联系管理员`);
    } finally {
      await t.services.data.global
        .updateTable('blade_tenant')
        .set({ account_number: -1 })
        .where('tenant_id', '=', '000000')
        .execute();
    }
  });
});
