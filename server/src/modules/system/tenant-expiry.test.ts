import { describe, expect, it } from 'vitest';
import { toWireTime } from '../../core/time.js';
import { tenantWithAdmin } from '../../test/fixtures.js';
import { call, serverForDescribe, signIn } from '../../test/harness.js';
import { runJobNow } from '../../test/jobs.js';
import { TenantStatus } from './tenant-state.js';

const TENANT = '300009';

/** The system.expire-tenants job disables expired tenants and ends their sessions. */
describe('expired tenants', () => {
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });

  const tenantRow = (tenantId: string) =>
    t.services.data.global
      .selectFrom('blade_tenant')
      .select(['id', 'status'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
  const setExpiry = async (tenantId: string, minutes: number | null) =>
    t.ok({
      method: 'POST',
      url: '/api/blade-system/tenant/setting',
      payload: {
        ids: String((await tenantRow(tenantId)).id),
        expireTime:
          minutes === null ? '' : toWireTime(new Date(Date.now() + minutes * 60_000), t.config.timeZone),
      },
    });
  const userInfo = (token: string) =>
    call(t.app, token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });

  it('disables a tenant past its expiry and ends its sessions; a new expiry enables it again', async () => {
    const token = await tenantWithAdmin(t.app, t.services, TENANT, 'expiring-pass');
    expect((await userInfo(token)).statusCode).toBe(200);
    await setExpiry(TENANT, -5);
    // The administrator tenant is never disabled, whatever its expiry says.
    await setExpiry('000000', -5);

    const run = await runJobNow(t.app, t.admin, 'system.expire-tenants');
    expect(run).toMatchObject({ state: 'succeeded', result: '停用 1 个租户，结束 1 个会话' });
    expect((await tenantRow(TENANT)).status).toBe(TenantStatus.disabled);
    expect((await tenantRow('000000')).status).toBe(TenantStatus.active);
    expect((await userInfo(token)).statusCode).toBe(401);
    const again = await signIn(t.app, { tenantId: TENANT, password: 'expiring-pass' });
    expect(again.json().error_description).toBe('租户授权已过期，请联系管理员');
    expect((await runJobNow(t.app, t.admin, 'system.expire-tenants')).result).toBeNull();

    await setExpiry(TENANT, 60 * 24);
    expect((await tenantRow(TENANT)).status).toBe(TenantStatus.active);
    expect((await signIn(t.app, { tenantId: TENANT, password: 'expiring-pass' })).statusCode).toBe(200);
    await setExpiry('000000', null);
  });
});
