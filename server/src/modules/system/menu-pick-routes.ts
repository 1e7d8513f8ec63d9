import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { answers, api, queryOrBody, treeNode } from '../../core/route-schema.js';
import { idList } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { parseListQuery } from '../../crud/list-query.js';
import { toTree } from '../../crud/resource-service.js';
import { listQuery, rowOf } from '../../crud/route-schemas.js';
import { type AdminKit, menuTreeDef, one } from './admin-kit.js';

/** Top-menu grants and menus as pickers (menus only, whole or a level at a time). */
export function menuPickRoutes(app: FastifyInstance, { service, ctx, tz }: AdminKit): void {
  const { menus, authority } = app.services;
  const routes = api(app);
  const menuRows = rowOf(resources.menu!);
  const grantTree = treeNode('GrantNode', {
    parentId: z.string(),
    title: z.string(),
    alias: z.string().nullable(),
  });
  // Top menus.
  routes.get(
    '/blade-system/menu/grant-top-tree',
    {
      config: { access: { permission: 'topmenu_setting' } },
      schema: {
        summary: 'Menus a top menu can hold, as a tree',
        response: answers(z.object({ menu: z.array(grantTree) })),
      },
    },
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
  routes.get(
    '/blade-system/menu/top-tree-keys',
    {
      config: { access: { permission: 'topmenu_setting' } },
      schema: {
        summary: 'The menus granted to top menus',
        querystring: z.object({ topMenuIds: idList.describe('Top menu ids separated by commas') }),
        response: answers(z.object({ menu: z.array(z.string()) })),
      },
    },
    async (request, reply) => {
      const { topMenuIds } = request.query;
      return reply.ok({ menu: await authority.topMenuKeys(caller(request), topMenuIds) });
    },
  );
  routes.post(
    '/blade-system/topmenu/grant',
    {
      config: { access: { permission: 'topmenu_setting' } },
      schema: {
        summary: 'Grants menus to top menus',
        ...queryOrBody(z.object({ topMenuIds: idList, menuIds: idList })),
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      const { topMenuIds, menuIds } = request.body;
      await authority.grantTopMenus(caller(request), topMenuIds, menuIds, request.id);
      app.services.usualLog.record(request, 'top-menu-grant', { topMenuIds, menuIds });
      return reply.ok(null);
    },
  );

  // Menus as pickers: menus only (no buttons), whole or one level at a time.
  routes.get(
    '/blade-system/menu/menu-list',
    {
      config: { access: { permission: 'menu' } },
      schema: {
        summary: 'Menus only (no buttons), as a tree',
        querystring: listQuery(resources.menu!).loose(),
        response: answers(z.array(treeNode('menuNode', menuRows.shape))),
      },
    },
    async (request, reply) => {
      const list = parseListQuery(service('menu').resource, request.query, tz);
      const rows = await service('menu').all(ctx(request, 'menu'), {
        ...list,
        filters: [...list.filters, { column: 'category', op: '=', value: 1 }],
      });
      return reply.ok(toTree(service('menu').resource, rows));
    },
  );
  routes.get(
    '/blade-system/menu/lazy-menu-list',
    {
      config: { access: { permission: 'menu' } },
      schema: {
        summary: 'One level of menus (no buttons)',
        querystring: listQuery(resources.menu!)
          .extend({ parentId: z.union([z.literal('0'), z.literal(0), one]).optional() })
          .loose(),
        response: answers(z.array(menuRows.extend({ hasChildren: z.boolean().optional() }))),
      },
    },
    async (request, reply) => {
      const { parentId } = request.query;
      const list = parseListQuery(service('menu').resource, request.query, tz);
      const rows = await service('menu').children(ctx(request, 'menu'), Number(parentId ?? 0), {
        ...list,
        filters: [...list.filters, { column: 'category', op: '=', value: 1 }],
      });
      return reply.ok(rows);
    },
  );
}
