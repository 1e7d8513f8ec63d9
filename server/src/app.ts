import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { pino } from 'pino';
import { z } from 'zod';
import type { Config } from './config.js';
import { installAccessControl } from './core/access.js';
import { installCompression } from './core/compression.js';
import { answerClientError, installHttpConventions } from './core/http.js';
import { jsonTooDeep, nestsDeeperThan } from './core/json-depth.js';
import { redactText } from './core/redact.js';
import { answers, api, installRouteSchemas } from './core/route-schema.js';
import { installSecurityHeaders } from './core/security-headers.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { ssoRoutes } from './modules/auth/sso-routes.js';
import { noticeStreamRoutes } from './modules/desk/notice-routes.js';
import { codeGeneratorRoutes } from './modules/develop/code-routes.js';
import { datasourceRoutes } from './modules/develop/datasource-routes.js';
import { docsRoutes } from './modules/docs/docs-routes.js';
import { installOpenApi } from './modules/docs/openapi.js';
import { explainRoutes } from './modules/explain/explain-routes.js';
import { flowRoutes } from './modules/flow/flow-routes.js';
import { leaveRoutes } from './modules/flow/leave-routes.js';
import { historyRoutes } from './modules/history/history-routes.js';
import { registerResources } from './modules/hooks.js';
import { jobRoutes } from './modules/job/job-routes.js';
import { logRoutes } from './modules/log/log-routes.js';
import { mallRoutes } from './modules/mall/mall-routes.js';
import { ServerMetrics } from './modules/monitor/metrics.js';
import { monitorRoutes } from './modules/monitor/monitor-routes.js';
import { reportRoutes } from './modules/report/report-routes.js';
import { resourceRoutes } from './modules/resource/resource-routes.js';
import { saberAuthRoutes } from './modules/saber/saber-auth-routes.js';
import { installSaberCodeCalls } from './modules/saber/saber-codes.js';
import { installSaberDatasourceCalls } from './modules/saber/saber-datasources.js';
import { installSaberDictionaryCodes } from './modules/saber/saber-dictionaries.js';
import { installSaberFrames } from './modules/saber/saber-frame.js';
import { installSaberRegionSubmit, saberRegionRoutes } from './modules/saber/saber-regions.js';
import { installSaberUserCalls, saberFormsOf, saberRewriteUrl } from './modules/saber/saber-users.js';
import { adminRoutes } from './modules/system/admin-routes.js';
import { publicRoutes, systemRoutes } from './modules/system/system-routes.js';
import { userAdminRoutes } from './modules/user/user-admin-routes.js';
import { userRoutes } from './modules/user/user-routes.js';
import type { Services } from './services.js';

const REDACTED = ['req.headers.authorization', 'req.headers["blade-auth"]', 'req.headers.cookie'];

/**
 * Log lines name requests and errors without their secrets: a sign-in or refresh carries the
 * password digest or the refresh token in its query string.
 */
const serializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactText(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  err: (err: FastifyError) => ({
    type: err.name,
    message: redactText(err.message),
    stack: redactText(err.stack ?? ''),
    ...(err.code ? { code: err.code } : {}),
  }),
};

/**
 * Standard output written asynchronously: a request's log lines are queued, not written by a
 * system call on its path (that cost a fifth of a list page's throughput). Lines still queued
 * are written synchronously when the process exits.
 */
const logDestination = () => pino.destination({ dest: 1, sync: false });

/**
 * One log line per request, written when it is answered and naming the request, instead of
 * Fastify's two (one on arrival, one on completion): half the logging work of every request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Builds the HTTP app on ready services; the caller owns their lifecycle (see main.ts). */
export async function buildApp(services: Services): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: { level: config.logLevel, redact: REDACTED, serializers, stream: logDestination() },
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimit,
    trustProxy: false,
    rewriteUrl: (req) => saberRewriteUrl(req.url ?? '/'),
    return503OnClosing: true,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false } },
    // Requests Node refuses before routing (headers too large, malformed) still get the envelope.
    clientErrorHandler: answerClientError,
  });
  app.decorate('services', services);
  // While draining for shutdown, answers close their connection so keep-alive clients cannot
  // hold the server open after their in-flight request is done.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // JSON bodies nest at most MAX_JSON_DEPTH levels (a clear 400 beyond, before parsing); the
  // rest is Fastify's own parser, which refuses __proto__ and constructor keys.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text)) return done(jsonTooDeep(), undefined);
    json(request, text, done);
  });
  // Accept text/plain bodies as JSON text, as the Saber client sends some of them.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    if (nestsDeeperThan(text)) return done(jsonTooDeep(), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, text);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Multipart bodies for uploads (files, BPMN deployments); each route sets its own count limits.
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 20, fields: 20 } });
  installHttpConventions(app);
  installRouteSchemas(app);
  await installOpenApi(app);
  installSecurityHeaders(app);
  installAccessControl(app, saberFormsOf);
  services.requestLogs.install(app);
  const metrics = new ServerMetrics(services.data);
  metrics.install(app);

  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return;
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-allow-credentials', 'true');
      if (request.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS');
        reply.header(
          'access-control-allow-headers',
          'authorization,blade-auth,content-type,tenant-id,dept-id,role-id,captcha-key,captcha-code,accept-language',
        );
        return reply.code(204).send();
      }
    });
  }
  // Last of the answer hooks, so it compresses the final body.
  installCompression(app);

  api(app).get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether the server and its database answer',
        response: answers(z.object({ status: z.literal('UP') })),
      },
    },
    async (_request, reply) => {
      await services.data.global.selectFrom('blade_tenant').select('id').limit(1).execute();
      return reply.ok({ status: 'UP' as const });
    },
  );
  await app.register(publicRoutes, { prefix: '/api/public' });
  await app.register(authRoutes, { prefix: '/api/blade-auth' });
  await app.register(saberAuthRoutes, { prefix: '/api/blade-auth' });
  installSaberUserCalls(app);
  installSaberDatasourceCalls(app);
  installSaberCodeCalls(app);
  installSaberDictionaryCodes(app);
  installSaberRegionSubmit(app);
  installSaberFrames(app);
  await app.register(ssoRoutes, { prefix: '/api/sq-user' });
  await app.register(systemRoutes, { prefix: '/api/blade-system' });
  await app.register(userRoutes, { prefix: '/api/blade-user' });
  await app.register(logRoutes, { prefix: '/api/blade-log' });
  const resources = registerResources(app);
  await app.register(adminRoutes, { prefix: '/api', resources });
  await app.register(saberRegionRoutes, { prefix: '/api/blade-system/region', resources });
  await app.register(historyRoutes, { prefix: '/api/blade-log', resources });
  await app.register(mallRoutes, { resources });
  await app.register(reportRoutes);
  await app.register(flowRoutes);
  await app.register(leaveRoutes);
  await app.register(userAdminRoutes, { prefix: '/api/blade-user', resources });
  await app.register(explainRoutes, { prefix: '/api/blade-system', resources });
  await app.register(docsRoutes, { prefix: '/api/docs' });
  await app.register(datasourceRoutes, { prefix: '/api/blade-develop/datasource' });
  await app.register(codeGeneratorRoutes);
  await app.register(resourceRoutes);
  await app.register(noticeStreamRoutes);
  await app.register(jobRoutes, { prefix: '/api/blade-job' });
  await app.register(monitorRoutes, { metrics });

  await serveWebApp(app, config);
  return app;
}

/** Serves the built admin with a fallback to index.html for client routes; /api never falls back. */
async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const index = join(config.webDist, 'index.html');
  if (!existsSync(index)) return;
  await app.register(fastifyStatic, {
    root: config.webDist,
    wildcard: false,
    index: false,
    // the build writes .br and .gz beside each text file: the smallest the browser accepts is sent
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // a shared cache must not hand a brotli copy to a browser that asked for none
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // @fastify/static registered a route for each built file; every other page is a client route.
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
