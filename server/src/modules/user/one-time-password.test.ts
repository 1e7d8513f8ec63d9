import { describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { deptNamed, roleWith, userWith } from '../../test/fixtures.js';
import { serverForDescribe, tokenOf } from '../../test/harness.js';

describe('a one-time password', () => {
  const t = serverForDescribe();

  it('is what an administrator gives a new account: its first sign-in changes it before anything else', async () => {
    const dept = await deptNamed(t.app, t.admin, 'OTP新部');
    const role = await roleWith(t.app, t.services, t.admin, 'otp-new', ['desk']);
    await t.ok({
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: {
        account: 'otp-new',
        password: md5('given-pass-1'),
        realName: '新人',
        roleId: role,
        deptId: dept,
      },
    });
    const first = await tokenOf(t.app, { account: 'otp-new', password: 'given-pass-1' });
    expect(first.password_change_required).toBe(true);
    const held = await t.call({ method: 'GET', url: '/api/blade-system/menu/routes' }, first.access_token);
    expect(held.statusCode).toBe(403);
    await t.ok(
      {
        method: 'POST',
        url: '/api/blade-user/update-password',
        payload: {
          oldPassword: md5('given-pass-1'),
          newPassword: md5('own-pass-1'),
          newPassword1: md5('own-pass-1'),
        },
      },
      first.access_token,
    );
    const after = await tokenOf(t.app, { account: 'otp-new', password: 'own-pass-1' });
    expect(after.password_change_required).toBe(false);
    expect(await t.status({ method: 'GET', url: '/api/blade-system/menu/routes' }, after.access_token)).toBe(
      200,
    );
  });

  it("is changed even where an API scope covers the change: the caller's own account is no scope's", async () => {
    const dept = await deptNamed(t.app, t.admin, 'OTP部');
    const role = await roleWith(t.app, t.services, t.admin, 'otp-clerk', ['desk']);
    const user = await userWith(t.app, t.admin, { account: 'otp-scope', roleId: role, deptId: dept });
    // a scope over the whole user module, granted to no role of theirs
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      payload: { resourceCode: 'user', scopeName: '用户接口', scopePath: '/api/blade-user/**' },
    });
    const [issued] = await t.ok<Array<{ password: string }>>({
      method: 'POST',
      url: '/api/blade-user/reset-password',
      payload: { userIds: user.id },
    });
    const first = await tokenOf(t.app, { account: 'otp-scope', password: issued!.password });
    expect(first.password_change_required).toBe(true);
    const changed = await t.call(
      {
        method: 'POST',
        url: '/api/blade-user/update-password',
        payload: {
          oldPassword: md5(issued!.password),
          newPassword: md5('otp-new-pass-1'),
          newPassword1: md5('otp-new-pass-1'),
        },
      },
      first.access_token,
    );
    expect(changed.statusCode, changed.body).toBe(200);

    const after = await tokenOf(t.app, { account: 'otp-scope', password: 'otp-new-pass-1' });
    expect(after.password_change_required).toBe(false);
    // the scope still holds for the rest of the module, and sign-out and profile stay the caller's own
    expect(await t.status({ method: 'GET', url: '/api/blade-user/info' }, after.access_token)).toBe(403);
    expect(
      await t.status({ method: 'GET', url: '/api/blade-auth/oauth/user-info' }, after.access_token),
    ).toBe(200);
  });
});
