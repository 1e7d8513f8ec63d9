import { ADMIN_TENANT } from '../../core/http.js';
import { dbTimeToDate } from '../../core/time.js';

/** blade_tenant.status values. */
export const TenantStatus = { disabled: 0, active: 1 } as const;

/**
 * Whether a tenant's subscription has run out. The administrator tenant never expires, whatever
 * its expiry time says: the platform cannot lock itself out.
 */
export const tenantExpired = (tenantId: string, expireTime: string | null): boolean =>
  tenantId !== ADMIN_TENANT && !!expireTime && dbTimeToDate(expireTime).getTime() <= Date.now();
