import { hostname, networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_TENANT, type AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { redactText, redactValue } from '../../core/redact.js';
import { utcNow } from '../../core/time.js';
import type { LogWriter } from './log-writer.js';

const SERVICE = 'blade-admin';
const HOST = hostname();
const IP =
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? '127.0.0.1';
const MAX_PARAMS = 4000;

/** Request parameters as logged: secrets masked, long values cut. */
export function maskedParams(request: FastifyRequest): string {
  const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
  const text = JSON.stringify({ query: redactValue(request.query ?? {}), body: redactValue(body) });
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text;
}

/** Where a log row comes from: the server, the caller and their request (without its parameters). */
export const origin = (request: FastifyRequest, auth: AuthContext | undefined, tenantId: string) => ({
  id: nextId(),
  tenant_id: tenantId,
  service_id: SERVICE,
  server_host: HOST,
  server_ip: IP,
  env: process.env.NODE_ENV ?? 'development',
  method: request.method,
  request_uri: request.url.split('?')[0]!.slice(0, 2000),
  user_agent: request.headers['user-agent']?.slice(0, 1000) ?? null,
  remote_ip: request.ip,
  create_by: auth?.account ?? null,
  create_user: auth?.userId ?? null,
  create_dept: auth?.deptId ?? null,
  create_time: utcNow(),
});

const common = (request: FastifyRequest, auth: AuthContext | undefined, tenantId: string) => ({
  ...origin(request, auth, tenantId),
  params: maskedParams(request),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** A tenant an anonymous call proved it belongs to (a successful sign-in). */
    verifiedTenant: string | undefined;
  }
}

/**
 * The tenant a log row belongs to: the verified caller's, or the one a sign-in just verified.
 * Other anonymous calls are the platform's (administrator tenant's) to see: a Tenant-Id header or
 * parameter proves nothing, so it cannot put rows into that tenant's logs.
 */
const tenantOf = (request: FastifyRequest): string =>
  request.auth?.tenantId ?? request.verifiedTenant ?? ADMIN_TENANT;

/**
 * API log: every mutating call and every call a route marks with `config.apiLog`, written in
 * batches after the answer is sent. Error log: every 5xx with its stack and request.
 */
export class RequestLogs {
  constructor(private readonly writer: LogWriter) {}

  install(app: FastifyInstance): void {
    app.decorateRequest('verifiedTenant', undefined);
    app.addHook('onResponse', (request, reply, done) => {
      const config = request.routeOptions.config;
      const mutating = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
      if (request.url.startsWith('/api/') && (mutating || config.apiLog)) this.api(request, reply);
      done();
    });
  }

  private api(request: FastifyRequest, reply: FastifyReply): void {
    const config = request.routeOptions.config;
    this.writer.add('blade_log_api', {
      ...common(request, request.auth, tenantOf(request)),
      type: reply.statusCode < 400 ? '1' : '2',
      title: config.resource
        ? `${config.resource} ${config.endpoint}`
        : (request.routeOptions.url ?? request.url),
      method_class: request.routeOptions.url ?? null,
      method_name: config.endpoint ?? request.method.toLowerCase(),
      status_code: reply.statusCode,
      time: Math.round(reply.elapsedTime),
    });
  }

  /** Files an anonymous call under the tenant it proved it belongs to (a sign-in). */
  attribute(request: FastifyRequest, tenantId: string): void {
    request.verifiedTenant = tenantId;
  }

  serverError(request: FastifyRequest, error: Error): void {
    this.writer.add('blade_log_error', {
      ...common(request, request.auth, tenantOf(request)),
      exception_name: error.name,
      message: redactText(error.message.slice(0, 4000)),
      stack_trace: redactText((error.stack ?? '').slice(0, 20_000)),
    });
  }
}

/** Business events the code records (sign-in, sign-out, grants, settings changes). */
export class UsualLog {
  constructor(private readonly writer: LogWriter) {}

  record(
    request: FastifyRequest,
    event: string,
    data: Record<string, unknown> = {},
    who?: { tenantId: string; account: string; userId: number },
  ): void {
    const auth = request.auth;
    this.writer.add('blade_log_usual', {
      ...common(request, auth, who?.tenantId ?? tenantOf(request)),
      create_by: who?.account ?? auth?.account ?? null,
      create_user: who?.userId ?? auth?.userId ?? null,
      log_level: 'info',
      log_id: event,
      log_data: JSON.stringify(redactValue(data)).slice(0, 4000),
    });
  }
}
