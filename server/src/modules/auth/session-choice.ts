import type { Config } from '../../config.js';
import { parseId } from '../../core/ids.js';
import type { DataAccess } from '../../db/database.js';
import { tenantExpired } from '../system/tenant-state.js';
import { oauthError } from './sign-in-guard.js';

/** Ids of a comma-separated list (a user's or a session's departments and roles). */
export const csvIds = (csv: string | null | undefined): number[] =>
  (csv ?? '')
    .split(',')
    .map((s) => parseId(s))
    .filter((n): n is number => n !== undefined);

/** The department and roles a session acts with: all of the user's, or the ones switch mode picked. */
export async function sessionChoice(
  data: DataAccess,
  config: Config,
  tenantId: string,
  userId: number,
  deptHeader: string | undefined,
  roleHeader: string | undefined,
): Promise<{ deptId: number | null; roleIds: number[] }> {
  const user = await data
    .forTenant(tenantId)
    .selectFrom('blade_user')
    .select(['dept_id', 'role_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const depts = csvIds(user.dept_id);
  const assigned = csvIds(user.role_id);
  // A removed role stays in the user's list until someone edits it; it grants nothing.
  const live = new Set(
    assigned.length
      ? (
          await data
            .forTenant(tenantId)
            .selectFrom('blade_role')
            .select('id')
            .where('id', 'in', assigned)
            .where('is_deleted', '=', 0)
            .execute()
        ).map((r) => r.id)
      : [],
  );
  const roles = assigned.filter((id) => live.has(id));
  const wantsSwitch = Boolean(deptHeader || roleHeader);
  if (!wantsSwitch || !config.switchMode) return { deptId: depts[0] ?? null, roleIds: roles };
  const deptId = deptHeader ? parseId(deptHeader) : depts[0];
  const roleId = roleHeader ? parseId(roleHeader) : undefined;
  if (
    (deptHeader && (deptId === undefined || !depts.includes(deptId))) ||
    (roleHeader && (roleId === undefined || !roles.includes(roleId)))
  ) {
    throw oauthError(400, 'switchInvalid');
  }
  return { deptId: deptId ?? null, roleIds: roleId === undefined ? roles : [roleId] };
}

/** Refuses sign-in to a tenant that is removed, expired or disabled. */
export async function checkTenant(data: DataAccess, tenantId: string): Promise<void> {
  const tenant = await data.global
    .selectFrom('blade_tenant')
    .select(['status', 'expire_time'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!tenant) throw oauthError(400, 'tenantInvalid');
  // Expiry first: the system.expire-tenants job also disables an expired tenant.
  if (tenantExpired(tenantId, tenant.expire_time)) throw oauthError(400, 'tenantExpired');
  if (tenant.status !== 1) throw oauthError(400, 'tenantInvalid');
}
