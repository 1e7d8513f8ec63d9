import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { deptNamed, ok, roleWith, USER_SCREEN_CODES, userWith } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;

/** Authority never grows by delegation: what a user hands out, assigns and acts on stays within what it holds. */
describe('authority within a tenant', () => {
  let t: TestServer;
  let admin: string;
  let adminRoleId: string;
  let adminUserId: string;
  let head: string;
  let east: string;
  let west: string;
  let managerRole: string;
  let clerkRole: string;
  let manager: { id: string; token: string };
  let eastClerk: { id: string; token: string };
  let westClerk: { id: string; token: string };
  let ownDept: string;

  const USER_BUTTONS = [...USER_SCREEN_CODES, 'user_role', 'user_reset', 'user_unlock', 'user_platform'];

  beforeAll(async () => {
    t = await build();
    const signed = await tokenOf(t.app);
    admin = signed.access_token;
    adminUserId = String(signed.user_id);
    adminRoleId = String(signed.role_id);
    head = String(
      (await ok<Row[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!.id,
    );
    east = await deptNamed(t.app, admin, 'East', head);
    west = await deptNamed(t.app, admin, 'West', head);
    ownDept = String(
      (
        await ok<Row>(t.app, admin, {
          method: 'POST',
          url: '/api/blade-system/data-scope/submit',
          payload: { resourceCode: 'user', scopeName: '本部门', scopeColumn: 'dept_id', scopeType: 4 },
        })
      ).id,
    );
    managerRole = await roleWith(t.app, t.services, admin, 'manager', USER_BUTTONS, {
      dataScopeIds: [ownDept],
    });
    clerkRole = await roleWith(t.app, t.services, admin, 'clerk', ['system', 'user', 'user_view'], {
      dataScopeIds: [ownDept],
    });
    manager = await userWith(t.app, admin, { account: 'manager', roleId: managerRole, deptId: east });
    eastClerk = await userWith(t.app, admin, { account: 'eastclerk', roleId: clerkRole, deptId: east });
    westClerk = await userWith(t.app, admin, { account: 'westclerk', roleId: clerkRole, deptId: west });
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload: Row, query?: Record<string, string>) =>
    call(t.app, token, { method: 'POST', url, payload, ...(query ? { query } : {}) });

  it('a manager cannot hand itself or a new account the administrator role', async () => {
    const created = await post(manager.token, '/api/blade-user/submit', {
      account: 'sneaky',
      password: md5('pass-1234'),
      realName: 'Sneaky',
      roleId: adminRoleId,
      deptId: east,
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().msg).toBe('角色「超级管理员」拥有你自己没有的权限，你不能分配、修改或删除它');
    const self = await post(manager.token, '/api/blade-user/update', {
      id: manager.id,
      roleId: `${managerRole},${adminRoleId}`,
    });
    expect(self.statusCode).toBe(403);
    const submitSelf = await post(manager.token, '/api/blade-user/submit', {
      id: manager.id,
      roleId: adminRoleId,
    });
    expect(submitSelf.statusCode).toBe(403);
    const grant = await post(
      manager.token,
      '/api/blade-user/grant',
      {},
      { userIds: manager.id, roleIds: adminRoleId },
    );
    expect(grant.statusCode).toBe(403);
    const grantClerk = await post(
      manager.token,
      '/api/blade-user/grant',
      {},
      {
        userIds: eastClerk.id,
        roleIds: adminRoleId,
      },
    );
    expect(grantClerk.statusCode).toBe(403);
    const roles = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_user')
      .select(['account', 'role_id'])
      .where('account', 'in', ['manager', 'eastclerk', 'sneaky'])
      .execute();
    expect(roles.map((r) => [r.account, r.role_id]).sort()).toEqual([
      ['eastclerk', clerkRole],
      ['manager', managerRole],
    ]);
    // What it holds itself (its own role, or a narrower one) it may hand out.
    const hired = await ok<Row>(t.app, manager.token, {
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: {
        account: 'hired',
        password: md5('pass-1234'),
        realName: 'Hired',
        roleId: clerkRole,
        deptId: east,
      },
    });
    await ok(t.app, manager.token, {
      method: 'POST',
      url: '/api/blade-user/grant',
      query: { userIds: String(hired.id), roleIds: managerRole },
    });
  });

  it('acts only on users within its data scope and authority', async () => {
    const adminTarget = { userIds: adminUserId };
    for (const url of ['/api/blade-user/reset-password', '/api/blade-user/unlock']) {
      expect((await post(manager.token, url, {}, adminTarget)).statusCode, url).toBe(404);
      expect((await post(manager.token, url, {}, { userIds: westClerk.id })).statusCode, url).toBe(404);
    }
    const detail = await call(t.app, manager.token, {
      method: 'GET',
      url: '/api/blade-user/platform-detail',
      query: { userId: westClerk.id },
    });
    expect(detail.statusCode).toBe(404);
    expect(
      (await post(manager.token, '/api/blade-user/update-platform', { userId: westClerk.id, userType: 2 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(manager.token, '/api/blade-user/update', { id: westClerk.id, realName: 'x' })).statusCode,
    ).toBe(404);
    expect((await post(manager.token, '/api/blade-user/remove', {}, { ids: westClerk.id })).statusCode).toBe(
      404,
    );

    // The administrator moved into the manager's department: visible now, still beyond its authority.
    await t.services.data
      .forTenant('000000')
      .updateTable('blade_user')
      .set({ dept_id: east })
      .where('id', '=', Number(adminUserId))
      .execute();
    try {
      for (const url of ['/api/blade-user/reset-password', '/api/blade-user/unlock']) {
        const res = await post(manager.token, url, {}, adminTarget);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().msg).toBe('不能管理用户 admin：其权限超出你自己的权限');
      }
      expect(
        (await post(manager.token, '/api/blade-user/update', { id: adminUserId, realName: 'owned' }))
          .statusCode,
      ).toBe(403);
      expect((await post(manager.token, '/api/blade-user/remove', {}, { ids: adminUserId })).statusCode).toBe(
        403,
      );
      expect(
        (
          await call(t.app, manager.token, {
            method: 'GET',
            url: '/api/blade-user/platform-detail',
            query: { userId: adminUserId },
          })
        ).statusCode,
      ).toBe(403);
      expect((await tokenOf(t.app)).account).toBe('admin');
    } finally {
      await t.services.data
        .forTenant('000000')
        .updateTable('blade_user')
        .set({ dept_id: head })
        .where('id', '=', Number(adminUserId))
        .execute();
    }
    // Users within both it manages.
    await ok(t.app, manager.token, {
      method: 'POST',
      url: '/api/blade-user/unlock',
      query: { userIds: eastClerk.id },
    });
  });

  it('role grants merge: a grantor keeps what it does not hold and cannot add or widen beyond itself', async () => {
    const grantor = await userWith(t.app, admin, {
      account: 'grantor',
      roleId: await roleWith(
        t.app,
        t.services,
        admin,
        'grantor',
        ['authority', 'role', 'role_setting', 'system', 'user'],
        {
          dataScopeIds: [ownDept],
        },
      ),
      deptId: east,
    });
    const menuIds = async (codes: string[]) =>
      (
        await t.services.data.global
          .selectFrom('blade_menu')
          .select('id')
          .where('code', 'in', codes)
          .execute()
      ).map((m) => String(m.id));
    const adminMenus = async () =>
      (
        await t.services.data
          .forTenant('000000')
          .selectFrom('blade_role_menu')
          .select('menu_id')
          .where('role_id', '=', Number(managerRole))
          .execute()
      ).length;
    const before = await adminMenus();
    // Granting the manager role only what the grantor sees does not strip the buttons it cannot see.
    await ok(t.app, grantor.token, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: {
        roleIds: managerRole,
        menuIds: (await menuIds(['system', 'user'])).join(','),
        dataScopeIds: ownDept,
      },
    });
    expect(await adminMenus()).toBe(before);
    const adding = await post(grantor.token, '/api/blade-system/role/grant', {
      roleIds: managerRole,
      menuIds: (await menuIds(['system', 'user', 'param'])).join(','),
      dataScopeIds: ownDept,
    });
    expect(adding.statusCode).toBe(403);
    expect(adding.json().msg).toBe('只能授予自己拥有的菜单和按钮');
    // Dropping its own department rule would let the role see every user.
    const widening = await post(grantor.token, '/api/blade-system/role/grant', {
      roleIds: managerRole,
      menuIds: (await menuIds(['system', 'user'])).join(','),
      dataScopeIds: '',
    });
    expect(widening.statusCode).toBe(403);
    expect(widening.json().msg).toBe('数据权限不能超出你自己的数据范围（user）');
    const apiScope = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      payload: { resourceCode: 'user', scopeName: '用户接口', scopePath: '/api/blade-user/**' },
    });
    const api = await post(grantor.token, '/api/blade-system/role/grant', {
      roleIds: managerRole,
      menuIds: (await menuIds(['system', 'user'])).join(','),
      dataScopeIds: ownDept,
      apiScopeIds: String(apiScope.id),
    });
    expect(api.statusCode).toBe(403);
    const offered = await ok<{ dataScope: Row[]; apiScope: Row[] }>(t.app, grantor.token, {
      method: 'GET',
      url: '/api/blade-system/role/grant-scopes',
    });
    expect(offered.dataScope.map((s) => s.id)).toContain(ownDept);
    expect(offered.apiScope).toEqual([]);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/api-scope/remove',
      query: { ids: String(apiScope.id) },
    });
  });

  it('protects the administrator role and roles in use', async () => {
    const removeAdmin = await post(admin, '/api/blade-system/role/remove', {}, { ids: adminRoleId });
    expect(removeAdmin.statusCode).toBe(400);
    expect(removeAdmin.json().msg).toBe('超级管理员角色不能删除，其角色别名也不能修改');
    const rename = await post(admin, '/api/blade-system/role/submit', {
      id: adminRoleId,
      roleAlias: 'renamed',
    });
    expect(rename.statusCode).toBe(400);
    const inUse = await post(admin, '/api/blade-system/role/remove', {}, { ids: clerkRole });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toMatch(/^角色「clerk」仍分配给 2 个用户（eastclerk, westclerk/);
    const spare = await roleWith(t.app, t.services, admin, 'spare', []);
    await ok(t.app, admin, { method: 'POST', url: '/api/blade-system/role/remove', query: { ids: spare } });
    const roles = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_role')
      .select(['role_alias', 'is_deleted'])
      .where('role_alias', 'in', ['administrator', 'clerk', 'spare'])
      .execute();
    expect(Object.fromEntries(roles.map((r) => [r.role_alias, r.is_deleted]))).toEqual({
      administrator: 0,
      clerk: 0,
      spare: 1,
    });
    expect((await tokenOf(t.app)).role_name).toBe('administrator');
  });
});
