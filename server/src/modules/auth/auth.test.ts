import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { ok, roleWith, tenantWithAdmin, userWith } from '../../test/fixtures.js';
import {
  BASIC,
  build,
  call,
  redeemTicket,
  refreshToken,
  type SignIn,
  signIn,
  type TestServer,
  type TokenBody,
  tokenOf,
} from '../../test/harness.js';
import { newAccountRow } from '../user/user-admin-routes.js';
import { captchaStoreKey } from './captcha.js';

const refresh = (t: TestServer, token: string) => refreshToken(t.app, token, { tenantId: '000000' });

const userInfo = (t: TestServer, token: string) =>
  call(t.app, token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });

const CAPTCHA_NEEDED = '该账号登录失败次数过多，请输入验证码';

/** A captcha fetched like the sign-in page does, with an answer the test plants: the headers that send it. */
const solvedCaptcha = async (t: TestServer): Promise<Record<string, string>> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
  const { key } = res.json().data as { key: string };
  await t.services.store.set(captchaStoreKey(key), 'ab12', 60);
  return { 'captcha-key': key, 'captcha-code': 'ab12' };
};

/** A password sign-in from a given address (the harness signs in from one). */
const signInFrom = (t: TestServer, remoteAddress: string, who: SignIn = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    remoteAddress,
    headers: { authorization: BASIC, ...who.headers },
    query: {
      tenantId: '000000',
      username: who.account ?? 'admin',
      password: md5(who.password ?? 'admin'),
      grant_type: who.grantType ?? 'password',
    },
  });

describe('sign-in', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  it('answers the token fields for the seeded administrator', async () => {
    const res = await signIn(t.app);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenBody>();
    expect(body).toMatchObject({
      code: 200,
      success: true,
      token_type: 'bearer',
      tenant_id: '000000',
      account: 'admin',
      user_name: 'admin',
      real_name: '管理员',
      role_name: 'administrator',
      scope: 'all',
    });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(body.user_id).toMatch(/^\d+$/);
    expect(body.expires_in).toBe(3600);

    const info = await userInfo(t, body.access_token);
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      user: { account: 'admin', tenantId: '000000' },
      roles: ['administrator'],
    });
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const wrong = await signIn(t.app, { password: 'nope' });
    const unknown = await signIn(t.app, { account: 'ghost', password: 'nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        success: false,
        data: null,
        msg: '用户名或密码错误',
        error_code: 400,
        error_description: '用户名或密码错误',
      });
    }
    // A good sign-in afterwards resets the failure count.
    expect((await signIn(t.app)).statusCode).toBe(200);
  });

  it('answers in English when asked', async () => {
    const res = await signIn(t.app, { password: 'nope', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.json().error_description).toBe('Wrong account or password');
  });

  it('refuses a wrong client secret with 401', async () => {
    const res = await signIn(t.app, {
      authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, success: false, error_description: '客户端认证失败' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/blade-auth/oauth/token?username=admin' });
    expect(missing.statusCode).toBe(401);
  });

  it('refuses the social grant with a clear message until a provider is configured', async () => {
    const res = await signIn(t.app, { grantType: 'social' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('未配置第三方登录，请使用账号密码登录');
  });

  it('asks an account for a captcha after the configured number of failures, until it signs in', async () => {
    const data = t.services.data.forTenant('000000');
    const clerk = newAccountRow({
      tenantId: '000000',
      account: 'clerk',
      password: await t.services.hasher.hash(md5('clerk-pass')),
      name: 'clerk',
    });
    await data.insertInto('blade_user').values(clerk).execute();
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t.app, { account: 'clerk', password: 'bad' })).json().error_description).toBe(
        '用户名或密码错误',
      );
    }
    const asked = await signIn(t.app, { account: 'clerk', password: 'clerk-pass' });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ error_description: CAPTCHA_NEEDED, captcha_required: true });

    // Unknown accounts ask the same way, so the answers reveal nothing.
    for (let i = 0; i < 3; i++) await signIn(t.app, { account: 'nobody', password: 'bad' });
    expect((await signIn(t.app, { account: 'nobody', password: 'bad' })).json()).toEqual(asked.json());

    const right = await signIn(t.app, {
      account: 'clerk',
      password: 'clerk-pass',
      grantType: 'captcha',
      headers: await solvedCaptcha(t),
    });
    expect(right.statusCode).toBe(200);
    // Signing in ends the captcha requirement.
    expect((await signIn(t.app, { account: 'clerk', password: 'clerk-pass' })).statusCode).toBe(200);
  });

  it('refuses a disabled user', async () => {
    const data = t.services.data.forTenant('000000');
    await data.updateTable('blade_user').set({ status: 0 }).where('account', '=', 'clerk').execute();
    const res = await signIn(t.app, { account: 'clerk', password: 'clerk-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('账号已停用，请联系管理员');
  });

  it('refuses disabled, expired and unknown tenants; the administrator tenant never expires', async () => {
    const tenants = t.services.data.global;
    await tenantWithAdmin(t.app, t.services, '300011', 'other-pass');
    const other = { tenantId: '300011', password: 'other-pass' };
    await tenants.updateTable('blade_tenant').set({ status: 0 }).where('tenant_id', '=', '300011').execute();
    const disabled = await signIn(t.app, other);
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().error_description).toBe('租户不存在或已停用');
    const past = { status: 1, expire_time: '2020-01-01 00:00:00.000' };
    await tenants.updateTable('blade_tenant').set(past).where('tenant_id', '=', '300011').execute();
    expect((await signIn(t.app, other)).json().error_description).toBe('租户授权已过期，请联系管理员');
    // The platform cannot lock itself out through an expiry date.
    await tenants.updateTable('blade_tenant').set(past).where('tenant_id', '=', '000000').execute();
    expect((await signIn(t.app)).statusCode).toBe(200);
    await tenants
      .updateTable('blade_tenant')
      .set({ expire_time: null })
      .where('tenant_id', '=', '000000')
      .execute();
    expect((await signIn(t.app, { tenantId: '999999' })).json().error_description).toBe('租户不存在或已停用');
  });
});

describe('captcha mode', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build({ CAPTCHA_MODE: 'true' });
  });
  afterAll(() => t.close());

  const captcha = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/captcha',
      headers: { authorization: BASIC },
    });
    expect(res.statusCode).toBe(200);
    const { key, image } = res.json().data as { key: string; image: string };
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    // The answer is only in the store; the test plants a known one for this key.
    await t.services.store.set(captchaStoreKey(key), 'ab12', 60);
    return key;
  };

  it('requires a captcha, refuses a wrong one, accepts the right one once', async () => {
    const missing = await signIn(t.app, { grantType: 'captcha' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_description).toBe('请输入验证码');

    const password = await signIn(t.app);
    expect(password.json().error_description).toBe('请输入验证码');

    const key = await captcha();
    const wrong = await signIn(t.app, {
      grantType: 'captcha',
      headers: { 'captcha-key': key, 'captcha-code': 'zzzz' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_description).toBe('验证码不正确');
    // A wrong attempt burns the answer.
    const late = await signIn(t.app, {
      grantType: 'captcha',
      headers: { 'captcha-key': key, 'captcha-code': 'ab12' },
    });
    expect(late.json().error_description).toBe('验证码不正确');

    const fresh = await captcha();
    const ok = await signIn(t.app, {
      grantType: 'captcha',
      headers: { 'captcha-key': fresh, 'captcha-code': 'AB12' },
    });
    expect(ok.statusCode).toBe(200);
    const reused = await signIn(t.app, {
      grantType: 'captcha',
      headers: { 'captcha-key': fresh, 'captcha-code': 'ab12' },
    });
    expect(reused.json().error_description).toBe('验证码不正确');
  });
});

describe('tokens and sessions', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('rotates refresh tokens and refuses a used one, revoking its family', async () => {
    const first = await tokenOf(t.app);
    const r1 = await refresh(t, first.refresh_token);
    expect(r1.statusCode).toBe(200);
    const second = r1.json<TokenBody>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await userInfo(t, second.access_token)).statusCode).toBe(200);

    const replay = await refresh(t, first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 401,
      success: false,
      error_description: '刷新令牌无效或已过期，请重新登录',
    });
    // The replay revoked the session: the newer tokens die with it.
    expect((await refresh(t, second.refresh_token)).statusCode).toBe(401);
    expect((await userInfo(t, second.access_token)).statusCode).toBe(401);
  });

  it('logout revokes both tokens', async () => {
    const tokens = await tokenOf(t.app);
    const out = await call(t.app, tokens.access_token, {
      method: 'GET',
      url: '/api/blade-auth/oauth/logout',
    });
    expect(out.statusCode).toBe(200);
    const after = await userInfo(t, tokens.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 401, success: false, data: null, msg: '登录已失效，请重新登录' });
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
  });

  it('refuses missing, expired, tampered, unsigned and foreign tokens with 401', async () => {
    const good = await tokenOf(t.app);
    const [header, payload, signature] = good.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const resign = (changes: Record<string, unknown>, secret = key) =>
      new SignJWT({ ...claims, ...changes }).setProtectedHeader({ alg: 'HS256' }).sign(secret);

    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const expired = await resign({ exp: Math.floor(Date.now() / 1000) - 10 });
    const wrongIssuer = await resign({ iss: 'someone-else' });
    const otherSecret = await resign({}, new TextEncoder().encode('x'.repeat(48)));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(key);
    // Algorithm confusion: an asymmetric token carrying the attacker's own public key.
    const pair = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(pair.publicKey) })
      .sign(pair.privateKey);

    expect(
      (await call(t.app, undefined, { method: 'GET', url: '/api/blade-auth/oauth/user-info' })).statusCode,
    ).toBe(401);
    for (const token of [tampered, none, expired, wrongIssuer, otherSecret, hs512, rs256, 'garbage']) {
      const res = await userInfo(t, token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().success).toBe(false);
    }
    expect((await userInfo(t, good.access_token)).statusCode).toBe(200);
  });

  it('changing the password ends every other session of the user; the one that changed it goes on', async () => {
    const a = await tokenOf(t.app);
    const b = await tokenOf(t.app);
    const change = (oldPassword: string, newPassword: string, confirm = newPassword) =>
      call(t.app, a.access_token, {
        method: 'POST',
        url: '/api/blade-user/update-password',
        query: { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(confirm) },
      });
    expect((await change('wrong', 'next-pass')).json().msg).toBe('原密码不正确');
    expect((await change('admin', 'next-pass', 'other')).json().msg).toBe('两次密码输入不一致');
    expect((await change('admin', 'next-pass')).statusCode).toBe(200);
    expect((await userInfo(t, a.access_token)).statusCode).toBe(200);
    expect((await refresh(t, a.refresh_token)).statusCode).toBe(200);
    expect((await userInfo(t, b.access_token)).statusCode).toBe(401);
    expect((await refresh(t, b.refresh_token)).statusCode).toBe(401);
    expect((await signIn(t.app)).statusCode).toBe(400);
    expect((await signIn(t.app, { password: 'next-pass' })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build({ LOGIN_RATE_PER_ACCOUNT: '4', LOGIN_RATE_PER_IP: '6' });
  });
  afterAll(() => t.close());

  it('asks a busy account for a captcha, and throttles an address with 429', async () => {
    for (let i = 0; i < 4; i++)
      expect((await signIn(t.app, { account: 'someone', password: 'x' })).statusCode).toBe(400);
    // Too many attempts at one account make it ask for a captcha, never refuse its owner.
    const perAccount = await signIn(t.app, { account: 'someone', password: 'x' });
    expect(perAccount.statusCode).toBe(400);
    expect(perAccount.json()).toMatchObject({ error_description: CAPTCHA_NEEDED, captcha_required: true });
    // Spreading attempts over other accounts hits the per-address limit.
    const spread = await signIn(t.app, { account: 'another', password: 'x' });
    expect(spread.statusCode).toBe(400);
    const perAddress = await signIn(t.app, { account: 'third', password: 'x' });
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json()).toMatchObject({
      code: 429,
      success: false,
      error_description: '请求过于频繁，请稍后再试',
    });
  });

  it('throttles guesses spread over many accounts from one address, alike for real and unknown ones', async () => {
    const from = (remoteAddress: string, account: string, password = 'x') =>
      signInFrom(t, remoteAddress, { account, password });
    const answers: Awaited<ReturnType<typeof from>>[] = [];
    for (const account of ['admin', 'ghost-1', 'ghost-2', 'ghost-3', 'ghost-4', 'ghost-5'])
      answers.push(await from('10.0.0.7', account));
    // Each account was tried once, so only the per-address limit can stop the spray.
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect((await from('10.0.0.7', 'ghost-6')).statusCode).toBe(429);
    expect((await from('10.0.0.7', 'admin', 'admin')).statusCode).toBe(429);
    // Another address is not held back by it.
    expect((await from('10.0.0.8', 'admin', 'admin')).statusCode).toBe(200);
  });
});

describe('single sign-on tickets', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('signs another window in once per ticket', async () => {
    const first = await tokenOf(t.app);
    const issued = await call(t.app, first.access_token, { method: 'POST', url: '/api/sq-user/ticket' });
    const { ticket } = issued.json().data as { ticket: string };
    const redeem = () => redeemTicket(t.app, ticket);
    const res = await redeem();
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenBody>();
    expect(body).toMatchObject({ account: 'admin', tenant_id: '000000' });
    expect(body.access_token).not.toBe(first.access_token);
    expect((await userInfo(t, body.access_token)).statusCode).toBe(200);
    const reuse = await redeem();
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error_description).toBe('登录凭据无效或已使用，请重新登录');
    expect((await redeemTicket(t.app, 'x'.repeat(40))).statusCode).toBe(401);
  });
});

describe('failed sign-ins throttle the address and ask the account for a captcha, never refuse its owner', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build({ LOGIN_MAX_FAILURES: '2', LOGIN_LOCK_SECONDS: '1' });
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  const fail = async (account: string, times: number) => {
    for (let i = 0; i < times; i++)
      expect((await signIn(t.app, { account, password: 'wrong' })).json().error_description).toBe(
        '用户名或密码错误',
      );
  };
  const answer = async (account: string, password: string) => {
    const res = await signIn(t.app, { account, password });
    return res.statusCode === 200 ? 'in' : String(res.json().error_description);
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('the captcha requirement ends by itself', async () => {
    await fail('admin', 2);
    expect(await answer('admin', 'admin')).toBe(CAPTCHA_NEEDED);
    await wait(1100);
    expect(await answer('admin', 'admin')).toBe('in');
  });

  it('an administrator ends it at once; unknown accounts ask for the same while', async () => {
    const head = (
      await ok<Array<{ id: string }>>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' })
    )[0]!;
    const clerk = await userWith(t.app, admin, {
      account: 'lockme',
      roleId: await roleWith(t.app, t.services, admin, 'lockme', []),
      deptId: String(head.id),
    });
    await fail('lockme', 2);
    expect(await answer('lockme', 'pass-1234')).toBe(CAPTCHA_NEEDED);
    await ok(t.app, admin, { method: 'POST', url: '/api/blade-user/unlock', query: { userIds: clerk.id } });
    expect(await answer('lockme', 'pass-1234')).toBe('in');

    await fail('ghost', 2);
    expect(await answer('ghost', 'x')).toBe(CAPTCHA_NEEDED);
    await wait(1100);
    expect(await answer('ghost', 'x')).toBe('用户名或密码错误');
  });
});

describe('an attacker cannot keep the owner out (finding 12)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('50 wrong passwords from one address: that address gets 429, the owner signs in with a captcha', async () => {
    const owner = await tokenOf(t.app);
    const attacker = '10.66.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 50; i++)
      answers.push((await signInFrom(t, attacker, { account: 'admin', password: `guess-${i}` })).statusCode);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.at(-1)).toBe(429);
    const held = await signInFrom(t, attacker, { account: 'admin', password: 'admin' });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({
      code: 429,
      success: false,
      error_description: '此地址登录失败次数过多，请 5 分钟后再试',
    });

    // The owner, elsewhere: asked for a captcha, then let in with it.
    const home = '10.1.0.9';
    const asked = await signInFrom(t, home, { account: 'admin', password: 'admin' });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ error_description: CAPTCHA_NEEDED, captcha_required: true });
    const wrongCode = await signInFrom(t, home, {
      grantType: 'captcha',
      headers: { ...(await solvedCaptcha(t)), 'captcha-code': 'zzzz' },
    });
    expect(wrongCode.json()).toMatchObject({ error_description: '验证码不正确', captcha_required: true });
    const entered = await signInFrom(t, home, { grantType: 'captcha', headers: await solvedCaptcha(t) });
    expect(entered.statusCode).toBe(200);
    // A session opened before the attack keeps refreshing.
    expect((await refresh(t, owner.refresh_token)).statusCode).toBe(200);
  });

  it('wrong passwords spread over many addresses still leave the owner a way in', async () => {
    for (let i = 0; i < 50; i++)
      expect(
        (await signInFrom(t, `10.77.0.${i}`, { account: 'admin', password: `guess-${i}` })).statusCode,
      ).toBe(400);
    const entered = await signInFrom(t, '10.1.0.10', {
      grantType: 'captcha',
      headers: await solvedCaptcha(t),
    });
    expect(entered.statusCode).toBe(200);
  });
});
