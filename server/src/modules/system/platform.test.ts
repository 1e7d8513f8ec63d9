import { resources } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { endpointAccess, METHOD } from '../../crud/resource-routes.js';
import { firstSignIn, ok, PLATFORM_TABLES, roleWith, userWith } from '../../test/fixtures.js';
import { build, call, refreshToken, type TestServer, tokenOf } from '../../test/harness.js';
import { PLATFORM_SCREENS } from './menu-service.js';

type Row = Record<string, unknown>;

describe('platform-owned data', () => {
  let t: TestServer;
  let admin: string;
  let allMenus: Array<{ id: number; code: string }>;
  let packaged: { tenantId: string; token: string };
  let bare: { tenantId: string; token: string };

  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    for (const table of PLATFORM_TABLES)
      out[table] = await t.services.data.global.selectFrom(table).selectAll().orderBy('id').execute();
    return out;
  };

  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    allMenus = await t.services.data.global.selectFrom('blade_menu').select(['id', 'code']).execute();
    // A package that names every menu there is, the platform's screens included.
    const pkg = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant-package/submit',
      payload: { packageName: 'Everything', menuId: allMenus.map((m) => String(m.id)).join(',') },
    });
    const make = async (tenantName: string, packageId?: unknown) => {
      const tenant = await ok<Row>(t.app, admin, {
        method: 'POST',
        url: '/api/blade-system/tenant/submit',
        payload: { tenantName },
      });
      if (packageId)
        await ok(t.app, admin, {
          method: 'POST',
          url: '/api/blade-system/tenant/package-setting',
          query: { tenantId: String(tenant.tenantId), packageId: String(packageId) },
        });
      return { tenantId: String(tenant.tenantId), token: await firstSignIn(t.app, tenant) };
    };
    packaged = await make('Packaged', pkg.id);
    bare = await make('No package');
  });
  afterAll(() => t.close());

  it('every generic write of a platform resource is the platform tenant’s alone (the route table says so)', () => {
    const platform = Object.values(resources).filter((r) => r.owner === 'platform');
    expect(platform.map((r) => r.name).sort()).toEqual(
      [
        'apiScope',
        'client',
        'code',
        'dataScope',
        'datasource',
        'dict',
        'menu',
        'param',
        'region',
        'report',
        'tenant',
        'tenantPackage',
      ].sort(),
    );
    let writes = 0;
    for (const r of platform)
      for (const endpoint of r.endpoints) {
        if (METHOD[endpoint] !== 'POST') continue;
        writes++;
        const route = t.app.apiRoutes.find(
          (a) => a.method === 'POST' && a.url === `/api${r.path}/${endpoint}`,
        );
        expect(route?.access, `${r.name} ${endpoint}`).toEqual(endpointAccess(r, endpoint));
        const access = route!.access;
        expect(access === 'administrator' || (typeof access === 'object' && access.platform), r.name).toBe(
          true,
        );
      }
    expect(writes).toBeGreaterThan(20);
  });

  it('a tenant administrator sees no platform screen or button, whatever its package', async () => {
    for (const tenant of [packaged, bare]) {
      const routes = JSON.stringify(
        await ok(t.app, tenant.token, { method: 'GET', url: '/api/blade-system/menu/routes' }),
      );
      const buttons = JSON.stringify(
        await ok(t.app, tenant.token, { method: 'GET', url: '/api/blade-system/menu/buttons' }),
      );
      const tree = JSON.stringify(
        await ok(t.app, tenant.token, { method: 'GET', url: '/api/blade-system/menu/grant-tree' }),
      );
      for (const code of [
        ...PLATFORM_SCREENS,
        'param_add',
        'menu_edit',
        'dict_add',
        'apiscope_add',
        'tenant_add',
      ]) {
        expect(routes, `${tenant.tenantId} ${code}`).not.toContain(`"code":"${code}"`);
        expect(buttons, `${tenant.tenantId} ${code}`).not.toContain(`"code":"${code}"`);
      }
      expect(tree).not.toContain('"title":"参数管理"');
      expect(routes).toContain('"code":"user"');
      expect(buttons).toContain('"code":"user_add"');
    }
  });

  it('a tenant administrator changes no platform data: parameters, menus, dictionaries, regions, scopes', async () => {
    const before = await snapshot();
    const param = (
      await t.services.data.global.selectFrom('blade_param').select('id').executeTakeFirstOrThrow()
    ).id;
    const menu = allMenus.find((m) => m.code === 'user')!.id;
    const dict = (
      await t.services.data.global
        .selectFrom('blade_dict')
        .select('id')
        .where('code', '=', 'sex')
        .executeTakeFirstOrThrow()
    ).id;
    const attempts: Array<[string, Row]> = [
      ['/api/blade-system/param/submit', { paramName: 'x', paramKey: 'x.y', paramValue: 'z' }],
      ['/api/blade-system/param/submit', { id: String(param), paramValue: 'owned' }],
      ['/api/blade-system/menu/submit', { id: String(menu), code: 'hijacked' }],
      ['/api/blade-system/dict/submit', { id: String(dict), dictValue: 'owned' }],
      ['/api/blade-system/region/submit', { code: '99', name: 'Nowhere', regionLevel: 1 }],
      [
        '/api/blade-system/data-scope/submit',
        { resourceCode: 'user', scopeName: 'all', scopeColumn: 'dept_id', scopeType: 1 },
      ],
      [
        '/api/blade-system/api-scope/submit',
        { resourceCode: 'mall', scopeName: 'mall', scopePath: '/api/mall/**' },
      ],
      ['/api/blade-system/tenant-package/submit', { packageName: 'Mine', menuId: String(menu) }],
    ];
    for (const tenant of [packaged, bare])
      for (const [url, payload] of attempts) {
        const res = await call(t.app, tenant.token, { method: 'POST', url, payload });
        expect(res.statusCode, `${tenant.tenantId} ${url}`).toBe(403);
      }
    for (const url of [
      '/api/blade-system/param/remove',
      '/api/blade-system/menu/remove',
      '/api/blade-system/dict/remove',
    ]) {
      const res = await call(t.app, packaged.token, { method: 'POST', url, query: { ids: String(param) } });
      expect(res.statusCode, url).toBe(403);
    }
    // Nor through a grant: the platform's buttons cannot be handed to one of its roles.
    const roles = await ok<Row[]>(t.app, packaged.token, {
      method: 'GET',
      url: '/api/blade-system/role/tree',
    });
    const grant = await call(t.app, packaged.token, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: {
        roleIds: String(roles[0]!.id),
        menuIds: allMenus
          .filter((m) => m.code === 'param' || m.code === 'param_edit')
          .map((m) => String(m.id))
          .join(','),
      },
    });
    expect(grant.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('platform buttons written straight into a tenant role’s grants still grant nothing', async () => {
    const db = t.services.data.forTenant(bare.tenantId);
    const role = await db.selectFrom('blade_role').select('id').executeTakeFirstOrThrow();
    const platformMenus = allMenus.filter((m) => ['param', 'param_add', 'param_edit'].includes(m.code));
    await db
      .insertInto('blade_role_menu')
      .values(
        platformMenus.map((m, i) => ({
          id: 9_000_000 + i,
          tenant_id: bare.tenantId,
          role_id: role.id,
          menu_id: m.id,
        })),
      )
      .execute();
    const again = await tokenOf(t.app, {
      tenantId: bare.tenantId,
      account: 'admin',
      password: 'owner-pass-1',
    });
    expect(
      (await call(t.app, again.access_token, { method: 'GET', url: '/api/blade-system/param/list' }))
        .statusCode,
    ).toBe(403);
    const res = await call(t.app, again.access_token, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: 'x', paramKey: 'x.z', paramValue: 'z' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('platform staff (tenant 000000) write the platform data their buttons name', async () => {
    const head = (await ok<Row[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const staff = await userWith(t.app, admin, {
      account: 'paramstaff',
      roleId: await roleWith(t.app, t.services, admin, 'paramstaff', [
        'system',
        'param',
        'param_add',
        'param_edit',
      ]),
      deptId: String(head.id),
    });
    const row = await ok<Row>(t.app, staff.token, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: 'staff', paramKey: 'staff.key', paramValue: 'v' },
    });
    expect(row.paramKey).toBe('staff.key');
    const tenants = await call(t.app, staff.token, { method: 'GET', url: '/api/blade-system/tenant/list' });
    expect(tenants.statusCode).toBe(403);
  });

  it('tenants still read what they need: dictionaries, regions, the scopes they may grant', async () => {
    const sex = await ok<Row[]>(t.app, bare.token, {
      method: 'GET',
      url: '/api/blade-system/dict/dictionary',
      query: { code: 'sex' },
    });
    expect(sex.map((d) => d.dictKey)).toEqual(['1', '2', '3']);
    expect(
      (await call(t.app, bare.token, { method: 'GET', url: '/api/blade-system/region/lazy-tree' }))
        .statusCode,
    ).toBe(200);
    const scope = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: { resourceCode: 'user', scopeName: '本人', scopeColumn: 'create_user', scopeType: 3 },
    });
    const offered = await ok<{ dataScope: Row[]; apiScope: Row[] }>(t.app, bare.token, {
      method: 'GET',
      url: '/api/blade-system/role/grant-scopes',
    });
    expect(offered.dataScope.map((s) => s.id)).toContain(scope.id);
  });

  it('a new tenant’s administrator gets a random one-time password, answered once, changed at first sign-in', async () => {
    const tenant = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: 'Fresh' },
    });
    expect(tenant.adminAccount).toBe('admin');
    expect(String(tenant.adminPassword)).toMatch(/^[A-Za-z0-9]{12}$/);
    const other = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: 'Fresh too' },
    });
    expect(other.adminPassword).not.toBe(tenant.adminPassword);
    const detail = await ok<Row>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/tenant/detail',
      query: { id: String(tenant.id) },
    });
    expect(detail.adminPassword).toBeUndefined();
    const edited = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { id: String(tenant.id), tenantName: 'Fresher' },
    });
    expect(edited.adminPassword).toBeUndefined();
    const first = await tokenOf(t.app, {
      tenantId: String(tenant.tenantId),
      account: 'admin',
      password: String(tenant.adminPassword),
    });
    expect(first.password_change_required).toBe(true);
    const blocked = await call(t.app, first.access_token, {
      method: 'GET',
      url: '/api/blade-system/menu/routes',
    });
    expect(blocked.statusCode).toBe(403);
    expect(
      (await call(t.app, first.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' }))
        .statusCode,
    ).toBe(200);
    // Changing it keeps that sign-in: its refresh answers a token no longer held back.
    await ok(t.app, first.access_token, {
      method: 'POST',
      url: '/api/blade-user/update-password',
      payload: {
        oldPassword: md5(String(tenant.adminPassword)),
        newPassword: md5('fresh-pass-1'),
        newPassword1: md5('fresh-pass-1'),
      },
    });
    const refreshed = await refreshToken(t.app, first.refresh_token, { tenantId: String(tenant.tenantId) });
    expect(refreshed.json().password_change_required).toBe(false);
    const token = refreshed.json().access_token as string;
    expect(
      (await call(t.app, token, { method: 'GET', url: '/api/blade-system/menu/routes' })).statusCode,
    ).toBe(200);
    const again = await tokenOf(t.app, {
      tenantId: String(tenant.tenantId),
      account: 'admin',
      password: 'fresh-pass-1',
    });
    expect(again.password_change_required).toBe(false);
    // The shared initial password of before is gone from the platform's parameters.
    const params = await t.services.data.global
      .selectFrom('blade_param')
      .select('param_key')
      .where('is_deleted', '=', 0)
      .execute();
    expect(params.map((p) => p.param_key)).not.toContain('account.initPassword');
  });
});
