import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { ok } from '../../test/fixtures.js';
import { build, call, signIn, type TestServer, tokenOf } from '../../test/harness.js';

type PageOf = { records: Array<Record<string, unknown>>; total: number };

describe('logs', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build({ LOG_FLUSH_MS: '50' }, (app) => {
      app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
        throw new TypeError('cannot read x of undefined');
      });
    });
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('records mutating calls with masked secrets, sign-in events and server errors', async () => {
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: 'n', paramKey: 'log.k', paramValue: 'v' },
    });
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-user/update-password',
      query: { oldPassword: 'a'.repeat(32), newPassword: 'b'.repeat(32), newPassword1: 'b'.repeat(32) },
    });
    await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    await t.services.logs.flush();

    const api = await ok<PageOf>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-log/api/list',
      query: { size: '50' },
    });
    const submit = api.records.find((r) => r.requestUri === '/api/blade-system/param/submit');
    expect(submit).toMatchObject({
      method: 'POST',
      statusCode: 200,
      createBy: 'admin',
      title: 'param submit',
    });
    const detail = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-log/api/detail',
      query: { id: String(submit!.id) },
    });
    expect(String(detail.params)).toContain('log.k');
    const password = api.records.find((r) => r.requestUri === '/api/blade-user/update-password')!;
    const passwordDetail = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-log/api/detail',
      query: { id: String(password.id) },
    });
    expect(String(passwordDetail.params)).toContain('******');
    expect(String(passwordDetail.params)).not.toContain('a'.repeat(32));
    expect(JSON.stringify(api.records)).not.toContain('bearer');

    const usual = await ok<PageOf>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-log/usual/list',
      query: { logId: 'sign-in' },
    });
    expect(usual.total).toBeGreaterThanOrEqual(1);
    expect(usual.records[0]).toMatchObject({ logId: 'sign-in', createBy: 'admin' });

    const errors = await ok<PageOf>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-log/error/list',
      query: { exceptionName: 'TypeError' },
    });
    expect(errors.records[0]).toMatchObject({
      exceptionName: 'TypeError',
      message: 'cannot read x of undefined',
      requestUri: '/api/test/crash',
    });
  });

  it('keeps anonymous calls naming a tenant out of its API log, but files its sign-ins there', async () => {
    const tenant = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: 'Quiet' },
    });
    const tenantId = String(tenant.tenantId);
    const rows = async () => {
      await t.services.logs.flush();
      return t.services.data.forTenant(tenantId).selectFrom('blade_log_api').select('request_uri').execute();
    };
    // Before: each of these wrote a row into the named tenant's API log.
    for (let i = 0; i < 5; i++) {
      await signIn(t.app, {
        tenantId,
        account: 'nobody',
        password: 'guess',
        headers: { 'tenant-id': tenantId },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/blade-user/register-guest',
        headers: { 'tenant-id': tenantId },
        payload: { tenantId, name: 'x', account: `spam${i}`, password: md5('x') },
      });
    }
    expect(await rows()).toEqual([]);
    await tokenOf(t.app, { tenantId, password: String(tenant.adminPassword) });
    expect((await rows()).map((r) => r.request_uri)).toEqual(['/api/blade-auth/oauth/token']);
  });

  it('bounds error-log uploads (the body and each field) and stores them without holding the process', async () => {
    /** The longest the event loop was held while `work` ran, in ms. */
    const longestHold = async (work: () => Promise<unknown>) => {
      let longest = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 2);
      await work();
      clearInterval(ticker);
      return longest;
    };
    const entry = (i: number, size: number) => ({
      type: 'error',
      message: `upload-bound ${i} ${'m'.repeat(size)}`,
      stack: `at f (app.js:1:${i})\n${'s'.repeat(size)}`,
      info: 'render',
      url: '/mall/product',
      time: new Date().toISOString(),
    });
    const upload = (payload: Record<string, unknown>[]) =>
      call(t.app, admin, { method: 'POST', url: '/api/blade-log/error/upload', payload });

    // A megabyte is refused before anything is parsed or written.
    const mega = Array.from({ length: 500 }, (_, i) => entry(i, 900));
    const hold = await longestHold(async () => {
      const refused = await upload(mega);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().msg).toBe('请求体过大，最大允许 524288 字节');
    });
    expect(hold).toBeLessThan(100);

    const long = await upload([{ ...entry(0, 0), stack: 's'.repeat(8001) }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('stack');

    // The largest upload accepted is stored whole, in steps that let other requests through.
    const most = Array.from({ length: 500 }, (_, i) => entry(i, 400));
    expect(JSON.stringify(most).length).toBeLessThan(512 * 1024);
    const stored = await longestHold(async () => {
      expect((await upload(most)).json()).toMatchObject({ code: 200, data: { count: 500 } });
    });
    expect(stored).toBeLessThan(100);
    const rows = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_log_error')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('message', 'like', 'upload-bound %')
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(500);
  });

  it('loses no row in a burst of 10,000 requests and never slows them down', async () => {
    await t.services.logs.flush();
    const before = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_log_api')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const started = Date.now();
    for (let i = 0; i < 10_000; i += 250) {
      await Promise.all(
        Array.from({ length: 250 }, () =>
          call(t.app, admin, { method: 'POST', url: '/api/blade-log/error/upload', payload: [] }),
        ),
      );
    }
    const elapsed = Date.now() - started;
    await t.services.logs.flush();
    const after = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_log_api')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(10_000);
    expect(t.services.logs.pending).toBe(0);
    expect(elapsed).toBeLessThan(60_000);
  }, 120_000);
});
