import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import { fromWireTime, utcNow } from '../../core/time.js';
import { idList, inputOf, parse } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { parseListQuery } from '../../crud/list-query.js';
import { builtInContext } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { toTree } from '../../crud/resource-service.js';
import { expireTenantsJob, TenantStatus } from './tenant-expiry.js';
import { grantTenants } from './tenant-grants.js';

const one = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const id = parseId(v);
  if (id === undefined) ctx.addIssue({ code: 'custom', message: 'must be an id' });
  return id ?? 0;
});

/**
 * The calls of spec §7 System beyond generic CRUD: role and top-menu grants, tenant settings,
 * dictionary lookups, menu pickers, regions by code, department and role pickers.
 */
export async function adminRoutes(
  app: FastifyInstance,
  opts: { resources: Map<string, ResourceService> },
): Promise<void> {
  const { menus, config, authority } = app.services;
  app.services.jobs.define(expireTenantsJob(app.services.data, app.services.sessions));
  const service = (name: string) => opts.resources.get(name)!;
  const ctx = (request: Parameters<typeof caller>[0], name: string) =>
    builtInContext(request, service(name).resource);
  const tz = config.timeZone;

  // Role grants (menus, data scopes, API scopes): the three trees of the grant dialog.
  app.get(
    '/blade-system/menu/grant-tree',
    { config: { access: { permission: ['role_setting', 'tenantpackage'] } } },
    async (request, reply) => {
      const auth = caller(request);
      const rows = await menus.granted(auth);
      const nodes = rows.map((r) => ({
        id: r.id,
        parentId: r.parent_id,
        title: r.name,
        alias: r.alias,
        category: r.category,
      }));
      const { dataScope, apiScope } = await authority.grantableScopes(auth);
      return reply.ok({
        menu: toTree(
          menuTreeDef,
          nodes.map((n) => toWire(n, tz)),
        ),
        dataScope: scopeTree(rows, dataScope),
        apiScope: scopeTree(rows, apiScope),
      });
    },
  );
  app.get(
    '/blade-system/menu/role-tree-keys',
    { config: { access: { permission: 'role_setting' } } },
    async (request, reply) => {
      const { roleIds } = parse(z.object({ roleIds: idList }), request.query);
      return reply.ok(await authority.checkedKeys(caller(request), roleIds));
    },
  );
  app.post(
    '/blade-system/role/grant',
    { config: { access: { permission: 'role_setting' } } },
    async (request, reply) => {
      const grant = parse(
        z.object({ roleIds: idList, menuIds: idList, dataScopeIds: idList, apiScopeIds: idList }),
        inputOf(request),
      );
      await authority.grantRoles(caller(request), grant, request.id);
      app.services.usualLog.record(request, 'role-grant', grant);
      return reply.ok(null);
    },
  );
  // The scopes the grant dialog offers (tenants cannot open the platform's scope screens).
  app.get(
    '/blade-system/role/grant-scopes',
    { config: { access: { permission: 'role_setting' } } },
    async (request, reply) => {
      const { dataScope, apiScope } = await authority.grantableScopes(caller(request));
      return reply.ok({
        dataScope: dataScope.map((r) => toWire(r, tz)),
        apiScope: apiScope.map((r) => toWire(r, tz)),
      });
    },
  );
  app.get(
    '/blade-system/role/tree-by-id',
    { config: { access: { permission: 'role' } } },
    async (request, reply) => {
      const { roleId } = parse(z.object({ roleId: one }), request.query);
      const rows = await service('role').all(ctx(request, 'role'), {
        filters: [],
        order: [{ column: 'sort', direction: 'asc' }],
      });
      // A role's parent may be any role but itself and those under it (one walk down the tree).
      const children = new Map<string, string[]>();
      for (const r of rows) {
        const parent = String(r.parentId);
        const list = children.get(parent) ?? [];
        list.push(String(r.id));
        children.set(parent, list);
      }
      const excluded = new Set([String(roleId)]);
      for (const queue = [String(roleId)]; queue.length; ) {
        for (const child of children.get(queue.pop()!) ?? []) {
          if (excluded.has(child)) continue;
          excluded.add(child);
          queue.push(child);
        }
      }
      return reply.ok(
        toTree(
          service('role').resource,
          rows.filter((r) => !excluded.has(String(r.id))),
        ),
      );
    },
  );
  app.get('/blade-system/role/select', { config: { access: 'user' } }, async (request, reply) => {
    const { userId } = parse(z.object({ userId: one.optional() }), request.query);
    return reply.ok(await pickOfUser(request, 'role', 'role_id', userId));
  });
  app.get('/blade-system/dept/select', { config: { access: 'user' } }, async (request, reply) => {
    const { userId } = parse(z.object({ userId: one.optional() }), request.query);
    return reply.ok(await pickOfUser(request, 'dept', 'dept_id', userId));
  });

  /** Rows of a picker: all of the tenant's, or only those a given user holds (switch dialog). */
  async function pickOfUser(
    request: Parameters<typeof caller>[0],
    name: 'role' | 'dept',
    column: 'role_id' | 'dept_id',
    userId?: number,
  ) {
    const c = ctx(request, name);
    let filters: Parameters<ResourceService['all']>[1]['filters'] = [];
    if (userId) {
      const user = await c.auth.db
        .selectFrom('blade_user')
        .select(column)
        .where('id', '=', userId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!user) throw new AppError(404, 'rowNotFound');
      filters = [
        { column: 'id', op: 'in', value: String(user[column]).split(',').filter(Boolean).map(Number) },
      ];
    }
    return service(name).all(c, { filters, order: [{ column: 'sort', direction: 'asc' }] });
  }

  // Top menus.
  app.get(
    '/blade-system/menu/grant-top-tree',
    { config: { access: { permission: 'topmenu_setting' } } },
    async (request, reply) => {
      const rows = (await menus.granted(caller(request))).filter((r) => r.category === 1);
      return reply.ok({
        menu: toTree(
          menuTreeDef,
          rows.map((r) => toWire({ id: r.id, parentId: r.parent_id, title: r.name, alias: r.alias }, tz)),
        ),
      });
    },
  );
  app.get(
    '/blade-system/menu/top-tree-keys',
    { config: { access: { permission: 'topmenu_setting' } } },
    async (request, reply) => {
      const { topMenuIds } = parse(z.object({ topMenuIds: idList }), request.query);
      return reply.ok({ menu: await authority.topMenuKeys(caller(request), topMenuIds) });
    },
  );
  app.post(
    '/blade-system/topmenu/grant',
    { config: { access: { permission: 'topmenu_setting' } } },
    async (request, reply) => {
      const { topMenuIds, menuIds } = parse(
        z.object({ topMenuIds: idList, menuIds: idList }),
        inputOf(request),
      );
      await authority.grantTopMenus(caller(request), topMenuIds, menuIds, request.id);
      app.services.usualLog.record(request, 'top-menu-grant', { topMenuIds, menuIds });
      return reply.ok(null);
    },
  );

  // Menus as pickers: menus only (no buttons), whole or one level at a time.
  app.get(
    '/blade-system/menu/menu-list',
    { config: { access: { permission: 'menu' } } },
    async (request, reply) => {
      const list = parseListQuery(service('menu').resource, request.query as Record<string, unknown>, tz);
      const rows = await service('menu').all(ctx(request, 'menu'), {
        ...list,
        filters: [...list.filters, { column: 'category', op: '=', value: 1 }],
      });
      return reply.ok(toTree(service('menu').resource, rows));
    },
  );
  app.get(
    '/blade-system/menu/lazy-menu-list',
    { config: { access: { permission: 'menu' } } },
    async (request, reply) => {
      const { parentId } = parse(
        z.object({ parentId: z.union([z.literal('0'), z.literal(0), one]).optional() }),
        request.query,
      );
      const list = parseListQuery(service('menu').resource, request.query as Record<string, unknown>, tz);
      const rows = await service('menu').children(ctx(request, 'menu'), Number(parentId ?? 0), {
        ...list,
        filters: [...list.filters, { column: 'category', op: '=', value: 1 }],
      });
      return reply.ok(rows);
    },
  );

  // Dictionaries: parents, children, the items of a code, and a parent tree.
  for (const [name, base, menuCodes] of [
    ['dict', '/blade-system/dict', ['dict-horizontal', 'dict-vertical']],
    ['dictBiz', '/blade-system/dict-biz', ['dictbiz']],
  ] as const) {
    app.get(
      `${base}/parent-list`,
      { config: { access: { permission: menuCodes } } },
      async (request, reply) => {
        const r = service(name);
        const list = parseListQuery(r.resource, request.query as Record<string, unknown>, tz);
        return reply.ok(
          await r.page(ctx(request, name), {
            ...list,
            filters: [...list.filters, { column: 'parent_id', op: '=', value: 0 }],
          }),
        );
      },
    );
    app.get(
      `${base}/child-list`,
      { config: { access: { permission: menuCodes } } },
      async (request, reply) => {
        const r = service(name);
        const { parentId } = parse(z.object({ parentId: one }), request.query);
        const list = parseListQuery(r.resource, request.query as Record<string, unknown>, tz);
        return reply.ok(
          await r.page(ctx(request, name), {
            ...list,
            filters: [...list.filters, { column: 'parent_id', op: '=', value: parentId }],
          }),
        );
      },
    );
    app.get(`${base}/dictionary`, { config: { access: 'user' } }, async (request, reply) => {
      const { code } = parse(z.object({ code: z.string().min(1).max(255) }), request.query);
      const rows = await service(name).all(ctx(request, name), {
        filters: [
          { column: 'code', op: '=', value: code },
          { column: 'parent_id', op: '>', value: 0 },
        ],
        order: [{ column: 'sort', direction: 'asc' }],
      });
      return reply.ok(rows);
    });
  }

  // Tenants (administrator only).
  app.get(
    '/blade-system/tenant/package-detail',
    { config: { access: 'administrator' } },
    async (request, reply) => {
      const { tenantId } = parse(z.object({ tenantId: z.string().max(12) }), request.query);
      const tenant = await app.services.data.global
        .selectFrom('blade_tenant')
        .select('package_id')
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!tenant) throw new AppError(404, 'rowNotFound');
      if (!tenant.package_id) return reply.ok(null);
      return reply.ok(
        await service('tenantPackage')
          .detail(ctx(request, 'tenantPackage'), tenant.package_id)
          .catch(() => null),
      );
    },
  );
  app.post(
    '/blade-system/tenant/setting',
    { config: { access: 'administrator' } },
    async (request, reply) => {
      const input = parse(
        z.object({
          ids: idList,
          accountNumber: z.coerce.number().int().min(-1).max(1_000_000).optional(),
          expireTime: z.string().max(40).optional(),
        }),
        inputOf(request),
      );
      if (input.ids.length === 0) throw new AppError(400, 'idsRequired');
      const expire = input.expireTime ? fromWireTime(input.expireTime, tz) : undefined;
      if (input.expireTime && !expire)
        throw new AppError(400, 'invalidField', {
          field: 'expireTime',
          reason: 'must be a time like 2027-01-31 00:00:00',
        });
      const who = caller(request);
      await grantTenants(
        app.services.data.unscoped(),
        who,
        request.id,
        { ids: input.ids },
        {
          ...(input.accountNumber !== undefined ? { account_number: input.accountNumber } : {}),
          ...(input.expireTime !== undefined ? { expire_time: expire ?? null } : {}),
          // A new expiry ahead (or none) enables a tenant the expiry job disabled.
          ...(input.expireTime !== undefined && (!expire || expire > utcNow())
            ? { status: TenantStatus.active }
            : {}),
        },
        { update_user: who.userId, update_time: utcNow() },
      );
      return reply.ok(null);
    },
  );
  for (const [path, column, field] of [
    ['/blade-system/tenant/package-setting', 'package_id', 'packageId'],
    ['/blade-system/tenant/datasource', 'datasource_id', 'datasourceId'],
  ] as const) {
    // Binding a data source checks and prepares it, and refuses to strand existing data.
    const bind = column === 'datasource_id';
    app.post(path, { config: { access: 'administrator' } }, async (request, reply) => {
      const optionalId = z.union([z.literal(''), z.literal('0'), one]).optional();
      const input = parse(
        z.object({ tenantId: z.string().min(1).max(12), packageId: optionalId, datasourceId: optionalId }),
        inputOf(request),
      );
      const target = input[field] ? Number(input[field]) : null;
      if (target && column === 'package_id') {
        const exists = await app.services.data.global
          .selectFrom('blade_tenant_package')
          .select('id')
          .where('id', '=', target)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!exists) throw new AppError(404, 'rowNotFound');
      }
      if (bind) {
        await app.services.dataSources.bind(input.tenantId, target, caller(request), request.id);
        app.services.usualLog.record(request, 'datasource', {
          tenantId: input.tenantId,
          datasourceId: target,
        });
        return reply.ok(null);
      }
      const who = caller(request);
      const matched = await grantTenants(
        app.services.data.unscoped(),
        who,
        request.id,
        { tenantId: input.tenantId },
        { package_id: target },
        { update_user: who.userId, update_time: utcNow() },
      );
      if (matched === 0) throw new AppError(404, 'rowNotFound');
      app.services.usualLog.record(request, path.slice(path.lastIndexOf('/') + 1), {
        tenantId: input.tenantId,
        [field]: target,
      });
      return reply.ok(null);
    });
  }

  // Regions by code.
  app.get('/blade-system/region/lazy-tree', { config: { access: 'user' } }, async (request, reply) => {
    const { parentCode } = parse(
      z.object({
        parentCode: z
          .string()
          .regex(/^\d{2,12}$/)
          .default('00'),
      }),
      request.query,
    );
    const c = ctx(request, 'region');
    const rows = await service('region').all(c, {
      filters: [{ column: 'parent_code', op: '=', value: parentCode }],
      order: [{ column: 'sort', direction: 'asc' }],
    });
    const codes = rows.map((r) => String(r.code));
    const parents = codes.length
      ? new Set(
          (
            await c.db
              .selectFrom('blade_region')
              .select('parent_code')
              .where('parent_code', 'in', codes)
              .where('is_deleted', '=', 0)
              .groupBy('parent_code')
              .execute()
          ).map((r) => String(r.parent_code)),
        )
      : new Set<string>();
    return reply.ok(
      // Node ids are region codes (Saber loads the next level by the node's id); regionId is the row's.
      rows.map((r) => ({
        ...r,
        id: r.code,
        regionId: r.id,
        title: r.name,
        key: r.code,
        value: r.code,
        hasChildren: parents.has(String(r.code)),
      })),
    );
  });
  // The divisions under a code (provinces under '00'), for cascading pickers.
  app.get('/blade-system/region/select', { config: { access: 'user' } }, async (request, reply) => {
    const { code } = parse(
      z.object({
        code: z
          .string()
          .regex(/^\d{2,12}$/)
          .default('00'),
      }),
      request.query,
    );
    const rows = await service('region').all(ctx(request, 'region'), {
      filters: [{ column: 'parent_code', op: '=', value: code }],
      order: [{ column: 'sort', direction: 'asc' }],
    });
    return reply.ok(rows);
  });
  app.get(
    '/blade-system/region/detail',
    { config: { access: { permission: 'region' } } },
    async (request, reply) => {
      const { code } = parse(z.object({ code: z.string().regex(/^\d{2,12}$/) }), request.query);
      const [row] = await service('region').all(ctx(request, 'region'), {
        filters: [{ column: 'code', op: '=', value: code }],
        order: [],
      });
      if (!row) throw new AppError(404, 'rowNotFound');
      const parent = await ctx(request, 'region')
        .db.selectFrom('blade_region')
        .select('name')
        .where('code', '=', String(row.parentCode))
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      // Saber's region form edits this answer and sends it back: the level under the name it
      // reads and submits (a regionLevel beside it would win over the level chosen), and the
      // parent's name it shows.
      // SpringBlade's regions have no id (the code is their key): Saber's "add below" sends
      // this answer back as the new region, so the row's id goes as regionId.
      const { id, regionLevel, ...rest } = row;
      return reply.ok({ ...rest, regionId: id, level: regionLevel, parentName: parent?.name ?? null });
    },
  );
}

/**
 * Scopes grouped under the menu whose code they carry (SpringBlade's scope trees): a group node
 * has the menu's id, which the grant ignores among scope ids.
 */
function scopeTree(
  menuRows: ReadonlyArray<{ id: number; code: string; name: string }>,
  scopes: ReadonlyArray<{ id: number; resource_code: string; scope_name: string }>,
) {
  const menuOf = new Map(menuRows.map((m) => [m.code, m]));
  const groups = new Map<string, Array<Record<string, unknown>>>();
  const roots: Array<Record<string, unknown>> = [];
  for (const scope of scopes) {
    const menu = menuOf.get(scope.resource_code);
    const leaf = {
      id: String(scope.id),
      title: scope.scope_name,
      key: String(scope.id),
      value: String(scope.id),
    };
    if (!menu) {
      roots.push({ ...leaf, parentId: '0', hasChildren: false });
      continue;
    }
    let children = groups.get(menu.code);
    if (!children) {
      children = [];
      groups.set(menu.code, children);
      const id = String(menu.id);
      roots.push({ id, parentId: '0', title: menu.name, key: id, value: id, hasChildren: true, children });
    }
    children.push({ ...leaf, parentId: String(menu.id), hasChildren: false });
  }
  return roots;
}

/** Menu rows shaped as tree nodes for grant dialogs. */
const menuTreeDef = { tree: { parent: 'parentId', title: 'title' } } as Parameters<typeof toTree>[0];
