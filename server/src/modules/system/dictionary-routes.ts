import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answers, api, page } from '../../core/route-schema.js';
import { parseListQuery } from '../../crud/list-query.js';
import { listQuery, rowOf } from '../../crud/route-schemas.js';
import { type AdminKit, one } from './admin-kit.js';

/** Dictionaries: parents, children and the items of a code, system and business alike. */
export function dictionaryRoutes(app: FastifyInstance, { service, ctx, tz }: AdminKit): void {
  const routes = api(app);
  for (const [name, base, menuCodes] of [
    ['dict', '/blade-system/dict', ['dict-horizontal', 'dict-vertical']],
    ['dictBiz', '/blade-system/dict-biz', ['dictbiz']],
  ] as const) {
    const resource = resources[name]!;
    const rows = rowOf(resource);
    /** A page of the rows under one parent (0: the dictionaries themselves), as the list query asks. */
    const pageUnder = (
      request: Parameters<AdminKit['ctx']>[0],
      query: Record<string, unknown>,
      parentId: number,
    ) => {
      const r = service(name);
      const list = parseListQuery(r.resource, query, tz);
      return r.page(ctx(request, name), {
        ...list,
        filters: [...list.filters, { column: 'parent_id', op: '=', value: parentId }],
      });
    };
    routes.get(
      `${base}/parent-list`,
      {
        config: { access: { permission: menuCodes } },
        schema: {
          summary: 'Top-level dictionaries',
          querystring: listQuery(resource).loose(),
          response: answers(page(rows)),
        },
      },
      async (request, reply) => reply.ok(await pageUnder(request, request.query, 0)),
    );
    routes.get(
      `${base}/child-list`,
      {
        config: { access: { permission: menuCodes } },
        schema: {
          summary: 'The items of one dictionary',
          querystring: listQuery(resource).extend({ parentId: one }).loose(),
          response: answers(page(rows)),
        },
      },
      async (request, reply) => reply.ok(await pageUnder(request, request.query, request.query.parentId)),
    );
    routes.get(
      `${base}/dictionary`,
      {
        config: { access: 'user' },
        schema: {
          summary: 'The items of a dictionary code, in order',
          querystring: z.object({ code: z.string().min(1).max(255) }),
          response: answers(z.array(rows)),
        },
      },
      async (request, reply) => {
        const rows = await service(name).all(ctx(request, name), {
          filters: [
            { column: 'code', op: '=', value: request.query.code },
            { column: 'parent_id', op: '>', value: 0 },
          ],
          order: [{ column: 'sort', direction: 'asc' }],
        });
        return reply.ok(rows);
      },
    );
  }
}
