import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../test/harness.js';
import { acceptedEncoding, COMPRESS_FROM_BYTES } from './compression.js';

describe('compression of large JSON answers', () => {
  const t = serverForDescribe({ CORS_ORIGINS: 'https://admin.example.com' });
  /** The signed-in start's largest answer: every button of every menu. */
  const buttons = { method: 'GET' as const, url: '/api/blade-system/menu/buttons' };

  it('sends a large answer brotli or gzip compressed, as the client accepts, with the same JSON', async () => {
    const plain = await t.call(buttons);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await t.call({ ...buttons, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.call({ ...buttons, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers, refused encodings and errors as they are', async () => {
    const small = await t.call({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: true });

    const refused = await t.call({ ...buttons, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ success: true });

    const unknown = await t.call({ ...buttons, headers: { 'accept-encoding': 'compress, x-gzip-like' } });
    expect(unknown.headers['content-encoding']).toBeUndefined();

    const denied = await t.call({ ...buttons, headers: { 'accept-encoding': 'br' } }, 'not-a-token');
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the vary header CORS sets, adding the encoding to it', async () => {
    const res = await t.call({
      ...buttons,
      headers: { origin: 'https://admin.example.com', 'accept-encoding': 'br' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    expect(res.headers.vary).toBe('Origin, accept-encoding');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('reads Accept-Encoding as browsers and hostile clients send it', () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('')).toBeUndefined();
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('GZIP;q=0.8, BR;q=0.5')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('gzip;q=abc')).toBeUndefined();
    expect(acceptedEncoding(`${'x;'.repeat(30_000)}br`)).toBeUndefined();
    expect(acceptedEncoding(`${'a, '.repeat(30_000)}gzip`)).toBe('gzip');
  });
});
