import type { FastifyInstance } from 'fastify';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2PublicKey } from './modules/saber/sm2.js';
import { firstSignIn, ok, roleWith, userWith } from './test/fixtures.js';
import { BASIC, call, type SharedServers, sharedServers, signIn, tokenOf } from './test/harness.js';

const REDIS = process.env.TEST_REDIS_URL;

/** Two server processes' worth of state (each its own app, store and bus) on one database and one Redis. */
describe.skipIf(!REDIS)('two servers on one database and one Redis act as one', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let addressA: string;
  let addressB: string;
  let servers: SharedServers;

  beforeAll(async () => {
    // Processes behind one address share the SM2 key pair, as they share the signing secret.
    servers = await sharedServers(2, REDIS!, {
      LOGIN_MAX_FAILURES: '4',
      SM2_PRIVATE_KEY: sm2.generateKeyPairHex().privateKey,
    });
    [a, b] = servers.apps as [FastifyInstance, FastifyInstance];
    addressA = await a.listen({ host: '127.0.0.1', port: 0 });
    addressB = await b.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => servers.close());

  const info = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    });

  it('signs in on one and uses the token on the other; signs out on one and is refused on the other', async () => {
    const token = (await tokenOf(a)).access_token;
    expect((await info(b, token)).statusCode).toBe(200);
    await b.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/logout',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    });
    expect((await info(a, token)).statusCode).toBe(401);
  });

  it('counts failed sign-ins across both (then asks for a captcha), and a captcha from one is answered on the other', async () => {
    for (const app of [a, b, a, b])
      expect((await signIn(app, { account: 'nobody-here', password: 'x' })).json().error_description).toBe(
        '用户名或密码错误',
      );
    expect((await signIn(b, { account: 'nobody-here', password: 'x' })).json().error_description).toBe(
      '该账号登录失败次数过多，请输入验证码',
    );
    const captcha = await a.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
    const key = captcha.json().data.key as string;
    await b.services.store.set(`captcha:${key}`, 'zz99', 60);
    const used = await signIn(a, {
      grantType: 'captcha',
      headers: { 'captcha-key': key, 'captcha-code': 'zz99' },
    });
    expect(used.statusCode).toBe(200);
  });

  it('an SM2 password that signed in on one is refused on the other', async () => {
    const cipher = sm2.doEncrypt('admin', sm2PublicKey(a.services.config.sm2PrivateKey), 0);
    const saberSignIn = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/blade-auth/token',
        headers: { authorization: BASIC },
        query: { grantType: 'password', tenantId: '000000', account: 'admin', password: cipher },
      });
    expect((await saberSignIn(a)).statusCode).toBe(200);
    expect((await saberSignIn(b)).json().msg).toBe('该加密密码已使用过，请重新登录');
  });

  it('a grant changed or a tenant expired or removed on one ends what tokens may do on the other at once', async () => {
    const admin = (await tokenOf(a)).access_token;
    const head = (
      await ok<Array<{ id: string }>>(a, admin, { method: 'GET', url: '/api/blade-system/dept/tree' })
    )[0]!;
    const roleId = await roleWith(a, a.services, admin, 'scaled', ['system', 'post']);
    const user = await userWith(a, admin, { account: 'scaled', roleId, deptId: String(head.id) });
    const posts = (token: string) => call(b, token, { method: 'GET', url: '/api/blade-system/post/list' });
    expect((await posts(user.token)).statusCode).toBe(200);
    await ok(a, admin, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: { roleIds: roleId, menuIds: '' },
    });
    expect((await posts(user.token)).statusCode).toBe(403);

    for (const end of ['expire', 'remove'] as const) {
      const tenant = await ok<Record<string, unknown>>(a, admin, {
        method: 'POST',
        url: '/api/blade-system/tenant/submit',
        payload: { tenantName: `Scaled ${end}` },
      });
      const owner = await firstSignIn(b, tenant);
      const info = () => call(b, owner, { method: 'GET', url: '/api/blade-user/info' });
      expect((await info()).statusCode).toBe(200);
      await ok(a, admin, {
        method: 'POST',
        url: end === 'expire' ? '/api/blade-system/tenant/setting' : '/api/blade-system/tenant/remove',
        query:
          end === 'expire'
            ? { ids: String(tenant.id), expireTime: '2020-01-01 00:00:00' }
            : { ids: String(tenant.id) },
      });
      expect((await info()).statusCode, end).toBe(401);
    }
  });

  it('delivers a notice published through one to a browser connected to the other', async () => {
    const token = (await tokenOf(a)).access_token;
    const controller = new AbortController();
    const res = await fetch(`${addressB}/api/blade-desk/notice/stream`, {
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5000;
      while (!text.includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    await fetch(`${addressA}/api/blade-desk/notice/submit`, {
      method: 'POST',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '跨进程通知', category: 1, releaseTime: '2026-01-01 00:00:00' }),
    });
    await readUntil('跨进程通知');
    controller.abort();
    expect(text).toContain('event: notice');
    expect(text).toContain('跨进程通知');
  });
});
