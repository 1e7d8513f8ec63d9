import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AuthContext, caller, isPlatformCaller } from '../../core/http.js';
import { answers, api, page } from '../../core/route-schema.js';
import { idList, pageQuery } from '../../core/validate.js';
import { OnlineSessions, type SessionScope } from './online-sessions.js';

const listQuery = pageQuery.extend({
  account: z.string().max(100).optional(),
  ip: z.string().max(64).optional(),
  /** The platform's filter by tenant; a tenant's caller always sees its own. */
  tenantId: z.string().max(12).optional(),
});

/** The sessions to end, as a query parameter or in the body. */
const idsInput = z.object({ ids: idList.describe('Session ids separated by commas') });

const session = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  userId: z.string(),
  account: z.string(),
  realName: z.string(),
  clientId: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  signedInAt: z.string(),
  lastSeen: z.string().nullable(),
  expiresAt: z.string(),
  current: z.boolean().describe("The caller's own session"),
});

const ending = {
  querystring: idsInput.partial(),
  body: idsInput.partial().optional(),
  response: answers(z.object({ ended: z.number().int() })),
};

/** The ids of a call that takes them in its query or its body. */
const idsOf = (request: { query: { ids?: number[] }; body?: { ids?: number[] } | undefined }) =>
  request.query.ids?.length ? request.query.ids : (request.body?.ids ?? []);

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

  const routes = api(app);
  routes.get(
    '/online/list',
    {
      config: { access: { permission: 'online' } },
      schema: { summary: 'Online sessions', querystring: listQuery, response: answers(page(session)) },
    },
    async (request, reply) => {
      const auth = caller(request);
      const query = request.query;
      return reply.ok(await online.page(tenantScope(auth, query.tenantId), query, auth.sessionId));
    },
  );

  routes.post(
    '/online/logout',
    {
      config: { access: { permission: 'online_logout' } },
      schema: { summary: 'End sessions (强退)', ...ending },
    },
    async (request, reply) => {
      const auth = caller(request);
      return reply.ok({ ended: await online.end(tenantScope(auth, undefined), idsOf(request), 'operator') });
    },
  );

  routes.get(
    '/online/mine',
    {
      config: { access: 'user' },
      schema: {
        summary: "The caller's own sessions",
        querystring: pageQuery,
        response: answers(page(session)),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { current, size } = request.query;
      return reply.ok(await online.page(ownScope(auth), { current, size }, auth.sessionId));
    },
  );

  routes.post(
    '/online/mine/logout',
    { config: { access: 'user' }, schema: { summary: "End some of the caller's own sessions", ...ending } },
    async (request, reply) => {
      const auth = caller(request);
      return reply.ok({ ended: await online.end(ownScope(auth), idsOf(request), 'self') });
    },
  );
}
