import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { answers, api, queryOrBody, treeNode } from '../../core/route-schema.js';
import { idList } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { toTree } from '../../crud/resource-service.js';
import { rowOf } from '../../crud/route-schemas.js';
import { type AdminKit, menuTreeDef, one } from './admin-kit.js';

/** Role grants (menus, data scopes, API scopes), the role tree and the role and department pickers. */
export function roleRoutes(app: FastifyInstance, { service, ctx, tz }: AdminKit): void {
  const { menus, authority } = app.services;
  const routes = api(app);
  const grantNode = treeNode('GrantNode', {
    parentId: z.string(),
    title: z.string(),
    alias: z.string().nullable(),
  });
  const scopeNode = treeNode('ScopeNode', {
    parentId: z.string(),
    title: z.string(),
    hasChildren: z.boolean(),
  });
  const scopeRow = z.object({ id: z.string(), scopeName: z.string() }).loose();
  const roleNode = treeNode('roleNode', rowOf(resources.role!).shape);
  const forUser = z.object({
    userId: one.optional().describe('Only the rows this user holds (the switch dialog)'),
  });
  // Role grants (menus, data scopes, API scopes): the three trees of the grant dialog.
  routes.get(
    '/blade-system/menu/grant-tree',
    {
      config: { access: { permission: ['role_setting', 'tenantpackage'] } },
      schema: {
        summary: 'What a role can be granted: menus, data scopes and API scopes, as trees',
        response: answers(
          z.object({ menu: z.array(grantNode), dataScope: z.array(scopeNode), apiScope: z.array(scopeNode) }),
        ),
      },
    },
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
  routes.get(
    '/blade-system/menu/role-tree-keys',
    {
      config: { access: { permission: 'role_setting' } },
      schema: {
        summary: 'What roles hold: menu, data scope and API scope ids',
        querystring: z.object({ roleIds: idList.describe('Role ids separated by commas') }),
        response: answers(
          z
            .object({
              menu: z.array(z.string()),
              dataScope: z.array(z.string()),
              apiScope: z.array(z.string()),
            })
            .loose(),
        ),
      },
    },
    async (request, reply) => {
      return reply.ok(await authority.checkedKeys(caller(request), request.query.roleIds));
    },
  );
  routes.post(
    '/blade-system/role/grant',
    {
      config: { access: { permission: 'role_setting' } },
      schema: {
        summary: 'Sets what roles hold (menus, data scopes, API scopes); each list replaces the last',
        ...queryOrBody(
          z.object({ roleIds: idList, menuIds: idList, dataScopeIds: idList, apiScopeIds: idList }),
        ),
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      const grant = request.body;
      await authority.grantRoles(caller(request), grant, request.id);
      app.services.usualLog.record(request, 'role-grant', grant);
      return reply.ok(null);
    },
  );
  // The scopes the grant dialog offers (tenants cannot open the platform's scope screens).
  routes.get(
    '/blade-system/role/grant-scopes',
    {
      config: { access: { permission: 'role_setting' } },
      schema: {
        summary: 'The scopes the grant dialog offers',
        response: answers(z.object({ dataScope: z.array(scopeRow), apiScope: z.array(scopeRow) })),
      },
    },
    async (request, reply) => {
      const { dataScope, apiScope } = await authority.grantableScopes(caller(request));
      return reply.ok({
        dataScope: dataScope.map((r) => toWire(r, tz)),
        apiScope: apiScope.map((r) => toWire(r, tz)),
      });
    },
  );
  routes.get(
    '/blade-system/role/tree-by-id',
    {
      config: { access: { permission: 'role' } },
      schema: {
        summary: 'The roles a role may sit under: all but itself and those under it',
        querystring: z.object({ roleId: one }),
        response: answers(z.array(roleNode)),
      },
    },
    async (request, reply) => {
      const { roleId } = request.query;
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
  for (const [name, column] of [
    ['role', 'role_id'],
    ['dept', 'dept_id'],
  ] as const)
    routes.get(
      `/blade-system/${name}/select`,
      {
        config: { access: 'user' },
        schema: {
          summary: `The tenant's ${name === 'role' ? 'roles' : 'departments'} for pickers`,
          querystring: forUser,
          response: answers(z.array(rowOf(resources[name]!)), 404),
        },
      },
      async (request, reply) => reply.ok(await pickOfUser(request, name, column, request.query.userId)),
    );

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
