import type { FastifyRequest } from 'fastify';
import { rememberOf } from './access-memory.js';
import { AppError } from './errors.js';
import { caller, isSuperAdmin } from './http.js';

const cache = new WeakMap<FastifyRequest, Promise<Set<string>>>();

/** The menu and button codes granted to the caller, loaded once per request. */
export function grantedCodes(request: FastifyRequest): Promise<Set<string>> {
  let codes = cache.get(request);
  if (!codes) {
    const auth = caller(request);
    codes = rememberOf(auth)('permissionCodes', () => request.server.services.menus.permissionCodes(auth));
    cache.set(request, codes);
  }
  return codes;
}

/** Whether the caller holds any of the codes (the super administrator holds every code). */
export async function hasPermission(
  request: FastifyRequest,
  codes: string | readonly string[],
): Promise<boolean> {
  const auth = caller(request);
  if (isSuperAdmin(auth)) return true;
  const granted = await grantedCodes(request);
  return (typeof codes === 'string' ? [codes] : codes).some((c) => granted.has(c));
}

export async function requirePermission(
  request: FastifyRequest,
  codes: string | readonly string[],
): Promise<void> {
  if (!(await hasPermission(request, codes))) throw new AppError(403, 'forbidden');
}
