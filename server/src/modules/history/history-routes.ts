import { HISTORY_CODES, permissionCode, type ResourceDef, readCodes, resources } from '@blade/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { enforceAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { type Access, caller, isSuperAdmin } from '../../core/http.js';
import { hasPermission } from '../../core/permissions.js';
import { answers, api, page } from '../../core/route-schema.js';
import { fromWireTime, toDbTime } from '../../core/time.js';
import { pageOf } from '../../core/wire.js';
import { resourceContext } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { type DynamicDb, dynamic } from '../../db/dynamic-db.js';
import { BUSINESS_TABLES } from '../../db/tables.js';
import { pruneHistoryJob } from './history-prune.js';
import { restoreVersion, undoChange } from './history-restore.js';
import {
  historyEntry,
  historyQuery,
  recycleIds,
  recycleQuery,
  removedRow,
  restoreInput,
  timelineQuery,
} from './history-schemas.js';
import { entry, type Readable, search, timeline, wireEntry } from './history-store.js';
import type { Target } from './history-target.js';
import { spreadsheetRoutes } from './spreadsheet-routes.js';

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
  const routes = api(app);

  routes.get(
    '/history/timeline',
    {
      config: { access: { permission: HISTORY_CODES.view } },
      schema: {
        summary: "A row's changes, oldest first",
        querystring: timelineQuery,
        response: answers(z.array(historyEntry), 404),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { ctx, service } = await target(request, query.resource, 'view');
      // As the resource's detail would: a row outside the caller's data scope is not there.
      if (!(await service.inScope(ctx, query.id))) throw new AppError(404, 'rowNotFound');
      const rows = await timeline(ctx.db, query.resource, query.id);
      return reply.ok(rows.map((r) => wireEntry(r, config.timeZone)));
    },
  );

  routes.post(
    '/history/restore',
    {
      config: { access: { permission: HISTORY_CODES.restore } },
      schema: {
        summary: 'Put a row back as a change left it (version), or undo the change (undo)',
        body: restoreInput,
        response: answers(z.null(), 404, 409),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { ctx, service } = await target(request, body.resource, 'edit');
      const found = await entry(ctx.db, body.id);
      if (!found || found.resource !== body.resource) throw new AppError(404, 'historyNotFound');
      await (body.mode === 'version' ? restoreVersion : undoChange)(ctx, service, found);
      return reply.ok(null);
    },
  );

  routes.get(
    '/history/page',
    {
      config: { access: { permission: HISTORY_CODES.screen } },
      schema: {
        summary: "The tenant's changes across the resources the caller may read, newest first",
        querystring: historyQuery,
        response: answers(page(historyEntry)),
      },
    },
    async (request, reply) => {
      const query = request.query;
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

  routes.get(
    '/recycle/page',
    {
      config: { access: { permission: HISTORY_CODES.recycle } },
      schema: {
        summary: "A resource's removed rows, newest first",
        querystring: recycleQuery,
        response: answers(page(removedRow)),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { ctx, service } = await target(request, query.resource, 'delete');
      return reply.ok(await service.removed(ctx, query, since()));
    },
  );

  routes.post(
    '/recycle/restore',
    {
      config: { access: { permission: HISTORY_CODES.recycle } },
      schema: {
        summary: 'Put removed rows back',
        querystring: recycleIds,
        response: answers(z.object({ restored: z.number().int() }), 409),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { ctx, service } = await target(request, query.resource, 'delete');
      return reply.ok({ restored: await service.restore(ctx, query.ids) });
    },
  );

  routes.post(
    '/recycle/purge',
    {
      config: { access: { permission: HISTORY_CODES.purge } },
      schema: {
        summary: 'Remove rows from the recycle bin for good',
        querystring: recycleIds,
        response: answers(z.object({ purged: z.number().int() }), 409),
      },
    },
    async (request, reply) => {
      const query = request.query;
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
