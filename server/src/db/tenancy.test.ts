import type { MenuNode } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../core/digest.js';
import { nextId } from '../core/ids.js';
import { utcNow } from '../core/time.js';
import { auditColumns, build, call, type TestServer, tokenOf } from '../test/harness.js';
import { seedTenant, seedTenantContent } from './seed/seed.js';

const OTHER = '100001';

const codesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])]);

describe('tenant isolation', () => {
  let t: TestServer;
  let admin: string;
  let other: string;

  beforeAll(async () => {
    t = await build();
    const db = t.services.data.unscoped();
    const menus = await db.selectFrom('blade_menu').select(['id', 'code', 'parent_id']).execute();
    const mall = menus.find((m) => m.code === 'mall')!;
    const mallIds = new Set([mall.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const m of menus) {
        if (mallIds.has(m.parent_id) && !mallIds.has(m.id)) {
          mallIds.add(m.id);
          grew = true;
        }
      }
    }
    const packageId = nextId();
    const now = utcNow();
    await db
      .insertInto('blade_tenant_package')
      .values({
        id: packageId,
        package_name: 'mall only',
        menu_id: [...mallIds].join(','),
        remark: null,
        ...auditColumns(now),
      })
      .execute();
    await seedTenant(db, OTHER, 'Other shop');
    await db
      .updateTable('blade_tenant')
      .set({ package_id: packageId })
      .where('tenant_id', '=', OTHER)
      .execute();
    await seedTenantContent(db, OTHER, {
      menuIds: new Map(menus.map((m) => [m.code, m.id])),
      passwordHash: await t.services.hasher.hash(md5('other-pass')),
      adminAccount: 'admin',
      roleAlias: 'admin',
    });
    admin = (await tokenOf(t.app)).access_token;
    other = (await tokenOf(t.app, { tenantId: OTHER, password: 'other-pass' })).access_token;
  });
  afterAll(() => t.close());

  it('signs each tenant in to its own account, whatever headers say', async () => {
    const info = await call(t.app, other, {
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      headers: { 'tenant-id': '000000' },
    });
    expect(info.json().data.user.tenantId).toBe(OTHER);
    expect(info.json().data.roles).toEqual(['admin']);
    // The same account name and password of one tenant does not open the other.
    expect((await tokenOf(t.app, { tenantId: OTHER, password: 'other-pass' })).tenant_id).toBe(OTHER);
    await expect(tokenOf(t.app, { tenantId: OTHER, password: 'admin' })).rejects.toThrow(/sign-in failed/);
  });

  it('shows a tenant only the menus its package allows', async () => {
    const routes = await call(t.app, other, { method: 'GET', url: '/api/blade-system/menu/routes' });
    const codes = codesOf(routes.json().data);
    expect(codes).toContain('mall');
    expect(codes).toContain('product');
    expect(codes).not.toContain('system');
    expect(codes).not.toContain('user');

    const buttons = codesOf(
      (await call(t.app, other, { method: 'GET', url: '/api/blade-system/menu/buttons' })).json().data,
    );
    expect(buttons).toContain('product_add');
    expect(buttons).not.toContain('user_add');

    const tops = (await call(t.app, other, { method: 'GET', url: '/api/blade-system/menu/top-menu' })).json()
      .data as {
      code: string;
    }[];
    expect(tops.map((x) => x.code)).toEqual(['mall']);

    const adminCodes = codesOf(
      (await call(t.app, admin, { method: 'GET', url: '/api/blade-system/menu/routes' })).json().data,
    );
    expect(adminCodes).toEqual(expect.arrayContaining(['system', 'user', 'mall', 'flow']));
  });

  it('keeps profile changes and uploaded error logs inside the tenant', async () => {
    await call(t.app, other, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: { realName: '别家' },
    });
    const mine = await call(t.app, admin, { method: 'GET', url: '/api/blade-user/info' });
    expect(mine.json().data.realName).toBe('管理员');

    const upload = await call(t.app, other, {
      method: 'POST',
      url: '/api/blade-log/error/upload',
      payload: [
        {
          type: 'error',
          message: 'x is undefined',
          stack: 'at y',
          info: 'render',
          url: '/mall/product',
          time: new Date().toISOString(),
        },
      ],
    });
    expect(upload.json()).toMatchObject({ code: 200, data: { count: 1 } });
    const seenByAdmin = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_log_error')
      .selectAll()
      .execute();
    const seenByOther = await t.services.data
      .forTenant(OTHER)
      .selectFrom('blade_log_error')
      .selectAll()
      .execute();
    expect(seenByAdmin).toHaveLength(0);
    expect(seenByOther).toHaveLength(1);
    expect(seenByOther[0]).toMatchObject({
      tenant_id: OTHER,
      message: 'x is undefined',
      create_by: 'admin',
      request_uri: '/mall/product',
    });
  });

  it('signing out one tenant leaves the other signed in', async () => {
    const extra = (await tokenOf(t.app, { tenantId: OTHER, password: 'other-pass' })).access_token;
    await call(t.app, extra, { method: 'GET', url: '/api/blade-auth/oauth/logout' });
    expect((await call(t.app, admin, { method: 'GET', url: '/api/blade-user/info' })).statusCode).toBe(200);
    expect((await call(t.app, other, { method: 'GET', url: '/api/blade-user/info' })).statusCode).toBe(200);
  });
});
