import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { build, call, ok, type TestServer, tokenOf } from '../../test/harness.js';

type Json = Record<string, unknown>;

/** The password policy: what a digest shows is refused by the server, and its length by the form. */
describe('password policy', () => {
  let t: TestServer;
  let admin: string;
  let roleId: string;
  let deptId: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    const list = async (url: string) => (await ok<Json[]>(t.app, admin, { method: 'GET', url }))[0]!;
    roleId = String((await list('/api/blade-system/role/list')).id);
    deptId = String((await list('/api/blade-system/dept/tree')).id);
  });
  afterAll(() => t.close());

  const addUser = (account: string, password: string, lang = 'zh') =>
    call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-user/submit',
      headers: { 'accept-language': lang },
      payload: { account, password: md5(password), realName: account, deptId, roleId },
    });

  it('refuses a new user a password that is very short, the account name or a common one, at the field', async () => {
    for (const [password, msg] of [
      ['1', '密码至少需要 8 个字符'],
      ['2', '密码至少需要 8 个字符'],
      ['1234', '密码至少需要 8 个字符'],
      ['walker.li', '密码不能与账号相同'],
      ['password123', '这个密码太常见，容易被猜中，请换一个'],
      ['Qwerty123', '这个密码太常见，容易被猜中，请换一个'],
      ['woaini1314', '这个密码太常见，容易被猜中，请换一个'],
    ] as const) {
      const refused = await addUser('walker.li', password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json()).toMatchObject({ msg, field: 'password' });
    }
    const english = await addUser('walker.li', 'iloveyou', 'en');
    expect(english.json().msg).toBe(
      'This password is among the most common ones and easy to guess; choose another',
    );
  });

  it('refuses a weak new password on a password change, at the new password field', async () => {
    expect((await addUser('river.wu', 'Lantern-Tea-41')).statusCode).toBe(200);
    const signedIn = await tokenOf(t.app, { account: 'river.wu', password: 'Lantern-Tea-41' });
    const change = (to: string) =>
      call(t.app, signedIn.access_token, {
        method: 'POST',
        url: '/api/blade-user/update-password',
        payload: { oldPassword: md5('Lantern-Tea-41'), newPassword: md5(to), newPassword1: md5(to) },
      });
    for (const weak of ['2', 'river.wu', 'qwerty123']) {
      const refused = await change(weak);
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json().field).toBe('newPassword');
    }
    expect((await change('Copper-Kettle-77')).statusCode).toBe(200);
    await tokenOf(t.app, { account: 'river.wu', password: 'Copper-Kettle-77' });
  });

  it('answers the configured shortest length to anyone, from 系统参数', async () => {
    const policy = () => t.app.inject({ method: 'GET', url: '/api/blade-user/password-policy' });
    expect((await policy()).json().data).toEqual({ minLength: 8 });
    // Seeded on a fresh install; an older one may lack the row, and 8 holds until it is added.
    const params = await ok<{ records: Json[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/param/list?paramKey=account.passwordMinLength',
    });
    const param = params.records.find((p) => p.paramKey === 'account.passwordMinLength') ?? {
      paramName: '密码最短长度',
      paramKey: 'account.passwordMinLength',
    };
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { ...param, paramValue: '12' },
    });
    expect((await policy()).json().data).toEqual({ minLength: 12 });
  });

  it('refuses a guest registration with a common password', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/register-guest',
      payload: { tenantId: '000000', name: 'Guest', account: 'guest9', password: md5('123456789') },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('password');
  });
});
