import type { FastifyInstance, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.js';
import type { Access } from './http.js';
import { parse } from './validate.js';

/**
 * One schema per route. A route's options name its querystring, params, body and answers as zod
 * schemas; the same schemas validate the request (here, worded as every other 400) and produce
 * the OpenAPI document (modules/docs). Answers are documented and checked by the contract test,
 * not re-validated on every request: serialising stays plain JSON.
 */

/** The instance to register routes on: handlers get request parts typed by their zod schemas. */
export const api = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

const validator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    try {
      return { value: parse(schema, data) };
    } catch (error) {
      // A refusal is the caller's 400; anything else is a fault of ours, answered as one.
      if (error instanceof AppError) return { error };
      throw error;
    }
  };

/** The failure envelope: `msg` is the sentence to show; `field` names the form field it is about. */
export const failure = z
  .object({
    code: z.number().int(),
    success: z.literal(false),
    msg: z.string(),
    data: z.null(),
    field: z.string().optional(),
  })
  .loose()
  .meta({ id: 'Failure' });

/** The envelope of a success around `data`. */
export const answer = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(200), success: z.literal(true), msg: z.string(), data });

/** One page of a list. */
export const page = <T extends z.ZodType>(row: T) =>
  z.object({
    records: z.array(row),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });

/** A row as answered: an id (text on the wire) and its fields, named by the route where it knows them. */
export const row = (fields: z.ZodRawShape = {}) => z.object({ id: z.string(), ...fields }).loose();

/** A row whose shape the route does not fix (a generated resource's, a report's). */
export const anyRow = z.record(z.string(), z.unknown());

/**
 * A tree node: its row and its children, to any depth. Named (a component of the document), as a
 * recursive schema must be; one schema per name for the life of the process.
 */
export function treeNode(name: string, fields: z.ZodRawShape = {}): z.ZodType {
  let node = treeNodes.get(name);
  if (!node) {
    const self: z.ZodType = z
      .object({
        id: z.string(),
        ...fields,
        get children() {
          return z.array(self).optional();
        },
      })
      .loose()
      .meta({ id: name });
    node = self;
    treeNodes.set(name, node);
  }
  return node;
}
const treeNodes = new Map<string, z.ZodType>();

const FAILURE_TEXT: Record<number, string> = {
  400: 'Bad input: `msg` says what to fix and `field` names the field',
  401: 'Not signed in, or the session ended',
  403: 'No permission for this call',
  404: 'No such record in your tenant',
  409: 'The record changed or is in use: nothing was written',
  413: 'Too large: `msg` names the limit',
  429: 'Too many calls: try again later',
};

/** A failure answer as documented: what it means, and the envelope it comes in. */
const failed = (status: number) => ({
  description: FAILURE_TEXT[status]!,
  content: { 'application/json': { schema: failure } },
});

/** Failure statuses a route can give besides 400, 401 and 403 (which are added for it). */
export type FailureStatus = 401 | 404 | 409 | 413 | 429;

/** The documented failures of those statuses. */
export const failures = (...statuses: FailureStatus[]) =>
  Object.fromEntries(statuses.map((status) => [status, failed(status)]));

/** The answers of a route: its success data and the failures it can give besides the usual ones. */
export function answers<T extends z.ZodType>(data: T, ...statuses: FailureStatus[]) {
  return { 200: answer(data), ...failures(...statuses) } as { 200: ReturnType<typeof answer<T>> };
}

const describeAccess = (access: Access): string =>
  access === 'public'
    ? 'No sign-in needed.'
    : access === 'user'
      ? 'Any signed-in user.'
      : access === 'administrator'
        ? 'The administrator of tenant 000000 only.'
        : `Needs permission ${[access.permission].flat().join(' or ')}${access.platform ? ', in the platform tenant 000000' : ''}.`;

const eitherPart = new WeakSet<z.ZodType>();

/**
 * Fields a POST takes as query parameters or in a JSON or form body (Saber posts them as query
 * parameters, our web as JSON). Both are documented; before the check the query's fields are laid
 * over the body's, so the body schema sees one input, its required fields hold for both, and the
 * handler reads every field from `request.body`.
 */
export function queryOrBody<T extends z.ZodObject>(fields: T) {
  const body = fields.describe('Each field may be sent as a query parameter instead (that one wins).') as T;
  eitherPart.add(body);
  return { querystring: fields.partial(), body };
}

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Which generation of calls a route belongs to (the document's first tag). */
export type Generation = 'ours' | 'saber';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for routes whose schema came from queryOrBody. */
    queryOrBody?: boolean;
    /** Routes that exist for SpringBlade 4.x clients (Saber) are tagged as such in the document. */
    generation?: Generation;
  }
}

const tagOf = (url: string, generation: Generation | undefined): string => {
  const area = url.split('/')[2] ?? 'api';
  return generation === 'saber' ? `Saber · ${area}` : area;
};

/**
 * Validates request parts with zod (400 worded like every other) and completes each /api route's
 * document entry from what it already declares: its access rule, its area, and the failures
 * every route can give (400 when it reads input, 401 and 403 unless public).
 */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validator);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.queryOrBody)
      request.body = { ...objectOf(request.body), ...objectOf(request.query) };
    done();
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) {
      route.schema = { ...route.schema, hide: true } as FastifySchema;
      return;
    }
    const access = route.config?.access;
    const schema = (route.schema ?? {}) as FastifySchema & Record<string, unknown>;
    const reads = Boolean(schema.querystring || schema.body || schema.params);
    const response = { ...(schema.response as Record<string, unknown> | undefined) };
    const usual: number[] = [...(reads ? [400] : []), ...(access && access !== 'public' ? [401, 403] : [])];
    for (const status of usual) response[status] ??= failed(status);
    if (schema.body && eitherPart.has(schema.body as z.ZodType))
      route.config = { ...route.config, queryOrBody: true };
    route.schema = {
      ...schema,
      tags: (schema.tags as string[] | undefined) ?? [tagOf(route.url, route.config?.generation)],
      description: [access ? describeAccess(access) : '', schema.description].filter(Boolean).join(' '),
      ...(access && access !== 'public' ? { security: [{ bladeAuth: [] }] } : { security: [] }),
      response,
    } as FastifySchema;
  });
}

/**
 * Checks a request's parts by a route schema the router did not apply (the generated resources'
 * endpoints, served behind one route): the same validator, the same refusals.
 */
export function validateParts(request: FastifyRequest, schema: FastifySchema): void {
  const parts = [
    ['querystring', 'query'],
    ['params', 'params'],
    ['body', 'body'],
  ] as const;
  for (const [part, key] of parts) {
    const partSchema = schema[part] as z.ZodType | undefined;
    if (partSchema) (request as unknown as Record<string, unknown>)[key] = parse(partSchema, request[key]);
  }
}
