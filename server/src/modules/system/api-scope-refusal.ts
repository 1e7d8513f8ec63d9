import type { RefusingScope } from '../../core/api-scope.js';
import { pathMatches, SCOPE_API } from '../../core/api-scope.js';
import type { AuthContext } from '../../core/http.js';

/**
 * The API scope refusing the caller a path: the first covering it when none of the covering
 * scopes is granted to the caller's roles; undefined when no scope covers it or one is granted.
 */
export async function scopeRefusal(auth: AuthContext, path: string): Promise<RefusingScope | undefined> {
  const scopes = await auth.db
    .selectFrom('blade_scope_api')
    .select(['id', 'scope_name', 'scope_path'])
    .where('is_deleted', '=', 0)
    .execute();
  const covering = scopes.filter((s) => pathMatches(s.scope_path, path));
  if (covering.length === 0) return undefined;
  const granted =
    auth.roleIds.length === 0
      ? undefined
      : await auth.db
          .selectFrom('blade_role_scope')
          .select('id')
          .where('scope_category', '=', SCOPE_API)
          .where(
            'scope_id',
            'in',
            covering.map((s) => s.id),
          )
          .where('role_id', 'in', auth.roleIds)
          .executeTakeFirst();
  if (granted) return undefined;
  const first = covering[0]!;
  return { id: first.id, name: first.scope_name, path: first.scope_path };
}
