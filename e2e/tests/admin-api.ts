import { createHash } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

const BASIC = { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' };
/** md5('admin'): the sign-in page sends a password hashed so. */
const ADMIN_PASSWORD = '21232f297a57a5a743894a0e4a801fc3';

/** Calls of the platform administrator through the API, to set up what a test needs quickly. */
export async function adminApi(request: APIRequestContext) {
  const token = await request.post('/api/blade-auth/oauth/token', {
    headers: { ...BASIC, 'Tenant-Id': '000000' },
    params: {
      tenantId: '000000',
      username: 'admin',
      password: ADMIN_PASSWORD,
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const headers = { ...BASIC, 'Blade-Auth': `bearer ${access_token}` };
  return {
    /** POSTs a JSON body; answers the envelope's data, failing the test on any refusal. */
    async post<T = Record<string, unknown>>(url: string, data: unknown): Promise<T> {
      const res = await request.post(url, { headers, data });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
    /** GETs a path; answers the envelope's data, failing the test on any refusal. */
    async get<T = Record<string, unknown>>(url: string): Promise<T> {
      const res = await request.get(url, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
  };
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * Makes the change an administrator-given (one-time) password asks for at the account's first
 * sign-in, through the API, and signs that session out: the account then signs in with `password`.
 */
export async function firstPasswordChange(
  request: APIRequestContext,
  who: { account: string; oneTime: string; password: string; tenantId?: string },
): Promise<void> {
  const res = await request.post('/api/blade-auth/oauth/token', {
    headers: BASIC,
    params: {
      tenantId: who.tenantId ?? '000000',
      username: who.account,
      password: md5(who.oneTime),
      grant_type: 'password',
      scope: 'all',
    },
  });
  const body = (await res.json()) as { access_token: string; password_change_required: boolean };
  expect(body.password_change_required).toBe(true);
  const headers = { ...BASIC, 'Blade-Auth': `bearer ${body.access_token}` };
  const changed = await request.post('/api/blade-user/update-password', {
    headers,
    data: { oldPassword: md5(who.oneTime), newPassword: md5(who.password), newPassword1: md5(who.password) },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await request.get('/api/blade-auth/oauth/logout', { headers });
}
