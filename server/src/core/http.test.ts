import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, build, call, type TestServer, tokenOf } from '../test/harness.js';
import { installHttpConventions } from './http.js';

describe('HTTP conventions', () => {
  let t: TestServer;
  let token: string;
  let webDist: string;

  beforeAll(async () => {
    webDist = join(process.cwd(), 'node_modules', '.tmp-web-dist-test');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>admin</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
    // the build's compressed copies (web/build/precompress.ts), told apart by their bodies here
    writeFileSync(join(webDist, 'assets', 'big-456.js'), `${'// plain\n'.repeat(300)}`);
    writeFileSync(join(webDist, 'assets', 'big-456.js.br'), 'brotli copy');
    writeFileSync(join(webDist, 'assets', 'big-456.js.gz'), 'gzip copy');
    t = await build({ WEB_DIST: webDist, BODY_LIMIT: '2048' }, (app) => {
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internal detail');
      });
    });
    token = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('answers unknown /api paths with a 404 envelope, never the web app', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 404,
        success: false,
        data: null,
        msg: `接口 ${method} /api/no/such/thing 不存在`,
      });
    }
  });

  it('serves the built web app with a fallback to index.html for client routes', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/system/user/index' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain('frame-src http: https:');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it("sends the build's brotli or gzip copy of a file as the browser accepts, and the file itself otherwise", async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-456.js',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('brotli copy');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip copy');
    for (const encoding of [undefined, 'identity']) {
      const plain = await get(encoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('// plain');
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('never sends a file, or its compressed copy, from outside the build for a path with ..', async () => {
    // a file beside the build, with the copies a compressed answer would look for
    const outside = join(webDist, '..', '.tmp-web-dist-secret.txt');
    writeFileSync(outside, 'secret plain');
    writeFileSync(`${outside}.br`, 'secret brotli');
    writeFileSync(`${outside}.gz`, 'secret gzip');
    for (const url of [
      '/../.tmp-web-dist-secret.txt',
      '/assets/../../.tmp-web-dist-secret.txt',
      '/%2e%2e/.tmp-web-dist-secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2f.tmp-web-dist-secret.txt',
      '/assets/..%5c..%5c.tmp-web-dist-secret.txt',
    ])
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.body, `${url} (${encoding})`).not.toContain('secret');
      }
  });

  it('refuses malformed JSON, wrong types and oversized bodies, and keeps serving', async () => {
    const malformed = await call(t.app, token, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      headers: { 'content-type': 'application/json' },
      payload: '{"realName": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 400, success: false, data: null, msg: '请求体不是合法的 JSON' });

    const wrongType = await call(t.app, token, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: { realName: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('realName');

    const badPhone = await call(t.app, token, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: { phone: '0571-8888888' },
      headers: { 'accept-language': 'en' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().msg).toBe('Field phone is not valid: must be an 11-digit mainland mobile number');

    const huge = await call(t.app, token, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: { realName: 'x'.repeat(5000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 413, success: false, data: null });
    expect(huge.json().msg).toContain('2048');

    const fine = await call(t.app, token, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: { realName: '张三' },
    });
    expect(fine.statusCode).toBe(200);
    expect(
      (await call(t.app, token, { method: 'GET', url: '/api/blade-user/info' })).json().data.realName,
    ).toBe('张三');
  });

  it('hides internals of a 500 and tags answers with a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'trace-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, success: false, data: null, msg: '服务器内部错误，请稍后重试' });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.headers['x-request-id']).toBe('trace-1');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ code: 200, success: true, data: { status: 'UP' }, msg: '操作成功' });
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 401 for every non-public route without a token', async () => {
    const routes = [
      ['GET', '/api/blade-auth/oauth/user-info'],
      ['GET', '/api/blade-auth/oauth/logout'],
      ['GET', '/api/blade-system/menu/routes'],
      ['GET', '/api/blade-system/menu/buttons'],
      ['GET', '/api/blade-system/menu/top-menu'],
      ['GET', '/api/blade-user/info'],
      ['POST', '/api/blade-user/update-info'],
      ['POST', '/api/blade-log/error/upload'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url, headers: { authorization: BASIC } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ code: 401, success: false, data: null, msg: '请先登录' });
    }
  });

  it('refuses to register an /api route that declares no access rule', async () => {
    const app = Fastify();
    installHttpConventions(app);
    expect(() => app.get('/api/open', async () => 'x')).toThrow(/declares no access rule/);
    await app.close();
  });
});
