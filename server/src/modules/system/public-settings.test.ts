import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';

interface Settings {
  tenantMode: boolean;
  multiTenant: boolean;
  timeZone: string;
}

/** The sign-in page's settings: whether it must ask for a tenant. */
describe('public settings', () => {
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });

  const settings = async (): Promise<Settings> =>
    (await t.app.inject({ method: 'GET', url: '/api/public/settings' })).json().data;

  it('say whether a tenant besides the administrator one exists, without a token', async () => {
    expect(await settings()).toMatchObject({ tenantMode: false, multiTenant: false });
    const tenant = await t.ok<{ id: string }>({
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: 'Second shop' },
    });
    expect(await settings()).toMatchObject({ multiTenant: true });
    await t.ok({ method: 'POST', url: `/api/blade-system/tenant/remove?ids=${tenant.id}` });
    expect(await settings()).toMatchObject({ multiTenant: false });
  });

  it("name the server's time zone, in which the web reads and picks times", async () => {
    expect((await settings()).timeZone).toBe(t.services.config.timeZone);
    expect(t.services.config.timeZone).toBe('Asia/Shanghai');
  });
});
