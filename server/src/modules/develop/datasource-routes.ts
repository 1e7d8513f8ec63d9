import { SECRET_MASK } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answers, api, queryOrBody } from '../../core/route-schema.js';
import { BUILT_IN_DATASOURCE, type DataSourceSettings } from './data-sources.js';

const testInput = z.object({
  id: z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative()]).optional(),
  name: z.string().max(64).optional(),
  kind: z.string().max(16).optional(),
  url: z.string().max(500).optional(),
  username: z.string().max(100).optional(),
  password: z.string().max(200).optional(),
});

/**
 * POST /api/blade-develop/datasource/test: connects once to a saved data source, or to the
 * settings of the form being edited (an empty password there means the saved one). Only the
 * administrator may call it, so it cannot be used to probe the network on a tenant's behalf.
 */
export async function datasourceRoutes(app: FastifyInstance): Promise<void> {
  const sources = app.services.dataSources;
  api(app).post(
    '/test',
    {
      config: { access: 'administrator' },
      schema: {
        summary: 'Connect once to a saved data source, or to the settings of a form',
        description:
          'With `kind` and `url`, tries those settings (an empty or masked password means the saved one of `id`); else the saved source `id`, else the built-in database. A failed connection is a 400 saying why.',
        ...queryOrBody(testInput),
        response: answers(z.object({ connected: z.literal(true) }), 404),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const id = input.id === undefined || input.id === '' ? undefined : String(input.id);
      let target = id ? await sources.target(id) : undefined;
      if (input.kind !== undefined && input.url !== undefined) {
        let settings: DataSourceSettings = { kind: input.kind, url: input.url, username: input.username };
        settings.password = input.password;
        // Empty, or the mask its detail answered (Saber's form sends it back), means the saved one.
        if ((!input.password || input.password === SECRET_MASK) && id && id !== BUILT_IN_DATASOURCE) {
          const saved = await sources.savedSettings(id);
          settings = { ...settings, password: saved.password };
        }
        target = sources.resolve(id ?? 'new', input.name ?? '', settings);
      }
      if (!target) target = await sources.target(BUILT_IN_DATASOURCE);
      await sources.test(target);
      return reply.ok({ connected: true });
    },
  );
}
