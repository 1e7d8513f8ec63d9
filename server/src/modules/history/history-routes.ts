import { HISTORY_CODES, permissionCode, type ResourceDef, readCodes, resources } from '@blade/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { enforceAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { type Access, caller, isSuperAdmin } from '../../core/http.js';
import { hasPermission } from '../../core/permissions.js';
import { fromWireTime, toDbTime } from '../../core/time.js';
import { idList, idSchema, parse } from '../../core/validate.js';
import { pageOf } from '../../core/wire.js';
import type { ResourceContext } from '../../crud/hooks.js';
import { resourceContext } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { type DynamicDb, dynamic } from '../../db/dynamic-db.js';
import { BUSINESS_TABLES } from '../../db/tables.js';
import { pruneHistoryJob } from './history-prune.js';
import { restoreVersion, undoChange } from './history-restore.js';
import { entry, type Readable, search, timeline, wireEntry } from './history-store.js';
import { spreadsheetRoutes } from './spreadsheet-routes.js';

/** A resource named in a call, its service and the caller's context, once its permission is checked. */
export type Target = (
  request: FastifyRequest,
  name: string,
  action: 'view' | 'add' | 'edit' | 'delete',
) => Promise<{ resource: ResourceDef; service: ResourceService; ctx: ResourceContext }>;

type Targeted = Awaited<ReturnType<Target>>;

/** Whether the caller holds a code reading the resource (API scopes are checked after). */
async function mayRead(request: FastifyRequest, resource: ResourceDef): Promise<boolean> {
  if (isSuperAdmin(caller(request))) return true;
  return !resource.adminOnly && (await hasPermission(request, readCodes(resource)));
}

/** What of a store's history the readable resources open: all their rows, or their scoped ones. */
async function readableIn(store: Store, readable: Targeted[]): Promise<Readable> {
  const out: Readable = { open: [], scoped: [] };
  for (const { resource, service, ctx } of readable) {
    if (!store.holds(resource.table)) continue;
    const ids = await service.scopedIds(ctx, store.db);
    if (ids) out.scoped.push({ resource: resource.name, ids });
    else out.open.push(resource.name);
  }
  return out;
}

/** The furthest a merged page of two stores reads (newest rows of each). */
const MAX_WINDOW = 10_000;

const resourceName = z.object({ resource: z.string().min(1).max(64) });
const paging = z.object({
  current: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
});

/** The resource's own rule for an action, checked as its own route would be (API scopes too). */
async function requireResource(
  request: FastifyRequest,
  resource: ResourceDef,
  action: 'view' | 'add' | 'edit' | 'delete',
): Promise<void> {
  const platform = resource.owner === 'platform' ? ({ platform: true } as const) : {};
  const rule: Access = resource.adminOnly
    ? 'administrator'
    : action === 'view'
      ? { permission: readCodes(resource) }
      : { permission: permissionCode(resource, action), ...platform };
  const endpoint =
    action === 'view'
      ? 'detail'
      : action === 'delete'
        ? 'remove'
        : (resource.endpoints.find((e) => e === (action === 'add' ? 'save' : 'update')) ?? 'submit');
  await enforceAccess(request, rule, `/api${resource.path}/${endpoint}`);
}

/**
 * /api/blade-log/history and /api/blade-log/recycle: a row's change history with restore and
 * undo, the tenant's changes across resources (数据变更), and the recycle bin of removed rows.
 * Each call needs its button code and the resource's own permission for the same action.
 */
export async function historyRoutes(
  app: FastifyInstance,
  options: { resources: Map<string, ResourceService> },
): Promise<void> {
  const { config } = app.services;
  app.services.jobs.define(
    pruneHistoryJob(app.services.data, app.services.dataSources, config.historyRetentionDays),
  );

  const target: Target = async (request, name, action) => {
    const resource = resources[name];
    const service = options.resources.get(name);
    if (!resource || !service) throw new AppError(400, 'historyNoResource', { name: name.slice(0, 64) });
    await requireResource(request, resource, action);
    return { resource, service, ctx: await resourceContext(app.services, resource)(request) };
  };

  /** Every resource the caller may read through its own routes, with its context. */
  const readableResources = async (request: FastifyRequest): Promise<Targeted[]> => {
    const out: Targeted[] = [];
    for (const [name, resource] of Object.entries(resources)) {
      // The codes first (no statement): most resources are not the caller's to read.
      if (!options.resources.has(name) || !(await mayRead(request, resource))) continue;
      try {
        out.push(await target(request, name, 'view'));
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 403) throw error;
      }
    }
    return out;
  };

  spreadsheetRoutes(app, target);

  app.get(
    '/history/timeline',
    { config: { access: { permission: HISTORY_CODES.view } } },
    async (request, reply) => {
      const query = parse(resourceName.extend({ id: idSchema }), request.query);
      const { ctx, service } = await target(request, query.resource, 'view');
      // As the resource's detail would: a row outside the caller's data scope is not there.
      if (!(await service.inScope(ctx, query.id))) throw new AppError(404, 'rowNotFound');
      const rows = await timeline(ctx.db, query.resource, query.id);
      return reply.ok(rows.map((r) => wireEntry(r, config.timeZone)));
    },
  );

  app.post(
    '/history/restore',
    { config: { access: { permission: HISTORY_CODES.restore } } },
    async (request, reply) => {
      const body = parse(
        resourceName.extend({ id: idSchema, mode: z.enum(['version', 'undo']) }),
        request.body ?? {},
      );
      const { ctx, service } = await target(request, body.resource, 'edit');
      const found = await entry(ctx.db, body.id);
      if (!found || found.resource !== body.resource) throw new AppError(404, 'historyNotFound');
      await (body.mode === 'version' ? restoreVersion : undoChange)(ctx, service, found);
      return reply.ok(null);
    },
  );

  app.get(
    '/history/page',
    { config: { access: { permission: HISTORY_CODES.screen } } },
    async (request, reply) => {
      const query = parse(
        paging.extend({
          resource: z.string().max(64).optional(),
          rowId: idSchema.optional(),
          user: z.string().max(64).optional(),
          startTime: z.string().max(32).optional(),
          endTime: z.string().max(32).optional(),
        }),
        request.query,
      );
      const time = (field: string, text: string | undefined) => {
        if (!text) return undefined;
        const value = fromWireTime(text, config.timeZone);
        if (!value)
          throw new AppError(400, 'invalidField', {
            field,
            reason: 'must be a time like 2026-01-31 08:00:00',
          });
        return value;
      };
      const named = query.resource || undefined;
      const filter = {
        resource: named,
        rowId: query.rowId,
        user: query.user || undefined,
        from: time('startTime', query.startTime),
        to: time('endTime', query.endTime),
      };
      // Only changes of resources the caller may read, and of their rows within its data scope.
      const readable = named ? [await target(request, named, 'view')] : await readableResources(request);
      const window = Math.min(query.current * query.size, MAX_WINDOW);
      let total = 0;
      let rows: Awaited<ReturnType<typeof search>>['rows'] = [];
      for (const store of await stores(app, request, filter.resource)) {
        const found = await search(
          store.db,
          { ...filter, readable: await readableIn(store, readable) },
          window,
        );
        total += found.total;
        rows = rows.concat(found.rows);
      }
      rows.sort((a, b) => Number(b.id) - Number(a.id));
      const start = (query.current - 1) * query.size;
      return reply.ok(
        pageOf(
          rows.slice(start, start + query.size).map((r) => wireEntry(r, config.timeZone)),
          total,
          query,
        ),
      );
    },
  );

  const since = () =>
    config.historyRetentionDays > 0
      ? toDbTime(new Date(Date.now() - config.historyRetentionDays * 86_400_000))
      : '0000';

  app.get(
    '/recycle/page',
    { config: { access: { permission: HISTORY_CODES.recycle } } },
    async (request, reply) => {
      const query = parse(paging.merge(resourceName), request.query);
      const { ctx, service } = await target(request, query.resource, 'delete');
      return reply.ok(await service.removed(ctx, query, since()));
    },
  );

  app.post(
    '/recycle/restore',
    { config: { access: { permission: HISTORY_CODES.recycle } } },
    async (request, reply) => {
      const query = parse(resourceName.extend({ ids: idList }), request.query);
      const { ctx, service } = await target(request, query.resource, 'delete');
      return reply.ok({ restored: await service.restore(ctx, query.ids) });
    },
  );

  app.post(
    '/recycle/purge',
    { config: { access: { permission: HISTORY_CODES.purge } } },
    async (request, reply) => {
      const query = parse(resourceName.extend({ ids: idList }), request.query);
      const { ctx, service } = await target(request, query.resource, 'delete');
      return reply.ok({ purged: await service.purge(ctx, query.ids) });
    },
  );
}

/**
 * Where the caller's history lives: beside the identity tables, and in the data source its
 * business rows are bound to (when bound). A resource named narrows it to that resource's store.
 */
async function stores(app: FastifyInstance, request: FastifyRequest, resource?: string): Promise<Store[]> {
  const auth = caller(request);
  const everything = { db: dynamic(auth.db), holds: () => true };
  const table = resource ? resources[resource]?.table : undefined;
  if (table !== undefined && !BUSINESS_TABLES.has(table)) return [everything];
  const tenant = await app.services.data.global
    .selectFrom('blade_tenant')
    .select('datasource_id')
    .where('tenant_id', '=', auth.tenantId)
    .executeTakeFirst();
  if (!tenant?.datasource_id) return [everything];
  const builtIn = { db: everything.db, holds: (t: string) => !BUSINESS_TABLES.has(t) };
  const business = {
    db: dynamic((await app.services.dataSources.business(auth.tenantId)).db),
    holds: (t: string) => BUSINESS_TABLES.has(t),
  };
  return table !== undefined ? [business] : [builtIn, business];
}

/** A database holding history, and which resources' tables (and so their history) it holds. */
interface Store {
  db: DynamicDb;
  holds: (table: string) => boolean;
}
