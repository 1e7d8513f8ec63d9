import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSignIn, ok, roleWith, userWith } from '../../test/fixtures.js';
import { build, call, signIn, type TestServer, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;

/** Authority is read on every request: what changes takes effect at once on tokens already issued. */
describe('sessions never outlive their authority', () => {
  let t: TestServer;
  let admin: string;
  let head: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    head = String(
      (await ok<Row[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!.id,
    );
  });
  afterAll(() => t.close());

  const posts = (token: string) => call(t.app, token, { method: 'GET', url: '/api/blade-system/post/list' });

  it('a removed role grants nothing, on the same token and after signing in again', async () => {
    const roleId = await roleWith(t.app, t.services, admin, 'poster', ['system', 'post']);
    const user = await userWith(t.app, admin, { account: 'poster', roleId, deptId: head });
    expect((await posts(user.token)).statusCode).toBe(200);
    // The API refuses to remove a role in use; one removed anyway (by an older version, by hand)
    // must still grant nothing.
    await t.services.data
      .forTenant('000000')
      .updateTable('blade_role')
      .set({ is_deleted: 1 })
      .where('id', '=', Number(roleId))
      .execute();
    expect((await posts(user.token)).statusCode).toBe(403);
    const again = await tokenOf(t.app, { account: 'poster', password: 'pass-1234' });
    expect(again.role_id).toBe('');
    expect((await posts(again.access_token)).statusCode).toBe(403);
  });

  it('a changed grant takes effect at once', async () => {
    const roleId = await roleWith(t.app, t.services, admin, 'poster2', ['system', 'post']);
    const user = await userWith(t.app, admin, { account: 'poster2', roleId, deptId: head });
    expect((await posts(user.token)).statusCode).toBe(200);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: { roleIds: roleId, menuIds: '' },
    });
    expect((await posts(user.token)).statusCode).toBe(403);
  });

  it('a tenant disabled, expired or removed ends its tokens at once', async () => {
    const make = async (tenantName: string) => {
      const tenant = await ok<Row>(t.app, admin, {
        method: 'POST',
        url: '/api/blade-system/tenant/submit',
        payload: { tenantName },
      });
      const token = await firstSignIn(t.app, tenant);
      expect((await call(t.app, token, { method: 'GET', url: '/api/blade-user/info' })).statusCode).toBe(200);
      return { tenant, token };
    };
    const info = (token: string) => call(t.app, token, { method: 'GET', url: '/api/blade-user/info' });

    const disabled = await make('Disabled');
    // No screen disables a tenant; the operator does it in the database.
    await t.services.data.global
      .updateTable('blade_tenant')
      .set({ status: 0 })
      .where('id', '=', Number(disabled.tenant.id))
      .execute();
    expect((await info(disabled.token)).statusCode).toBe(401);

    const expired = await make('Expired');
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/setting',
      query: { ids: String(expired.tenant.id), expireTime: '2020-01-01 00:00:00' },
    });
    expect((await info(expired.token)).statusCode).toBe(401);

    const removed = await make('Removed');
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/remove',
      query: { ids: String(removed.tenant.id) },
    });
    expect((await info(removed.token)).statusCode).toBe(401);
    const signIns = await signIn(t.app, {
      tenantId: String(removed.tenant.tenantId),
      account: 'admin',
      password: 'owner-pass-1',
    });
    expect(signIns.json().error_description).toBe('租户不存在或已停用');

    // The administrator tenant is never removed, nor a tenant asked to go with it.
    const kept = await make('Kept');
    const platform = await t.services.data.global
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const refused = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/remove',
      query: { ids: `${platform.id},${kept.tenant.id}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await info(kept.token)).statusCode).toBe(200);
  });
});
