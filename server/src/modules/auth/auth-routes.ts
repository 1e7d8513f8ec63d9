import type { TokenAnswer } from '@blade/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { translate } from '../../core/messages.js';
import { answers, api, failures } from '../../core/route-schema.js';
import { clientEntries } from '../log/error-log.js';
import { attemptOf } from '../log/sign-in-log.js';
import type { TokenRequest } from './auth-service.js';
import { onlineRoutes } from './online-routes.js';

/** A token call's fields, as query parameters (BladeX clients) or a form or JSON body. */
const tokenInput = z.object({
  grant_type: z.string().max(32).optional().describe('password (the default), refresh_token or captcha'),
  tenantId: z.string().max(12).optional(),
  tenant_id: z.string().max(12).optional(),
  username: z.string().max(100).optional(),
  password: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
  scope: z.string().max(50).optional(),
  type: z.string().max(20).optional(),
});

/** The token answer: BladeX's field names, flat beside code, success and msg. */
export const tokenAnswer = z
  .object({
    code: z.literal(200),
    success: z.literal(true),
    msg: z.string(),
    access_token: z.string(),
    token_type: z.literal('bearer'),
    refresh_token: z.string(),
    expires_in: z.number().int(),
    scope: z.string(),
    tenant_id: z.string(),
    user_id: z.string(),
    account: z.string(),
    user_name: z.string(),
    real_name: z.string(),
    nick_name: z.string(),
    avatar: z.string(),
    dept_id: z.string(),
    role_id: z.string(),
    role_name: z.string(),
    oauth_id: z.string(),
    password_change_required: z.boolean(),
  })
  .loose();

const tokenSchema = {
  summary: 'Sign in (grant_type password or captcha) or refresh a token (refresh_token)',
  querystring: tokenInput,
  body: tokenInput.optional(),
  response: { 200: tokenAnswer, ...failures(401, 429) },
};

/** An account as answered to its owner (never its password). */
export const account = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    account: z.string(),
    name: z.string().nullable(),
    realName: z.string().nullable(),
    avatar: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .loose();

/** The signed-in user: the account, its role aliases and names, and its department. */
const profile = z.object({
  user: account,
  roles: z.array(z.string()),
  roleNames: z.array(z.string()),
  dept: z.object({ id: z.string() }).loose().nullable(),
});

type TokenInput = z.output<typeof tokenInput>;

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

  const routes = api(app);
  const answerToken = async (request: FastifyRequest, input: TokenInput) => {
    const answer = await issueToken(request, {
      ...tokenHeaders(request),
      grantType: input.grant_type ?? 'password',
      tenantId: header(request, 'tenant-id') ?? input.tenantId ?? input.tenant_id,
      username: input.username,
      password: input.password,
      refreshToken: input.refresh_token,
    });
    return { code: 200 as const, success: true as const, msg: translate('ok', request.lang), ...answer };
  };
  // BladeX clients send the fields as query parameters; form or JSON bodies work as well.
  for (const url of ['/oauth/token', '/oauth/token/refresh'])
    routes.post(url, { config: { access: 'public' }, schema: tokenSchema }, (request) =>
      answerToken(request, { ...request.body, ...request.query }),
    );

  routes.get(
    '/oauth/captcha',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A new captcha: its key (send as Captcha-Key) and its image',
        response: answers(z.object({ key: z.string(), image: z.string() }).loose(), 429),
      },
    },
    async (_request, reply) => reply.ok(await captcha.create()),
  );

  // The Saber shell posts its local error log with the sign-out call; keep both effects.
  for (const method of ['GET', 'POST'] as const)
    routes.route({
      method,
      url: '/oauth/logout',
      config: { access: 'user', beforePasswordChange: true },
      schema: {
        summary: 'Sign out; a POST may carry the client error log (an array of entries) to keep',
        ...(method === 'POST'
          ? {
              body: z
                .union([clientEntries, z.object({}).loose()])
                .optional()
                .describe('Client error entries to keep'),
            }
          : {}),
        response: answers(z.null()),
      },
      handler: async (request, reply) => {
        await signOut(request);
        return reply.ok(null);
      },
    });

  routes.get(
    '/oauth/user-info',
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: { summary: 'The signed-in user', response: answers(profile) },
    },
    async (request, reply) => reply.ok(await app.services.users.profile(caller(request))),
  );

  await onlineRoutes(app);

  routes.get(
    '/oauth/clear-cache',
    {
      config: { access: 'user' },
      schema: { summary: 'Kept for BladeX clients: nothing to clear', response: answers(z.null()) },
    },
    async (_request, reply) => reply.ok(null, 'clearCacheDone'),
  );
}
