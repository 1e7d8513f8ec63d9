import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { idList, inputOf, parse } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { parseListQuery } from '../../crud/list-query.js';
import { toTree } from '../../crud/resource-service.js';
import { type AdminKit, menuTreeDef, one } from './admin-kit.js';

/** Top-menu grants and menus as pickers (menus only, whole or a level at a time). */
export function menuPickRoutes(app: FastifyInstance, { service, ctx, tz }: AdminKit): void {
  const { menus, authority } = app.services;
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
}
