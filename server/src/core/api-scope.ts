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

/** An API scope that refuses a call: one covering its path that none of the caller's roles holds. */
export interface RefusingScope {
  id: number;
  name: string;
  path: string;
}
