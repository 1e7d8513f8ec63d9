import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSuperAdmin } from '../modules/system/menu-service.js';
import { AppError } from './errors.js';

const bearer = (request: FastifyRequest): string | undefined => {
  const raw = request.headers['blade-auth'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const match = /^bearer\s+(\S+)$/i.exec(value ?? '');
  return match?.[1];
};

/**
 * Enforces each route's declared access rule before its handler runs: the token and its session
 * (401), then the administrator rule or the button permission (403).
 */
export function installAccessControl(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearer(request);
    if (!token) throw new AppError(401, 'unauthorized');
    const auth = await app.services.auth.authenticate(token);
    if (!auth) throw new AppError(401, 'tokenInvalid');
    request.auth = auth;
    if (access === 'user' || isSuperAdmin(auth)) return;
    if (access === 'administrator') throw new AppError(403, 'forbidden');
    const codes = await app.services.menus.permissionCodes(auth);
    if (!codes.has(access.permission)) throw new AppError(403, 'forbidden');
  });
}
