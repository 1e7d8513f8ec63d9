import type { TokenAnswer } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { md5, sha256 } from '../../core/digest.js';
import { answers, api, queryOrBody } from '../../core/route-schema.js';
import { header, issueToken, signOut, tokenHeaders } from '../auth/auth-routes.js';
import type { SealedPassword } from '../auth/auth-service.js';
import { noteSaberSession } from './saber-sessions.js';
import { sm2Open } from './sm2.js';

const tokenInput = z.object({
  grantType: z.string().max(32).default('password'),
  tenantId: z.string().max(12).optional(),
  account: z.string().max(100).optional(),
  password: z.string().max(2000).optional(),
  refreshToken: z.string().max(200).optional(),
  scope: z.string().max(50).optional(),
  type: z.string().max(20).optional(),
});

const springBladeAnswer = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    tokenType: z.string(),
    expiresIn: z.number(),
    tenantId: z.string(),
    userId: z.string(),
    account: z.string(),
    authority: z.string(),
    passwordChangeRequired: z.boolean(),
  })
  .loose();

/** The token answer in the names SpringBlade 4.x gives it (Saber stores `data` as its user info). */
function springBladeToken(answer: TokenAnswer) {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    tokenType: answer.token_type,
    expiresIn: answer.expires_in,
    tenantId: answer.tenant_id,
    userId: answer.user_id,
    deptId: answer.dept_id,
    roleId: answer.role_id,
    oauthId: answer.oauth_id,
    account: answer.account,
    userName: answer.user_name,
    nickName: answer.nick_name,
    realName: answer.real_name,
    roleName: answer.role_name,
    // The role aliases joined, as SpringBlade answers them: Saber shows its administrator-only
    // buttons when this text contains "admin" (String.includes, not a list lookup).
    authority: answer.role_name,
    avatar: answer.avatar,
    passwordChangeRequired: answer.password_change_required,
  };
}

/**
 * /api/blade-auth as SpringBlade 4.x answers it: `token` with SM2-encrypted passwords and
 * camel-case fields in the envelope, `captcha`, `logout`. The rules are the auth service's.
 */
export async function saberAuthRoutes(app: FastifyInstance): Promise<void> {
  const { config, captcha } = app.services;

  const routes = api(app);
  const saber = { generation: 'saber' } as const;
  routes.post(
    '/token',
    {
      config: { access: 'public', ...saber },
      schema: {
        summary:
          'Sign in (password SM2-encrypted with the server key) or refresh, answered in SpringBlade 4.x names',
        ...queryOrBody(tokenInput),
        response: answers(springBladeAnswer, 401, 429),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const signingIn = input.grantType === 'password' || input.grantType === 'captcha';
      // The client encrypts the plain password with our public key; we keep md5 digests (spec §3).
      // The auth service opens it only once its limiter has let the attempt through.
      const sealed = input.password;
      const password: SealedPassword | undefined =
        signingIn && sealed
          ? {
              open: () => {
                const opened = sm2Open(sealed, config.sm2PrivateKey);
                return opened && { password: md5(opened.text), seal: sha256(opened.cipher) };
              },
            }
          : undefined;
      const answer = await issueToken(request, {
        ...tokenHeaders(request),
        grantType: input.grantType,
        tenantId: header(request, 'tenant-id') ?? input.tenantId,
        username: input.account,
        password,
        refreshToken: input.refreshToken,
      });
      await noteSaberSession(app.services, answer);
      return reply.ok(springBladeToken(answer));
    },
  );

  routes.get(
    '/captcha',
    {
      config: { access: 'public', ...saber },
      schema: {
        summary: 'A new captcha (5 characters): its key and image',
        response: answers(z.object({ key: z.string(), image: z.string() }).loose(), 429),
      },
    },
    async (_request, reply) => reply.ok(await captcha.create()),
  );

  routes.post(
    '/logout',
    {
      config: { access: 'user', beforePasswordChange: true, ...saber },
      schema: { summary: 'Sign out', response: answers(z.null()) },
    },
    async (request, reply) => {
      await signOut(request);
      return reply.ok(null);
    },
  );
}
