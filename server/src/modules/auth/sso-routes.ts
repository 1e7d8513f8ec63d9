import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { translate } from '../../core/messages.js';
import { parse } from '../../core/validate.js';
import { attemptOf } from '../log/sign-in-log.js';
import { header } from './auth-routes.js';

/** /api/sq-user: single sign-on by one-time ticket (the shell's /sso route redeems it). */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const { auth, signInLog } = app.services;

  app.post('/ticket', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok({ ticket: await auth.issueTicket(caller(request)) }),
  );

  app.get('/sso', { config: { access: 'public' } }, async (request) => {
    const { ticket } = parse(z.object({ ticket: z.string().min(16).max(200) }), request.query);
    const attempt = attemptOf(request, { grantType: 'sso', tenantId: undefined, account: undefined });
    const answer = await signInLog.track(attempt, () =>
      auth.redeemTicket(request.headers.authorization, ticket, {
        ip: request.ip,
        userAgent: header(request, 'user-agent'),
      }),
    );
    return { code: 200, success: true, msg: translate('ok', request.lang), ...answer };
  });
}
