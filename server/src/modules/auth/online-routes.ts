import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AuthContext, caller, isPlatformCaller } from '../../core/http.js';
import { idList, inputOf, pageQuery, parse } from '../../core/validate.js';
import { OnlineSessions, type SessionScope } from './online-sessions.js';

const listQuery = pageQuery.extend({
  account: z.string().max(100).optional(),
  ip: z.string().max(64).optional(),
  /** The platform's filter by tenant; a tenant's caller always sees its own. */
  tenantId: z.string().max(12).optional(),
});

const idsInput = z.object({ ids: idList });

/** The platform sees every tenant's sessions (or the one it picks); anyone else its own tenant's. */
const tenantScope = (auth: AuthContext, tenantId: string | undefined): SessionScope =>
  isPlatformCaller(auth) ? (tenantId ? { tenantId } : {}) : { tenantId: auth.tenantId };

const ownScope = (auth: AuthContext): SessionScope => ({ tenantId: auth.tenantId, userId: auth.userId });

/**
 * /api/blade-auth/online: the online sessions screen (list and 强退, by its codes) and a user's
 * own sessions in personal info (any signed-in user, only its own).
 */
export async function onlineRoutes(app: FastifyInstance): Promise<void> {
  const { data, sessions, config } = app.services;
  const online = new OnlineSessions(data, sessions, config.timeZone);

  app.get('/online/list', { config: { access: { permission: 'online' } } }, async (request, reply) => {
    const auth = caller(request);
    const query = parse(listQuery, request.query);
    return reply.ok(await online.page(tenantScope(auth, query.tenantId), query, auth.sessionId));
  });

  app.post(
    '/online/logout',
    { config: { access: { permission: 'online_logout' } } },
    async (request, reply) => {
      const auth = caller(request);
      const { ids } = parse(idsInput, inputOf(request));
      return reply.ok({ ended: await online.end(tenantScope(auth, undefined), ids, 'operator') });
    },
  );

  app.get('/online/mine', { config: { access: 'user' } }, async (request, reply) => {
    const auth = caller(request);
    const query = parse(pageQuery, request.query);
    return reply.ok(await online.page(ownScope(auth), query, auth.sessionId));
  });

  app.post('/online/mine/logout', { config: { access: 'user' } }, async (request, reply) => {
    const auth = caller(request);
    const { ids } = parse(idsInput, inputOf(request));
    return reply.ok({ ended: await online.end(ownScope(auth), ids, 'self') });
  });
}
