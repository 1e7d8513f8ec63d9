import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { type Access, isPlatformCaller, isSuperAdmin } from './http.js';
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

/**
 * Applies an access rule to a request: the token and its session (401), then a pending change of
 * a one-time password, API scopes, the administrator rule, the platform rule or the button
 * permission (403). API scopes are matched against `route`, the
 * path of the route the request reached (never the raw URL, whose encodings a scope would miss).
 */
export async function enforceAccess(
  request: FastifyRequest,
  access: Access | undefined,
  route: string,
): Promise<void> {
  if (!access || access === 'public') return;
  const token = bearer(request);
  if (!token) throw new AppError(401, 'unauthorized');
  const auth = await request.server.services.auth.authenticate(token);
  if (!auth) throw new AppError(401, 'tokenInvalid');
  request.auth = auth;
  if (auth.passwordChange && !request.routeOptions.config.beforePasswordChange)
    throw new AppError(403, 'passwordChangeRequired');
  if (isSuperAdmin(auth)) return;
  if (!(await request.server.services.authority.apiScopeAllows(auth, route)))
    throw new AppError(403, 'forbidden');
  if (access === 'user') return;
  if (access === 'administrator') throw new AppError(403, 'forbidden');
  if (access.platform && !isPlatformCaller(auth)) throw new AppError(403, 'platformOnly');
  await requirePermission(request, access.permission);
}

/** Enforces each route's declared access rule before its handler runs. */
export function installAccessControl(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) =>
    enforceAccess(request, request.routeOptions.config.access, request.routeOptions.url ?? ''),
  );
}
