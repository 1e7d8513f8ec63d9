import { describe, expect, it } from 'vitest';
import { BASIC, call, serverForDescribe, tokenOf } from '../../test/harness.js';

/**
 * Saber's 修改密码 (plain passwords on /blade-system/user/update-password) keeps the session that
 * changed it, as SpringBlade does: Saber stays on its page. Every other session of the user ends.
 */
describe('Saber 4.x 修改密码: the session that changed the password goes on, the others end', () => {
  const t = serverForDescribe();
  const info = (token: string) => call(t.app, token, { method: 'GET', url: '/api/blade-system/user/info' });
  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/token',
      headers: { authorization: BASIC },
      query: { refreshToken, grantType: 'refresh_token', scope: 'all' },
    });

  it('keeps the changing session (its token and its refresh) and ends the others', async () => {
    const here = await tokenOf(t.app);
    const elsewhere = await tokenOf(t.app);
    const changed = await call(t.app, here.access_token, {
      method: 'POST',
      url: '/api/blade-system/user/update-password',
      query: { oldPassword: 'admin', newPassword: 'admin-next', newPassword1: 'admin-next' },
    });
    expect(changed.json()).toMatchObject({ code: 200, success: true });

    expect((await info(here.access_token)).statusCode).toBe(200);
    const renewed = await refresh(here.refresh_token);
    expect(renewed.json()).toMatchObject({ code: 200, data: { account: 'admin' } });
    expect((await info(renewed.json().data.accessToken)).statusCode).toBe(200);

    expect((await info(elsewhere.access_token)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(401);
    expect((await tokenOf(t.app, { password: 'admin-next' })).account).toBe('admin');
  });
});
