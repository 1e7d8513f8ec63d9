import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { translate } from '../../core/messages.js';
import { answers, api, failures } from '../../core/route-schema.js';
import { attemptOf } from '../log/sign-in-log.js';
import { header, tokenAnswer } from './auth-routes.js';

/** /api/sq-user: single sign-on by one-time ticket (the shell's /sso route redeems it). */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const { auth, signInLog } = app.services;

  const routes = api(app);
  routes.post(
    '/ticket',
    {
      config: { access: 'user' },
      schema: {
        summary: 'A one-time ticket that signs the caller in elsewhere (valid for moments, once)',
        response: answers(z.object({ ticket: z.string() })),
      },
    },
    async (request, reply) => reply.ok({ ticket: await auth.issueTicket(caller(request)) }),
  );

  routes.get(
    '/sso',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Redeems a ticket for a session: the token answer of /api/blade-auth/oauth/token',
        querystring: z.object({ ticket: z.string().min(16).max(200) }),
        response: { 200: tokenAnswer, ...failures(401, 429) },
      },
    },
    async (request) => {
      const { ticket } = request.query;
      const attempt = attemptOf(request, { grantType: 'sso', tenantId: undefined, account: undefined });
      const answer = await signInLog.track(attempt, () =>
        auth.redeemTicket(request.headers.authorization, ticket, {
          ip: request.ip,
          userAgent: header(request, 'user-agent'),
        }),
      );
      return { code: 200 as const, success: true as const, msg: translate('ok', request.lang), ...answer };
    },
  );
}
