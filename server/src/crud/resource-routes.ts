import {
  type Action,
  columnOf,
  type Endpoint,
  permissionCode,
  type ResourceDef,
  readCodes,
} from '@blade/schema';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { AppError } from '../core/errors.js';
import { type Access, type AuthContext, caller } from '../core/http.js';
import { parseId } from '../core/ids.js';
import type { Language } from '../core/messages.js';
import { requirePermission } from '../core/permissions.js';
import { dynamic } from '../db/dynamic-db.js';
import { BUSINESS_TABLES } from '../db/tables.js';
import type { CrudDeps, ValueDeps } from './deps.js';
import type { BoundHooks, ResourceContext } from './hooks.js';
import { parseListQuery } from './list-query.js';
import { ResourceService, toTree } from './resource-service.js';
import { endpointSchema } from './route-schemas.js';
import { bodySchema, missingRequired, parseFields, toColumns, withoutMasks } from './validation.js';

type Query = Record<string, unknown>;
type RemoveInput = { ids?: number[]; id?: string };

/**
 * Access rule of each generic endpoint, from the resource's permission prefix; the writes of a
 * platform-owned resource are the platform tenant's alone (its reads serve tenants too).
 */
export function endpointAccess(resource: ResourceDef, endpoint: Endpoint): Access {
  if (resource.adminOnly) return 'administrator';
  const platform = resource.owner === 'platform' ? ({ platform: true } as const) : {};
  const code = (action: Action) => permissionCode(resource, action);
  switch (endpoint) {
    case 'list':
    case 'page':
    case 'detail':
    case 'lazy-list':
      return { permission: readCodes(resource) };
    case 'tree':
    case 'lazy-tree':
    case 'select':
      // Pickers in other screens' forms read these; the rows stay within the caller's tenant.
      return 'user';
    case 'remove':
      return { permission: code('delete'), ...platform };
    case 'save':
      return { permission: code('add'), ...platform };
    case 'update':
      return { permission: code('edit'), ...platform };
    case 'submit':
      return { permission: [code('add'), code('edit')], ...platform };
  }
}

/** The HTTP method of each generic endpoint. */
export const METHOD: Record<Endpoint, 'GET' | 'POST'> = {
  list: 'GET',
  page: 'GET',
  detail: 'GET',
  tree: 'GET',
  'lazy-tree': 'GET',
  'lazy-list': 'GET',
  select: 'GET',
  remove: 'POST',
  submit: 'POST',
  save: 'POST',
  update: 'POST',
};

/**
 * The body as column values; a missing required field answers its declared message. Values are
 * then made safe by their declared type: rich text is sanitised, and an image field may not name
 * one of our stored uploads that is not an image.
 */
async function parseBody(
  resource: ResourceDef,
  mode: 'add' | 'edit',
  request: FastifyRequest,
  deps: ValueDeps,
  aliases: Record<string, string> = {},
) {
  const body: Record<string, unknown> =
    typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
      ? { ...(request.body as Record<string, unknown>) }
      : {};
  for (const [alias, name] of Object.entries(aliases))
    if (Object.hasOwn(body, alias) && !Object.hasOwn(body, name)) body[name] = body[alias];
  return parseValues(resource, mode, body, request.lang, deps);
}

/** A body's column values by the form's rules (the save calls and spreadsheet imports share them). */
export async function parseValues(
  resource: ResourceDef,
  mode: 'add' | 'edit',
  body: Record<string, unknown>,
  lang: Language,
  deps: ValueDeps,
) {
  body = withoutMasks(resource, body);
  const missing = missingRequired(resource, mode, body);
  // `field` names the form field to mark, beside the message (the web form shows it there).
  if (missing?.required)
    throw new AppError(400, 'declared', { text: missing.required[lang] }, { field: missing.name });
  const schema = bodySchema(resource, mode, lang, deps.config.timeZone);
  const values = toColumns(parseFields(resource, schema, body, lang));
  for (const field of resource.fields) {
    const column = columnOf(field.name);
    const value = values[column];
    if (typeof value !== 'string') continue;
    if (field.type === 'richtext') values[column] = await deps.richText.clean(value);
    if (field.type === 'image' && deps.storage.isStoredNonImage(value))
      throw new AppError(400, 'imageNotImage', { field: field.label[lang] }, { field: field.name });
  }
  return values;
}

const bodyId = (body: unknown): number | undefined => {
  if (typeof body !== 'object' || body === null || !('id' in body)) return undefined;
  const raw = (body as { id: unknown }).id;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const id = parseId(raw);
  if (id === undefined) throw new AppError(400, 'invalidField', { field: 'id', reason: 'must be an id' });
  return id;
};

/** The context of a call on a resource kept in the built-in database (identity, permissions). */
export function builtInContext(request: FastifyRequest, resource: ResourceDef): ResourceContext {
  const auth = caller(request);
  return {
    resource,
    auth,
    db: dynamic(auth.db),
    lang: request.lang,
    requestId: request.id,
  };
}

/**
 * How a call on a resource finds its rows: business tables in the tenant's bound data source,
 * a generated resource's in the data source it names, everything else beside the caller's
 * identity in the built-in database.
 */
export function resourceContext(
  deps: Pick<CrudDeps, 'dataSources'>,
  resource: ResourceDef,
  options: { datasourceId?: string } = {},
): (request: FastifyRequest) => Promise<ResourceContext> {
  const of = contextOf(deps, resource, options);
  return (request) => of(caller(request), request.lang, request.id);
}

/** `resourceContext` for a given caller (one a request is about rather than from). */
export function contextOf(
  deps: Pick<CrudDeps, 'dataSources'>,
  resource: ResourceDef,
  options: { datasourceId?: string } = {},
): (auth: AuthContext, lang: Language, requestId?: string) => Promise<ResourceContext> {
  const business = BUSINESS_TABLES.has(resource.table);
  const elsewhere = options.datasourceId !== undefined && options.datasourceId !== '0';
  return async (auth, lang, requestId) => {
    const base = { resource, auth, lang, requestId };
    if (elsewhere) {
      const data = await deps.dataSources.open(options.datasourceId);
      // An outside database is not migrated by the server, so it has no history table.
      return { ...base, db: dynamic(data.forTenant(auth.tenantId)), dialect: data.dialect, history: false };
    }
    if (!business) return { ...base, db: dynamic(auth.db) };
    const { db, dialect } = await deps.dataSources.business(auth.tenantId, auth.remember);
    return { ...base, db: dynamic(db), dialect };
  };
}

/** What one generic endpoint does with a request; its answer is the envelope's data. */
export type EndpointHandler = (request: FastifyRequest) => Promise<unknown>;

/**
 * The generic endpoints of a declared resource: BladeX conventions, derived validation and the
 * resource's hooks. `datasourceId` names the data source a generated resource's table lives in
 * (its rows are still scoped to the caller's tenant there).
 */
export function resourceEndpoints(
  deps: CrudDeps,
  resource: ResourceDef,
  hooks: BoundHooks = {},
  options: { datasourceId?: string } = {},
): {
  service: ResourceService;
  handlers: Record<Endpoint, EndpointHandler>;
  schemas: Partial<Record<Endpoint, FastifySchema>>;
} {
  const service = new ResourceService(resource, deps, hooks);
  const context = resourceContext(deps, resource, options);
  const tz = deps.config.timeZone;
  const list = (request: FastifyRequest) => parseListQuery(resource, request.query as Query, tz);
  // `parentId` is checked by the route's schema: '0', an id, or left out (the top).
  const parentOf = (request: FastifyRequest) => Number((request.query as Query).parentId ?? 0);

  const handlers: Record<Endpoint, EndpointHandler> = {
    list: async (request) =>
      resource.tree
        ? toTree(resource, await service.all(await context(request), list(request)))
        : service.page(await context(request), list(request)),
    page: async (request) => service.page(await context(request), list(request)),
    detail: async (request) =>
      service.detailToEdit(await context(request), (request.query as { id: number }).id),
    // A tree is a picker's whole tree: search fields do not narrow it (Saber asks the dictionary
    // tree with code=DICT), only the tenant a platform administrator picks for the form.
    tree: async (request) => {
      const { tenantId } = request.query as Query;
      const query = tenantId === undefined ? {} : { tenantId };
      return toTree(resource, await service.all(await context(request), parseListQuery(resource, query, tz)));
    },
    'lazy-tree': async (request) =>
      (await service.children(await context(request), parentOf(request), list(request))).map((r) => ({
        ...r,
        title: r[resource.tree!.title],
        key: r.id,
        value: r.id,
      })),
    'lazy-list': async (request) =>
      service.children(await context(request), parentOf(request), list(request)),
    select: async (request) => service.all(await context(request), list(request), 1000),
    remove: async (request) => {
      const ctx = await context(request);
      // The ids as a query parameter (Saber's) or in a JSON or form body (the route checked both).
      const query = request.query as RemoveInput;
      const body = (request.body ?? {}) as RemoveInput;
      const ids = query.ids?.length ? query.ids : (body.ids ?? []);
      const named = ids.length ? undefined : await hooks.removeIds?.(ctx, { id: query.id ?? body.id });
      return { removed: await service.remove(ctx, named ?? ids) };
    },
    submit: async (request) => {
      const id = bodyId(request.body);
      if (!resource.adminOnly)
        await requirePermission(request, permissionCode(resource, id ? 'edit' : 'add'));
      const ctx = await context(request);
      const saved = await service.submit(
        ctx,
        await parseBody(resource, id ? 'edit' : 'add', request, deps, hooks.bodyAliases),
        id,
      );
      return { ...(await service.detail(ctx, saved)), ...hooks.answer?.(ctx, saved, id ? 'edit' : 'add') };
    },
    save: async (request) => {
      const ctx = await context(request);
      const saved = await service.insert(
        ctx,
        await parseBody(resource, 'add', request, deps, hooks.bodyAliases),
      );
      return { ...(await service.detail(ctx, saved)), ...hooks.answer?.(ctx, saved, 'add') };
    },
    update: async (request) => {
      const id = bodyId(request.body);
      if (!id) throw new AppError(400, 'requiredField', { field: 'id' });
      await service.update(
        await context(request),
        id,
        await parseBody(resource, 'edit', request, deps, hooks.bodyAliases),
      );
      return service.detail(await context(request), id);
    },
  };
  const schemas = Object.fromEntries(
    resource.endpoints.map((endpoint) => [endpoint, endpointSchema(resource, endpoint, hooks, tz)]),
  );
  return { service, handlers, schemas };
}

/**
 * Registers a declared resource's endpoints under /api{path}, each with the access rule of its
 * endpoint; `deps` is what the generic CRUD uses of the server.
 */
export function registerResource(
  app: FastifyInstance,
  deps: CrudDeps,
  resource: ResourceDef,
  hooks: BoundHooks = {},
): ResourceService {
  const { service, handlers, schemas } = resourceEndpoints(deps, resource, hooks);
  const prefix = `/api${resource.path}`;
  for (const endpoint of resource.endpoints) {
    const handler = handlers[endpoint];
    app.route({
      method: METHOD[endpoint],
      url: `${prefix}/${endpoint}`,
      config: { access: endpointAccess(resource, endpoint), resource: resource.name, endpoint },
      schema: schemas[endpoint],
      handler: async (request, reply) => reply.ok(await handler(request)),
    });
  }
  return service;
}
