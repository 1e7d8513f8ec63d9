import { ADMIN_TENANT } from '../../core/http.js';
import { utcNow } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import type { SessionStore } from '../auth/sessions.js';
import type { JobDefinition } from '../job/job-registry.js';
import { TenantStatus } from './tenant-state.js';

// The tenant screen's routes find it here.
export { TenantStatus } from './tenant-state.js';

/**
 * Tenants past their expiry time are disabled and every session of theirs is ended, in one
 * transaction each; the administrator tenant never is. A new expiry time (tenant setting)
 * enables the tenant again.
 */
export const expireTenantsJob = (data: DataAccess, sessions: SessionStore): JobDefinition => ({
  name: 'system.expire-tenants',
  label: { zh: '停用过期租户', en: 'Disable expired tenants' },
  description: {
    zh: '停用授权已过期的租户，并结束其全部登录会话',
    en: 'Disables tenants whose subscription has expired and ends all their sessions',
  },
  schedule: '0 * * * * *',
  perTenant: false,
  catchUp: true,
  async run() {
    const now = utcNow();
    const expired = await data.global
      .selectFrom('blade_tenant')
      .select(['id', 'tenant_id'])
      .where('status', '=', TenantStatus.active)
      .where('is_deleted', '=', 0)
      .where('expire_time', 'is not', null)
      .where('expire_time', '<', now)
      .where('tenant_id', '!=', ADMIN_TENANT)
      .execute();
    let disabled = 0;
    let ended = 0;
    for (const tenant of expired) {
      await data.global.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('blade_tenant')
          .set({ status: TenantStatus.disabled, update_time: now })
          .where('id', '=', tenant.id)
          .where('status', '=', TenantStatus.active)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) return;
        disabled++;
        ended += await sessions.revokeTenant(tenant.tenant_id, 'tenant-expired', trx);
      });
    }
    return disabled
      ? {
          zh: `停用 ${disabled} 个租户，结束 ${ended} 个会话`,
          en: `${disabled} tenant(s) disabled, ${ended} session(s) ended`,
        }
      : undefined;
  },
});
