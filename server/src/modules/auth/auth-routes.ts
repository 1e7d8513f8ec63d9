import type { TokenAnswer } from '@blade/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { translate } from '../../core/messages.js';
import { parse } from '../../core/validate.js';
import { attemptOf } from '../log/sign-in-log.js';
import type { TokenRequest } from './auth-service.js';
import { onlineRoutes } from './online-routes.js';

const tokenQuery = z.object({
  grant_type: z.string().max(32).default('password'),
  tenantId: z.string().max(12).optional(),
  tenant_id: z.string().max(12).optional(),
  username: z.string().max(100).optional(),
  password: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
  scope: z.string().max(50).optional(),
  type: z.string().max(20).optional(),
});

export const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
};

/** What every token call takes from its headers: the client, captcha, switch choices, address. */
export const tokenHeaders = (request: FastifyRequest) => ({
  authorization: request.headers.authorization,
  captchaKey: header(request, 'captcha-key'),
  captchaCode: header(request, 'captcha-code'),
  deptId: header(request, 'dept-id'),
  roleId: header(request, 'role-id'),
  ip: request.ip,
  userAgent: header(request, 'user-agent'),
});

/** Signs in or refreshes through the one auth service, and records it (request, usual and sign-in logs). */
export async function issueToken(request: FastifyRequest, input: TokenRequest): Promise<TokenAnswer> {
  const { services } = request.server;
  const attempt = attemptOf(request, {
    grantType: input.grantType,
    tenantId: input.tenantId,
    account: input.username,
  });
  const answer = await services.signInLog.track(attempt, () => services.auth.token(input));
  services.requestLogs.attribute(request, answer.tenant_id);
  services.usualLog.record(
    request,
    'sign-in',
    { grant: input.grantType },
    { tenantId: answer.tenant_id, account: answer.account, userId: Number(answer.user_id) },
  );
  return answer;
}

/** Ends the caller's session, keeping the client error entries a sign-out call may carry. */
export async function signOut(request: FastifyRequest): Promise<void> {
  const { services } = request.server;
  const who = caller(request);
  if (Array.isArray(request.body)) await services.errorLog.recordClientEntries(who, request, request.body);
  await services.auth.logout(who);
  services.usualLog.record(request, 'sign-out');
}

/** /api/blade-auth: the OAuth-style token endpoint, captcha, sign-out, the caller's profile. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { captcha } = app.services;

  const answerToken = async (request: FastifyRequest) => {
    // BladeX clients send the fields as query parameters; form or JSON bodies work as well.
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const input = parse(tokenQuery, { ...body, ...(request.query as object) });
    const answer = await issueToken(request, {
      ...tokenHeaders(request),
      grantType: input.grant_type,
      tenantId: header(request, 'tenant-id') ?? input.tenantId ?? input.tenant_id,
      username: input.username,
      password: input.password,
      refreshToken: input.refresh_token,
    });
    return { code: 200, success: true, msg: translate('ok', request.lang), ...answer };
  };
  app.post('/oauth/token', { config: { access: 'public' } }, answerToken);
  app.post('/oauth/token/refresh', { config: { access: 'public' } }, answerToken);

  app.get('/oauth/captcha', { config: { access: 'public' } }, async (_request, reply) =>
    reply.ok(await captcha.create()),
  );

  // The Saber shell posts its local error log with the sign-out call; keep both effects.
  for (const method of ['GET', 'POST'] as const)
    app.route({
      method,
      url: '/oauth/logout',
      config: { access: 'user', beforePasswordChange: true },
      handler: async (request, reply) => {
        await signOut(request);
        return reply.ok(null);
      },
    });

  app.get(
    '/oauth/user-info',
    { config: { access: 'user', beforePasswordChange: true } },
    async (request, reply) => reply.ok(await app.services.users.profile(caller(request))),
  );

  await onlineRoutes(app);

  app.get('/oauth/clear-cache', { config: { access: 'user' } }, async (_request, reply) =>
    reply.ok(null, 'clearCacheDone'),
  );
}
