import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, type TestServer, tokenOf } from '../test/harness.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** Sends raw bytes over TCP and answers what the server wrote before closing. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('nesting depth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`[{"a":[{"b":[1]}]}]`, 4)).toBe(true);
  });
});

describe('request shapes', () => {
  let t: TestServer;
  let admin: string;
  let port: number;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, type = 'application/json', lang = 'zh') =>
    call(t.app, admin, {
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': type, 'accept-language': lang },
    });

  it('refuses deeply nested JSON on every route with a 400, not a 500', async () => {
    // Before: report content and order lines this deep overflowed the stack (500 with a trace).
    for (const url of [
      '/api/blade-report/report/rest/submit',
      '/api/mall/order/submit',
      '/api/blade-flow/work/complete-task',
    ]) {
      const res = await post(url, `{"name":"r","content":{"x":${nested(20_000)}},"items":${nested(20_000)}}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400,
        success: false,
        msg: `请求数据嵌套过深，最多允许 ${MAX_JSON_DEPTH} 层`,
      });
    }
    const plain = await post('/api/mall/order/submit', nested(5000), 'text/plain', 'en');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().msg).toBe(
      `The request data nests too deeply; at most ${MAX_JSON_DEPTH} levels are allowed`,
    );
    // Nested JSON sent as text inside a field is held to the same depth (for a customer that exists,
    // whose reference passes).
    const customer = await call(t.app, admin, {
      method: 'POST',
      url: '/api/mall/user/save',
      payload: { nickname: 'deep' },
    });
    const text = await post(
      '/api/mall/order/submit',
      JSON.stringify({ mallUserId: String(customer.json().data.id), items: nested(5000) }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().msg).toContain(String(MAX_JSON_DEPTH));
  });

  it('accepts JSON at the allowed depth and refuses one level more', async () => {
    // Body, content, then arrays: MAX_JSON_DEPTH levels in all; the design keeps only its own keys.
    const at = (arrays: number) =>
      `{"name":"deep","content":{"sql":"select 1 as n","extra":${nested(arrays)}}}`;
    const allowed = await post('/api/blade-report/report/rest/submit', at(MAX_JSON_DEPTH - 2));
    expect(allowed.json()).toMatchObject({ code: 200, success: true });
    const refused = await post('/api/blade-report/report/rest/submit', at(MAX_JSON_DEPTH - 1));
    expect(refused.statusCode).toBe(400);
  });

  it('answers headers over the limit with the envelope (431), in the language asked for', async () => {
    const big = 'x'.repeat(20_000);
    const zh = await raw(port, `GET /api/health HTTP/1.1\r\nHost: a\r\nX-Big: ${big}\r\n\r\n`);
    expect(zh).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(zh.slice(zh.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({
      code: 431,
      success: false,
      data: null,
      msg: '请求头过大，请减少 Cookie 或请求头的内容',
    });
    const en = await raw(
      port,
      `GET /api/health HTTP/1.1\r\nHost: a\r\nAccept-Language: en\r\nX-Big: ${big}\r\n\r\n`,
    );
    expect(JSON.parse(en.slice(en.indexOf('\r\n\r\n') + 4)).msg).toMatch(/headers are too large/);
    const malformed = await raw(port, 'NOT A REQUEST\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(malformed.slice(malformed.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 400,
      success: false,
    });
    // The server goes on serving.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
