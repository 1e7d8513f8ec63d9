import { EMAIL, MAINLAND_MOBILE, WEB_LINK } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { answers, api, queryOrBody } from '../../core/route-schema.js';
import { md5Hex, patterned } from '../../core/validate.js';
import { account } from '../auth/auth-routes.js';
import { passwordPolicy } from './password-policy.js';

/**
 * A field the caller may leave out or send as null (both keep the stored value, as SpringBlade's
 * update does: Saber's 个人信息 page sends back the nulls user/info answered); '' clears it.
 */
const keptWhenNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

const profileChanges = z.object({
  avatar: keptWhenNull(
    patterned(1000, new RegExp(WEB_LINK), 'must be an http(s) address or a path of this site').or(
      z.literal(''),
    ),
  ),
  name: keptWhenNull(z.string().trim().max(20)),
  realName: keptWhenNull(z.string().trim().max(20)),
  phone: keptWhenNull(
    patterned(45, new RegExp(MAINLAND_MOBILE), 'must be an 11-digit mainland mobile number').or(
      z.literal(''),
    ),
  ),
  email: keptWhenNull(patterned(45, new RegExp(EMAIL), 'must be an e-mail address').or(z.literal(''))),
});

/** /api/blade-user: the caller's own account (administration of users arrives with the registry). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { users } = app.services;

  // What a new password must meet, for forms that check it before they hash it (the sign-in
  // page's one-time password change included, hence public); the server checks what a digest shows.
  const routes = api(app);
  routes.get(
    '/password-policy',
    {
      config: { access: 'public' },
      schema: {
        summary: 'What a new password must meet',
        response: answers(z.object({ minLength: z.number().int() }).loose()),
      },
    },
    async (_request, reply) => reply.ok(await passwordPolicy(app.services.data.global)),
  );

  routes.get(
    '/info',
    {
      config: { access: 'user' },
      schema: { summary: "The caller's own account, as 个人信息 edits it", response: answers(account) },
    },
    async (request, reply) => reply.ok(await users.info(caller(request))),
  );

  routes.post(
    '/update-info',
    {
      config: { access: 'user' },
      schema: {
        summary: "Changes the caller's own details",
        body: profileChanges,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await users.updateInfo(caller(request), request.body);
      return reply.ok(null);
    },
  );

  routes.post(
    '/update-password',
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: {
        summary: "Changes the caller's own password (each as the md5 hex digest)",
        ...queryOrBody(z.object({ oldPassword: md5Hex, newPassword: md5Hex, newPassword1: md5Hex })),
        response: answers(z.null(), 429),
      },
    },
    async (request, reply) => {
      const input = request.body;
      await users.updatePassword(caller(request), input.oldPassword, input.newPassword, input.newPassword1);
      return reply.ok(null);
    },
  );
}
