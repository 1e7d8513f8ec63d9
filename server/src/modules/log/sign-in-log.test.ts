import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { tenantWithAdmin } from '../../test/fixtures.js';
import { BASIC, redeemTicket, refreshToken, serverForDescribe, tokenOf } from '../../test/harness.js';
import { sm2PublicKey } from '../saber/sm2.js';

type Row = Record<string, unknown>;
type PageOf = { records: Row[]; total: number };

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) SignInLogTest/2.0';

describe('sign-in log', () => {
  const t = serverForDescribe({
    LOGIN_MAX_FAILURES: '2',
    LOGIN_ADDRESS_MAX_FAILURES: '3',
    LOGIN_RATE_PER_ACCOUNT: '1000',
  });

  /** A password sign-in from `address` (each scenario its own, so the address limit is its own). */
  const attempt = (
    address: string,
    who: { tenantId?: string; account?: string; password?: string; grantType?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      remoteAddress: address,
      headers: { authorization: BASIC, 'user-agent': BROWSER },
      query: {
        tenantId: who.tenantId ?? '000000',
        username: who.account ?? 'admin',
        password: md5(who.password ?? 'admin'),
        grant_type: who.grantType ?? 'password',
      },
    });

  const rows = async (token: string, query: Record<string, string> = {}) => {
    await t.services.signInLog.flush();
    return t.ok<PageOf>(
      { method: 'GET', url: '/api/blade-log/login/list', query: { size: '100', ...query } },
      token,
    );
  };
  const from = async (address: string, token = t.admin) =>
    (await rows(token, { remoteIp: address })).records.map((r) => r.result);

  it('records a success with its address, browser, method and client, and never the password', async () => {
    expect((await attempt('10.1.0.1')).statusCode).toBe(200);
    const [row] = (await rows(t.admin, { remoteIp: '10.1.0.1' })).records;
    expect(row).toMatchObject({
      account: 'admin',
      result: 'success',
      grantType: 'password',
      clientId: 'saber',
      remoteIp: '10.1.0.1',
      userAgent: BROWSER,
      requestedTenant: '000000',
    });
    expect(String(row!.createTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const stored = await t.services.data.unscoped().selectFrom('blade_log_login').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(md5('admin'));
  });

  it('records wrong passwords, the captcha the account then asks for, and the throttled address', async () => {
    // An account that does not exist asks for a captcha like a real one.
    const wrong = { account: 'nobody-here', password: 'not-the-password' };
    for (let i = 0; i < 3; i++) await attempt('10.1.0.2', wrong);
    expect((await attempt('10.1.0.2', wrong)).statusCode).toBe(429);
    expect((await from('10.1.0.2')).reverse()).toEqual([
      'bad_credentials',
      'bad_credentials',
      'captcha_required',
      'throttled',
    ]);
    expect(
      (await rows(t.admin, { result: 'throttled' })).records.every((r) => r.result === 'throttled'),
    ).toBe(true);
  });

  it('records refreshes, SM2 sign-ins and single sign-on', async () => {
    const signedIn = await tokenOf(t.app);
    const refresh = (token: string) => refreshToken(t.app, token, { remoteAddress: '10.1.0.3' });
    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(200);
    expect((await refresh('no-such-refresh-token-of-some-length')).statusCode).toBe(401);
    expect(await from('10.1.0.3')).toEqual(['refresh_invalid', 'success']);

    const sm2Token = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/token',
      remoteAddress: '10.1.0.4',
      headers: { authorization: BASIC },
      query: {
        grantType: 'password',
        tenantId: '000000',
        account: 'admin',
        password: sm2.doEncrypt('admin', sm2PublicKey(t.config.sm2PrivateKey), 0),
      },
    });
    expect(sm2Token.statusCode).toBe(200);
    expect(await from('10.1.0.4')).toEqual(['success']);

    const { ticket } = await t.ok<{ ticket: string }>({ method: 'POST', url: '/api/sq-user/ticket' });
    const sso = (value: string) => redeemTicket(t.app, value, { remoteAddress: '10.1.0.5' });
    expect((await sso(ticket)).statusCode).toBe(200);
    expect((await sso(ticket)).statusCode).toBe(401);
    const ssoRows = (await rows(t.admin, { remoteIp: '10.1.0.5' })).records;
    expect(ssoRows.map((r) => [r.grantType, r.result, r.account])).toEqual([
      ['sso', 'ticket_invalid', null],
      ['sso', 'success', 'admin'],
    ]);
  });

  it('records a disabled account, an expired tenant and a one-time password to change', async () => {
    const created = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: 'Sign-in log tenant' },
    });
    const tenantId = String(created.tenantId);
    expect(
      (await attempt('10.1.0.6', { tenantId, password: String(created.adminPassword) })).statusCode,
    ).toBe(200);
    await t.services.data
      .unscoped()
      .updateTable('blade_user')
      .set({ status: 0 })
      .where('tenant_id', '=', tenantId)
      .execute();
    await attempt('10.1.0.6', { tenantId, password: String(created.adminPassword) });
    await t.services.data
      .unscoped()
      .updateTable('blade_tenant')
      .set({ expire_time: '2020-01-01 00:00:00' })
      .where('tenant_id', '=', tenantId)
      .execute();
    await attempt('10.1.0.6', { tenantId, password: String(created.adminPassword) });
    // Its rows are the tenant's, not the platform's.
    expect(await from('10.1.0.6')).toEqual([]);
    const inTenant = await t.services.data
      .forTenant(tenantId)
      .selectFrom('blade_log_login')
      .select('result')
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    expect(inTenant.map((r) => r.result)).toEqual(['password_change', 'disabled', 'tenant_expired']);
  });

  it('keeps each tenant to its own rows; attempts naming no tenant that exists are the platform’s', async () => {
    const tenantAdmin = await tenantWithAdmin(t.app, t.services, '626262');
    await attempt('10.1.0.7', { tenantId: '626262', password: 'wrong' });
    await attempt('10.1.0.7', { tenantId: '999999', password: 'wrong' });
    const own = await rows(tenantAdmin);
    expect(own.records.length).toBeGreaterThan(0);
    expect(own.records.every((r) => r.requestedTenant === '626262')).toBe(true);
    expect((await rows(tenantAdmin, { remoteIp: '10.1.0.7' })).records.map((r) => r.result)).toEqual([
      'bad_credentials',
    ]);
    expect(
      (await rows(t.admin, { remoteIp: '10.1.0.7' })).records.map((r) => [r.requestedTenant, r.result]),
    ).toEqual([['999999', 'tenant_invalid']]);
    // A platform row is not the tenant's to read.
    const platformRow = (await rows(t.admin, { remoteIp: '10.1.0.7' })).records[0]!;
    expect(
      await t.status(
        { method: 'GET', url: '/api/blade-log/login/detail', query: { id: String(platformRow.id) } },
        tenantAdmin,
      ),
    ).toBe(404);
  });

  it('is exported like the other logs', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/blade-log/data/export',
      query: { resource: 'loginLog', result: 'throttled' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });
});
