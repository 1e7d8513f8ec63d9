import { rememberOf } from './access-memory.js';
import type { AuthContext } from './http.js';

/** The kinds of scope a role is granted (blade_role_scope.scope_category). */
export const SCOPE_DATA = 1;
export const SCOPE_API = 2;

/**
 * Whether an API scope pattern covers a path: exact, `/prefix/*` for one more segment, or
 * `/prefix/**` for anything below.
 */
export function pathMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith('/**')) return path === pattern.slice(0, -3) || path.startsWith(pattern.slice(0, -2));
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -1);
    return path.startsWith(prefix) && !path.slice(prefix.length).includes('/') && path.length > prefix.length;
  }
  return pattern === path;
}

/**
 * API scopes restrict paths: a path covered by any declared scope may only be called by roles
 * granted one of the scopes covering it. Paths no scope covers are governed by their own rule.
 */
export function apiScopeAllows(auth: AuthContext, path: string): Promise<boolean> {
  return rememberOf(auth)(`apiScope:${path}`, () => scopeAllows(auth, path));
}

async function scopeAllows(auth: AuthContext, path: string): Promise<boolean> {
  const scopes = await auth.db
    .selectFrom('blade_scope_api')
    .select(['id', 'scope_path'])
    .where('is_deleted', '=', 0)
    .execute();
  const covering = scopes.filter((s) => pathMatches(s.scope_path, path)).map((s) => s.id);
  if (covering.length === 0) return true;
  if (auth.roleIds.length === 0) return false;
  const granted = await auth.db
    .selectFrom('blade_role_scope')
    .select('id')
    .where('scope_category', '=', SCOPE_API)
    .where('scope_id', 'in', covering)
    .where('role_id', 'in', auth.roleIds)
    .executeTakeFirst();
  return granted !== undefined;
}
