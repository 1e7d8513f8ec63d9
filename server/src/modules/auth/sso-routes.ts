import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { translate } from '../../core/messages.js';
import { parse } from '../../core/validate.js';

/** /api/sq-user: single sign-on by one-time ticket (the shell's /sso route redeems it). */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = app.services;

  app.post('/ticket', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok({ ticket: await auth.issueTicket(caller(request)) }),
  );

  app.get('/sso', { config: { access: 'public' } }, async (request) => {
    const { ticket } = parse(z.object({ ticket: z.string().min(16).max(200) }), request.query);
    const answer = await auth.redeemTicket(request.headers.authorization, ticket);
    return { code: 200, success: true, msg: translate('ok', request.lang), ...answer };
  });
}
