import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../core/validate.js';
import { parseListQuery } from '../../crud/list-query.js';
import { type AdminKit, one } from './admin-kit.js';

/** Dictionaries: parents, children and the items of a code, system and business alike. */
export function dictionaryRoutes(app: FastifyInstance, { service, ctx, tz }: AdminKit): void {
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
}
