import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RefusingScope } from './api-scope.js';
import { AppError } from './errors.js';
import { type Access, type AuthContext, isPlatformCaller, isSuperAdmin } from './http.js';
import type { MessageKey } from './messages.js';
import { grantedCodes } from './permissions.js';

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
export function scopePaths(server: FastifyInstance, route: string, written: string): Set<string> {
  const paths = new Set([route, written]);
  for (const form of server.otherPathForms(route)) paths.add(form);
  return paths;
}

/** Why an access rule refuses a signed-in caller. */
export type AccessRefusal =
  | { reason: 'passwordChange' }
  | { reason: 'apiScope'; path: string; scope: RefusingScope }
  | { reason: 'administrator' }
  | { reason: 'platform' }
  | { reason: 'permission'; codes: readonly string[] };

/** What an access rule is asked about a signed-in caller: the rule and the call's forms. */
export interface AccessQuestion {
  access: Access;
  /** Every form of the call (`scopePaths`), worked out only when API scopes are asked. */
  paths: () => Iterable<string>;
  /** The route answers while a one-time password is still to be changed. */
  beforePasswordChange: boolean;
  /** The API scope refusing a path, if any (`AuthorityService.apiScopeRefusal`). */
  scopeRefusal: (path: string) => Promise<RefusingScope | undefined>;
  /** The menu and button codes the caller holds. */
  granted: () => Promise<ReadonlySet<string>>;
}

/**
 * Why a signed-in caller is refused a route, or undefined when it may call it: a pending change of
 * a one-time password, API scopes (a call is refused when any of its forms is; the caller's own
 * account routes, those marked beforePasswordChange, are no scope's), the administrator
 * rule, the platform rule or the button permission, in that order. The one rule behind both the
 * requests (`enforceAccess`) and the permission explainer.
 */
export async function accessRefusal(
  auth: AuthContext,
  q: AccessQuestion,
): Promise<AccessRefusal | undefined> {
  const { access } = q;
  if (access === 'public') return undefined;
  if (auth.passwordChange && !q.beforePasswordChange) return { reason: 'passwordChange' };
  if (isSuperAdmin(auth)) return undefined;
  // The routes a one-time password leaves open are the caller's own account (their password,
  // profile, sign-out): no API scope covers them, or a scope could hold a forced change back.
  if (!q.beforePasswordChange)
    for (const path of q.paths()) {
      const scope = await q.scopeRefusal(path);
      if (scope) return { reason: 'apiScope', path, scope };
    }
  if (access === 'user') return undefined;
  if (access === 'administrator') return { reason: 'administrator' };
  if (access.platform && !isPlatformCaller(auth)) return { reason: 'platform' };
  const codes = typeof access.permission === 'string' ? [access.permission] : access.permission;
  const granted = await q.granted();
  return codes.some((c) => granted.has(c)) ? undefined : { reason: 'permission', codes };
}

const REFUSAL_KEYS: Record<AccessRefusal['reason'], MessageKey> = {
  passwordChange: 'passwordChangeRequired',
  apiScope: 'forbidden',
  administrator: 'forbidden',
  platform: 'platformOnly',
  permission: 'forbidden',
};

/**
 * Applies an access rule to a request: the token and its session (401), then what
 * `accessRefusal` refuses (403).
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
  const refusal = await accessRefusal(auth, {
    access,
    paths: () => scopePaths(request.server, route, writtenPath(request)),
    beforePasswordChange: request.routeOptions.config.beforePasswordChange === true,
    scopeRefusal: (path) => request.server.services.authority.apiScopeRefusal(auth, path),
    granted: () => grantedCodes(request),
  });
  if (refusal) throw new AppError(403, REFUSAL_KEYS[refusal.reason]);
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
