import { EMAIL, MAINLAND_MOBILE, WEB_LINK } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { md5Hex, parse, patterned } from '../../core/validate.js';

const profileChanges = z.object({
  avatar: patterned(1000, new RegExp(WEB_LINK), 'must be an http(s) address or a path of this site')
    .optional()
    .or(z.literal('')),
  name: z.string().trim().max(20).optional(),
  realName: z.string().trim().max(20).optional(),
  phone: patterned(45, new RegExp(MAINLAND_MOBILE), 'must be an 11-digit mainland mobile number')
    .optional()
    .or(z.literal('')),
  email: patterned(45, new RegExp(EMAIL), 'must be an e-mail address').optional().or(z.literal('')),
});

/** /api/blade-user: the caller's own account (administration of users arrives with the registry). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { users } = app.services;

  app.get('/info', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await users.info(caller(request))),
  );

  app.post('/update-info', { config: { access: 'user' } }, async (request, reply) => {
    await users.updateInfo(caller(request), parse(profileChanges, request.body));
    return reply.ok(null);
  });

  app.post(
    '/update-password',
    { config: { access: 'user', beforePasswordChange: true } },
    async (request, reply) => {
      const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const input = parse(z.object({ oldPassword: md5Hex, newPassword: md5Hex, newPassword1: md5Hex }), {
        ...body,
        ...(request.query as object),
      });
      await users.updatePassword(caller(request), input.oldPassword, input.newPassword, input.newPassword1);
      return reply.ok(null);
    },
  );
}
