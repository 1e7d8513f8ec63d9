import { SCOPE_API, SCOPE_DATA } from '../../core/api-scope.js';
import { AppError } from '../../core/errors.js';
import { ADMIN_ROLE, type AuthContext } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import { DataScopeType } from './data-scope.js';
import type { MenuService } from './menu-service.js';

/** What a caller, or a set of roles, holds. */
export interface Holding {
  /** The platform's administrator role: holds everything. */
  everything: boolean;
  /** Menu and button ids, within the tenant's package and never the platform's outside it. */
  menus: Set<number>;
  apiScopes: Set<number>;
  /**
   * Data-scope rule ids by resource code, for the codes that restrict rows; a code that is absent
   * (no rule, or an "all" rule) admits every row of the tenant.
   */
  data: Map<string, Set<number>>;
}

/** Ids of a comma-separated list (a user's stored roles). */
export const csvIds = (csv: string | null | undefined): number[] =>
  (csv ?? '')
    .split(',')
    .map((s) => parseId(s.trim()))
    .filter((n): n is number => n !== undefined);

const subset = (inner: Iterable<number>, outer: ReadonlySet<number>): boolean => {
  for (const id of inner) if (!outer.has(id)) return false;
  return true;
};

/** What the given roles hold, seen with the caller's package; `everything` for the platform's administrator. */
export async function heldBy(
  menus: MenuService,
  auth: AuthContext,
  roleIds: number[],
  everything: boolean,
): Promise<Holding> {
  const granted = await menus.granted({
    ...auth,
    roleIds,
    roleAliases: everything ? [ADMIN_ROLE] : [],
  });
  const scopes = roleIds.length
    ? await auth.db
        .selectFrom('blade_role_scope as rs')
        .leftJoin('blade_scope_data as d', (j) =>
          j.onRef('d.id', '=', 'rs.scope_id').on('rs.scope_category', '=', SCOPE_DATA),
        )
        .select(['rs.scope_id', 'rs.scope_category', 'd.resource_code', 'd.scope_type', 'd.is_deleted'])
        .where('rs.role_id', 'in', roleIds)
        .execute()
    : [];
  const data = new Map<string, Set<number>>();
  const unrestricted = new Set<string>();
  for (const s of scopes) {
    if (s.scope_category !== SCOPE_DATA || s.resource_code === null || s.is_deleted !== 0) continue;
    if (s.scope_type === DataScopeType.all) unrestricted.add(s.resource_code);
    else data.set(s.resource_code, new Set([...(data.get(s.resource_code) ?? []), s.scope_id]));
  }
  for (const code of unrestricted) data.delete(code);
  return {
    everything,
    menus: new Set(granted.map((m) => m.id)),
    apiScopes: new Set(scopes.filter((s) => s.scope_category === SCOPE_API).map((s) => s.scope_id)),
    data,
  };
}

/** Whether `held` is within `caller`: no menu, API scope or row it does not hold itself. */
export function holdingWithin(caller: Holding, held: Holding): boolean {
  if (caller.everything) return true;
  if (held.everything) return false;
  if (!subset(held.menus, caller.menus) || !subset(held.apiScopes, caller.apiScopes)) return false;
  for (const [code, rules] of caller.data) {
    const theirs = held.data.get(code);
    if (!theirs || !subset(theirs, rules)) return false;
  }
  return true;
}

/**
 * The ids a role ends with: what was asked among what the caller holds, plus what it had that the
 * caller does not hold. Asking for something the caller does not hold, and the role lacks, is refused.
 */
export function mergeGrant(
  everything: boolean,
  holds: ReadonlySet<number>,
  had: number[],
  asked: number[],
  refusal: 'grantMenuBeyond' | 'grantApiBeyond',
): number[] {
  if (everything) return [...new Set(asked)];
  const kept = new Set(had);
  const beyond = asked.filter((id) => !holds.has(id) && !kept.has(id));
  if (beyond.length) throw new AppError(403, refusal);
  return [...new Set([...asked.filter((id) => holds.has(id)), ...had.filter((id) => !holds.has(id))])];
}
