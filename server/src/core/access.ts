import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { type Access, type AuthContext, isPlatformCaller, isSuperAdmin } from './http.js';
import { requirePermission } from './permissions.js';

const bearer = (request: FastifyRequest): string | undefined => {
  const query = request.routeOptions.config.tokenInQuery
    ? (request.query as Record<string, unknown> | undefined)?.['blade-auth']
    : undefined;
  const raw = request.headers['blade-auth'] ?? (typeof query === 'string' ? query : undefined);
  const value = Array.isArray(raw) ? raw[0] : raw;
  const match = /^bearer\s+(\S+)$/i.exec(value ?? '');
  return match?.[1];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** A route path's names in the other generation of calls (see `installAccessControl`). */
    otherPathForms: (route: string) => readonly string[];
  }
}

/** The path as the client wrote it, without its query, percent-decoded where that is well-formed. */
function writtenPath(request: FastifyRequest): string {
  const url = request.originalUrl;
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Every form of a call an API scope is matched against: the route it reached (whose encodings and
 * rewrites are already undone), that route's name in the other generation of calls, and the path
 * as written. A scope written in either generation's paths then holds for both.
 */
function scopePaths(request: FastifyRequest, route: string): Set<string> {
  const paths = new Set([route, writtenPath(request)]);
  for (const form of request.server.otherPathForms(route)) paths.add(form);
  return paths;
}

async function scopesAllow(request: FastifyRequest, auth: AuthContext, route: string): Promise<boolean> {
  for (const path of scopePaths(request, route))
    if (!(await request.server.services.authority.apiScopeAllows(auth, path))) return false;
  return true;
}

/**
 * Applies an access rule to a request: the token and its session (401), then a pending change of
 * a one-time password, API scopes, the administrator rule, the platform rule or the button
 * permission (403). API scopes are matched against every form of the call (`scopePaths`): a call
 * is refused when any of them is.
 */
export async function enforceAccess(
  request: FastifyRequest,
  access: Access | undefined,
  route: string,
): Promise<void> {
  if (!access || access === 'public') return;
  const token = bearer(request);
  if (!token) throw new AppError(401, 'unauthorized');
  // A route that checks another route's rule (history, the code generator) is past its own check:
  // the request's token was authenticated there.
  const auth = request.auth ?? (await request.server.services.auth.authenticate(token));
  if (!auth) throw new AppError(401, 'tokenInvalid');
  request.auth = auth;
  if (auth.passwordChange && !request.routeOptions.config.beforePasswordChange)
    throw new AppError(403, 'passwordChangeRequired');
  if (isSuperAdmin(auth)) return;
  if (!(await scopesAllow(request, auth, route))) throw new AppError(403, 'forbidden');
  if (access === 'user') return;
  if (access === 'administrator') throw new AppError(403, 'forbidden');
  if (access.platform && !isPlatformCaller(auth)) throw new AppError(403, 'platformOnly');
  await requirePermission(request, access.permission);
}

/**
 * Enforces each route's declared access rule before its handler runs. `otherPathForms` names a
 * route path in the other generation of calls (SpringBlade 4.x's, for ours), so that an API scope
 * written in either is matched.
 */
export function installAccessControl(
  app: FastifyInstance,
  otherPathForms: (route: string) => readonly string[] = () => [],
): void {
  app.decorate('otherPathForms', otherPathForms);
  app.addHook('onRequest', async (request) =>
    enforceAccess(request, request.routeOptions.config.access, request.routeOptions.url ?? ''),
  );
}
