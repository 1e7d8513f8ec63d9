import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureHttp, getData, request } from './http';

const calls: { url: string; init: RequestInit }[] = [];
let reply: () => Response;
const onUnauthorized = vi.fn();
const notifyError = vi.fn();

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls.length = 0;
  onUnauthorized.mockReset();
  notifyError.mockReset();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return reply();
  });
  configureHttp({ getToken: () => 'tok', onUnauthorized, notifyError, unknownErrorText: () => '未知错误' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('http client', () => {
  it('sends the client header, the bearer token and cookies, with query params', async () => {
    reply = () => json(200, { code: 200, success: true, data: { a: 1 }, msg: '' });
    await expect(getData('/x', { params: { a: 1, b: undefined } })).resolves.toEqual({ a: 1 });
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/x?a=1');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(headers['Blade-Auth']).toBe('bearer tok');
    expect(init.credentials).toBe('include');
  });

  it('omits the token header when the call opts out', async () => {
    reply = () => json(200, { code: 200, success: true, data: null, msg: '' });
    await request('/x', { auth: false });
    expect((calls[0]!.init.headers as Record<string, string>)['Blade-Auth']).toBeUndefined();
  });

  it('sends strings as text/plain and objects as JSON', async () => {
    reply = () => json(200, { code: 200, success: true, data: null, msg: '' });
    await request('/t', { method: 'POST', body: 'hello' });
    await request('/j', { method: 'POST', body: { a: 1 } });
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toContain('text/plain');
    expect(calls[1]!.init.body).toBe('{"a":1}');
  });

  it('on 401 logs out locally and rejects without a toast', async () => {
    reply = () => json(401, { code: 401, success: false, data: null, msg: '请求未授权' });
    await expect(request('/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('uses the body code over the HTTP status', async () => {
    reply = () => json(200, { code: 400, success: false, data: null, msg: 'bad' });
    await expect(request('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith('bad');
  });

  it('toasts msg, else error_description, else 未知错误', async () => {
    reply = () => json(400, { code: 400, error_description: '用户名或密码错误' });
    await expect(request('/x')).rejects.toMatchObject({ message: '用户名或密码错误' });
    reply = () => json(500, {});
    await expect(request('/x')).rejects.toMatchObject({ status: 500 });
    reply = () => new Response('oops', { status: 403 });
    await expect(request('/x')).rejects.toMatchObject({ status: 403 });
    expect(notifyError.mock.calls).toEqual([['用户名或密码错误'], ['未知错误'], ['未知错误']]);
  });

  it('treats statuses above 500 and network failures as errors without toasts', async () => {
    reply = () => json(502, { code: 502, msg: 'gateway' });
    await expect(request('/x')).rejects.toMatchObject({ status: 502 });
    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(request('/x')).rejects.toMatchObject({ status: 0 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('raw calls return the body of a failure untouched', async () => {
    reply = () => json(400, { code: 400, success: false, error_description: 'wrong' });
    await expect(request('/t', { raw: true })).resolves.toMatchObject({ error_description: 'wrong' });
    expect(notifyError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('times out', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(request('/slow', { timeout: 5 })).rejects.toMatchObject({ status: 0 });
  });
});
