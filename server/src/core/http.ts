import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { PermissionCode } from '@blade/schema';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { Remember } from './access-memory.js';
import { envelope } from './envelope.js';
import { AppError } from './errors.js';
import { type Language, languageOf, type MessageKey, translate } from './messages.js';

/**
 * Who may call a route. Every /api route must declare it (deny by default): 'public' needs no
 * token, 'user' any signed-in user, { permission } a menu or button code (any of a list) granted
 * to one of the caller's roles, and with `platform` only to a caller of the platform tenant (routes
 * that write platform-owned data), 'administrator' the administrator role of the administrator tenant.
 */
export type Access =
  | 'public'
  | 'user'
  | 'administrator'
  | { permission: PermissionCode | readonly PermissionCode[]; platform?: true };

/** What an access token says about its bearer (signed by the auth module, read back each request). */
export interface AccessClaims {
  userId: number;
  tenantId: string;
  sessionId: number;
  clientId: string;
  account: string;
  deptId: number | null;
  roleIds: number[];
  /** Signed in with a one-time password: until it changes, only routes marked beforePasswordChange answer. */
  passwordChange?: boolean;
}

/**
 * The verified caller of a request: its token's claims and what its roles say. The data layer adds
 * `db`, the caller's tenant-scoped handle (see db/database.ts), so that core names no table.
 */
export interface AuthContext extends AccessClaims {
  roleAliases: string[];
  /** What derives from the caller's roles, department and tenant, remembered until access changes. */
  remember?: Remember;
}

/** One /api route and its access rule, as registered. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** Answers while a one-time password is still to be changed. */
  beforePasswordChange?: true;
  /** The resource of a generic resource route (its registry name). */
  resource?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access rule (the route table tests walk). */
    apiRoutes: ApiRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Set on generic resource routes: the registry name and endpoint (for OpenAPI and logs). */
    resource?: string;
    endpoint?: string;
    /** Record GET calls of this route in the API log too (mutating calls always are). */
    apiLog?: boolean;
    /** Reachable while the caller must still change a one-time password (the change, sign-out). */
    beforePasswordChange?: boolean;
    /** Also takes the token as the `blade-auth` query parameter (downloads opened in a new window). */
    tokenInQuery?: boolean;
    /** The route's own largest upload, when it is not UPLOAD_MAX_BYTES (for the 413 message). */
    uploadMaxBytes?: number;
  }
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | undefined;
  }
  interface FastifyReply {
    ok<T>(data: T, key?: MessageKey): FastifyReply;
  }
}

export const ADMIN_TENANT = '000000';
export const ADMIN_ROLE = 'administrator';

/** True for the administrator role of the administrator tenant, which is granted everything. */
export const isSuperAdmin = (auth: AuthContext): boolean =>
  auth.tenantId === ADMIN_TENANT && auth.roleAliases.includes(ADMIN_ROLE);

/** True for callers of the platform tenant: the only ones who write platform-owned data. */
export const isPlatformCaller = (auth: Pick<AuthContext, 'tenantId'>): boolean =>
  auth.tenantId === ADMIN_TENANT;

/** The caller, or 401 when the route is reached without one (only public routes do). */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'unauthorized');
  return request.auth;
}

/**
 * A request hook for the requests `applies` picks out. It runs as a callback, so every other
 * request passes it without the promise and turn of the event loop that an async hook costs.
 */
export const onlyWhen =
  (applies: (request: FastifyRequest) => boolean, hook: (request: FastifyRequest) => void | Promise<void>) =>
  (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!applies(request)) {
      done();
      return;
    }
    // A hook that throws is answered by Fastify as one that rejects.
    const running = hook(request);
    if (running) running.then(() => done(), done);
    else done();
  };

/** Envelope, language and error handling for every answer of the app. */
export function installHttpConventions(app: FastifyInstance): void {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('auth', undefined);
  app.decorateReply('ok', function ok<T>(this: FastifyReply, data: T, key: MessageKey = 'ok') {
    return this.code(200).send(envelope(200, data, translate(key, this.request.lang)));
  });

  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = languageOf(request.headers['accept-language']);
    done();
  });

  const table: ApiRoute[] = [];
  app.decorate('apiRoutes', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule.`);
    const more = {
      ...(route.config?.beforePasswordChange ? { beforePasswordChange: true as const } : {}),
      ...(route.config?.resource ? { resource: route.config.resource } : {}),
    };
    for (const method of [route.method].flat())
      if (method !== 'HEAD') table.push({ method, url: route.url, access, ...more });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, msg, extra } = describe(error, request);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      request.server.services.requestLogs.serverError(request, error);
    } else request.log.info({ status, reason: msg }, 'request refused');
    // OAuth failures repeat the message as error_description, which BladeX clients show.
    const oauth = 'error_code' in extra ? { error_description: msg } : {};
    return reply.code(status).send({ ...envelope(status, null, msg), ...extra, ...oauth });
  });

  app.setNotFoundHandler((request, reply) => {
    const msg = translate('routeNotFound', request.lang, {
      method: request.method,
      url: request.url.split('?')[0]!,
    });
    return reply.code(404).send(envelope(404, null, msg));
  });
}

/** The Accept-Language of a request Node could not parse, read from the bytes it received. */
function languageOfRaw(raw: unknown): Language {
  if (!Buffer.isBuffer(raw)) return 'zh';
  const head = raw
    .subarray(0, 64 * 1024)
    .toString('latin1')
    .toLowerCase();
  const at = head.indexOf('\naccept-language:');
  if (at < 0) return 'zh';
  const start = at + '\naccept-language:'.length;
  const end = head.indexOf('\r', start);
  return languageOf(head.slice(start, end < 0 ? start + 64 : Math.min(end, start + 64)));
}

/**
 * Requests Node refuses before any route sees them (headers over its limit, a malformed request
 * line, a request that took too long to arrive) answered with the envelope and closed.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key]: [number, MessageKey] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headersTooLarge']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'requestTimeout']
        : [400, 'badRequest'];
  const body = JSON.stringify(envelope(status, null, translate(key, languageOfRaw(error.rawPacket))));
  if (!socket.writable) return void socket.destroy();
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Connection-level database failures (the server is down or restarting), not query errors. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // Too many connections (PostgreSQL, MySQL): a moment's capacity, as a retry finds.
  '53300',
  'ER_CON_COUNT_ERROR',
  // mysql2: the server closed the connection, is shutting down, or ended this connection.
  'PROTOCOL_CONNECTION_LOST',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

/**
 * The same failures as the drivers report them without a code: pg's "not queryable" and
 * mysql2's "in closed state" are the next statement of a transaction whose connection ended.
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|not queryable|in closed state/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : '';
  return (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_MESSAGES.test(message);
}

function describe(
  error: FastifyError | AppError,
  request: FastifyRequest,
): { status: number; msg: string; extra: Record<string, unknown> } {
  const lang = request.lang;
  if (error instanceof AppError) {
    return { status: error.status, msg: translate(error.key, lang, error.params), extra: error.extra };
  }
  const plain = (status: number, key: MessageKey, params = {}) => ({
    status,
    msg: translate(key, lang, params),
    extra: {},
  });
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return plain(413, 'bodyTooLarge', { limit: request.routeOptions.bodyLimit ?? 0 });
    case 'FST_REQ_FILE_TOO_LARGE': {
      const limit =
        request.routeOptions.config.uploadMaxBytes ?? request.server.services.config.uploadMaxBytes;
      return plain(413, 'fileTooLarge', { limit: `${Math.round(limit / 1024)} KB` });
    }
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return plain(413, 'tooManyParts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return plain(415, 'unsupportedMediaType');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return plain(400, 'invalidJson');
  }
  if (error instanceof SyntaxError) return plain(400, 'invalidJson');
  if (isDatabaseUnavailable(error)) return plain(503, 'serviceUnavailable');
  const status = error.statusCode ?? 500;
  if (status === 429) return plain(429, 'tooManyRequests');
  if (status === 404) return plain(404, 'notFound');
  if (status >= 400 && status < 500) return plain(status, 'badRequest');
  return plain(500, 'internalError');
}
