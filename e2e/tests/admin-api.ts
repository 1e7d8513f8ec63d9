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
