import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { answers, api } from '../../core/route-schema.js';
import { rowOf } from '../../crud/route-schemas.js';
import type { AdminKit } from './admin-kit.js';

/** A region code: 2 to 12 digits. */
const regionCode = z.string().regex(/^\d{2,12}$/);

/** Regions by code: a level of the lazy tree, a cascading picker, one region as its form edits it. */
export function regionRoutes(app: FastifyInstance, { service, ctx }: AdminKit): void {
  const routes = api(app);
  const regions = resources.region!;
  const region = rowOf(regions);
  routes.get(
    '/blade-system/region/lazy-tree',
    {
      config: { access: 'user' },
      schema: {
        summary: 'One level of the region tree: node ids are region codes',
        querystring: z.object({
          parentCode: regionCode.default('00').describe('The parent region code; 00 for the top'),
        }),
        response: answers(
          z.array(
            region.extend({
              regionId: z.string(),
              title: z.string(),
              key: z.string(),
              value: z.string(),
              hasChildren: z.boolean(),
            }),
          ),
        ),
      },
    },
    async (request, reply) => {
      const { parentCode } = request.query;
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
    },
  );
  // The divisions under a code (provinces under '00'), for cascading pickers.
  routes.get(
    '/blade-system/region/select',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The divisions under a region code (provinces under 00)',
        querystring: z.object({ code: regionCode.default('00') }),
        response: answers(z.array(region)),
      },
    },
    async (request, reply) => {
      const { code } = request.query;
      const rows = await service('region').all(ctx(request, 'region'), {
        filters: [{ column: 'parent_code', op: '=', value: code }],
        order: [{ column: 'sort', direction: 'asc' }],
      });
      return reply.ok(rows);
    },
  );
  routes.get(
    '/blade-system/region/detail',
    {
      config: { access: { permission: 'region' } },
      schema: {
        summary: 'One region by its code, as its form edits it',
        querystring: z.object({ code: regionCode }),
        response: answers(
          region
            .omit({ id: true })
            .extend({ regionId: z.string(), level: z.unknown(), parentName: z.string().nullable() })
            .loose(),
          404,
        ),
      },
    },
    async (request, reply) => {
      const { code } = request.query;
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
