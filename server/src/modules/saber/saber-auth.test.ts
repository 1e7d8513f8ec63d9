import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { md5 } from '../../core/digest.js';
import { BASIC, build, type TestServer } from '../../test/harness.js';
import { captchaStoreKey } from '../auth/captcha.js';
import { saberRefresh, saberSignIn } from './saber-test-kit.js';
import { sm2Decrypt, sm2PublicKey } from './sm2.js';

describe('SM2 passwords', () => {
  it('opens what sm-crypto encrypts with the public key, with or without the 04 prefix', () => {
    const { privateKey, publicKey } = sm2.generateKeyPairHex();
    expect(sm2PublicKey(privateKey)).toBe(publicKey);
    const cipher = sm2.doEncrypt('密码 pass', publicKey, 0);
    expect(sm2Decrypt(cipher, privateKey)).toBe('密码 pass');
    expect(sm2Decrypt(`04${cipher}`, privateKey)).toBe('密码 pass');
    expect(sm2Decrypt(cipher, sm2.generateKeyPairHex().privateKey)).toBeUndefined();
    expect(sm2Decrypt('admin', privateKey)).toBeUndefined();
  });
});

describe('Saber 4.x sign-in and session (/blade-auth)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('generates a key pair into DATA_DIR once, never a shipped one; SM2_PRIVATE_KEY supplies one', () => {
    expect(t.config.sm2PrivateKey).toMatch(/^[0-9a-f]{64}$/);
    // The same data directory keeps its pair; another gets its own.
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).sm2PrivateKey).toBe(t.config.sm2PrivateKey);
    const elsewhere = mkdtempSync(join(tmpdir(), 'blade-sm2-'));
    try {
      expect(loadConfig({ DATA_DIR: elsewhere }).sm2PrivateKey).not.toBe(t.config.sm2PrivateKey);
      const { privateKey } = sm2.generateKeyPairHex();
      expect(loadConfig({ DATA_DIR: elsewhere, SM2_PRIVATE_KEY: privateKey }).sm2PrivateKey).toBe(privateKey);
      expect(() => loadConfig({ DATA_DIR: elsewhere, SM2_PRIVATE_KEY: 'not-a-key' })).toThrow(
        /SM2_PRIVATE_KEY/,
      );
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('signs in with the SM2 password and answers the fields Saber keeps', async () => {
    const res = await saberSignIn(t, 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const data = body.data;
    expect(data).toMatchObject({
      tenantId: '000000',
      account: 'admin',
      userName: 'admin',
      roleName: 'administrator',
      tokenType: 'bearer',
    });
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(data.refreshToken.length).toBeGreaterThan(30);
    // Saber shows its administrator buttons when authority holds an alias containing "admin".
    expect(data.authority).toBe('administrator');
    // An empty avatar is the default image (spec §3).
    expect(data.avatar).toMatch(/^data:image\/svg\+xml;base64,/);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/user/info',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${data.accessToken}` },
    });
    expect(me.json().data).toMatchObject({ account: 'admin' });
  });

  it('refuses a wrong password, and a password that is not SM2 at all, with the message Saber shows', async () => {
    for (const res of [
      await saberSignIn(t, 'wrong'),
      await t.app.inject({
        method: 'POST',
        url: '/api/blade-auth/token',
        headers: { authorization: BASIC },
        query: { grantType: 'password', tenantId: '000000', account: 'admin', password: 'admin' },
      }),
    ]) {
      expect(res.json()).toMatchObject({ code: 400, success: false, msg: '用户名或密码错误' });
    }
  });

  it('asks for a captcha with grantType captcha and accepts the right one from its headers', async () => {
    const captcha = await t.app.inject({ method: 'GET', url: '/api/blade-auth/captcha' });
    const { key, image } = captcha.json().data as { key: string; image: string };
    expect(image).toMatch(/^data:image\//);
    expect((await saberSignIn(t, 'admin', { grantType: 'captcha' })).json().msg).toBe('请输入验证码');
    await t.services.store.set(captchaStoreKey(key), 'ab12', 60);
    const res = await saberSignIn(t, 'admin', {
      grantType: 'captcha',
      headers: { 'captcha-key': key, 'captcha-code': 'AB12' },
    });
    expect(res.json()).toMatchObject({ code: 200, data: { account: 'admin' } });
  });

  it('issues captchas of 5 characters, the exact length Saber 4.9 checks before it calls the server', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { key } = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/captcha' })).json().data as {
        key: string;
      };
      const answer = await t.services.store.get(captchaStoreKey(key));
      expect(answer).toMatch(/^[a-z0-9]{5}$/);
      const res = await saberSignIn(t, 'admin', {
        grantType: 'captcha',
        headers: { 'captcha-key': key, 'captcha-code': String(answer).toUpperCase() },
      });
      expect(res.json()).toMatchObject({ code: 200 });
    }
  });

  it('refreshes with refreshToken (rotating it) and signs out with POST /logout', async () => {
    const first = (await saberSignIn(t, 'admin')).json().data;
    const refreshed = await saberRefresh(t, first.refreshToken);
    expect(refreshed.json()).toMatchObject({ code: 200, data: { account: 'admin' } });
    const second = refreshed.json().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/logout',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${second.accessToken}` },
    });
    expect(out.json()).toMatchObject({ code: 200, success: true });
    // The session is over: the token no longer works and Saber's 401 sends it to sign-in.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/menu/buttons',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${second.accessToken}` },
    });
    expect(after.json().code).toBe(401);
    expect((await saberRefresh(t, first.refreshToken)).json().code).toBe(401);
  });
});

describe('Saber 4.x sign-in is throttled like the md5 route, and a ciphertext signs in once', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build({ LOGIN_RATE_PER_IP: '5' });
  });
  afterAll(() => t.close());

  const encrypted = (password: string) => sm2.doEncrypt(password, sm2PublicKey(t.config.sm2PrivateKey), 0);
  const sm2From = (remoteAddress: string, password: string, account = 'admin') =>
    t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/token',
      remoteAddress,
      headers: { authorization: BASIC },
      query: { grantType: 'password', tenantId: '000000', account, password, type: 'account' },
    });
  const md5From = (remoteAddress: string, account: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      remoteAddress,
      headers: { authorization: BASIC },
      query: { grant_type: 'password', tenantId: '000000', username: account, password: md5('x') },
    });
  /** The statuses of `times` calls, in order. */
  const statuses = async (times: number, send: (i: number) => ReturnType<typeof md5From>) => {
    const answers: number[] = [];
    for (let i = 0; i < times; i++) answers.push((await send(i)).statusCode);
    return answers;
  };

  it('answers 429 after the same count as the md5 route, before opening the ciphertext', async () => {
    const limited = [400, 400, 400, 400, 400, 429, 429];
    expect(await statuses(7, (i) => md5From('10.1.0.1', `ghost-${i}`))).toEqual(limited);
    // Well-formed hex that no key opens, for unknown accounts: the flood of finding 5.
    const junk = 'ab'.repeat(120);
    expect(await statuses(7, (i) => sm2From('10.1.0.2', junk, `ghost-${i}`))).toEqual(limited);
    // Not hex at all counts the same, and even the right password waits out the window.
    expect(await statuses(5, (i) => sm2From('10.1.0.3', 'not-a-cipher', `ghost-${i}`))).toEqual([
      400, 400, 400, 400, 400,
    ]);
    const right = await sm2From('10.1.0.3', encrypted('admin'));
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 429, success: false, msg: '请求过于频繁，请稍后再试' });
  });

  it('shares its counters with the md5 route', async () => {
    expect(await statuses(3, (i) => md5From('10.1.0.4', `ghost-${i}`))).toEqual([400, 400, 400]);
    expect(await statuses(3, (i) => sm2From('10.1.0.4', 'ab'.repeat(120), `ghost-${i}`))).toEqual([
      400, 400, 429,
    ]);
  });

  it('refuses a ciphertext that already signed in, however it is spelled', async () => {
    const cipher = encrypted('admin');
    expect((await sm2From('10.1.0.5', cipher)).statusCode).toBe(200);
    for (const replay of [cipher, `04${cipher}`, cipher.toUpperCase()]) {
      const res = await sm2From('10.1.0.6', replay);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, msg: '该加密密码已使用过，请重新登录' });
    }
    // A fresh encryption of the same password signs in.
    expect((await sm2From('10.1.0.7', encrypted('admin'))).statusCode).toBe(200);
  });
});
