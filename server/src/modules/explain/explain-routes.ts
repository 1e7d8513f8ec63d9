import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { answers, api, treeNode } from '../../core/route-schema.js';
import { idSchema } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { type ResourceService, toTree } from '../../crud/resource-service.js';
import { menuTreeDef } from '../system/admin-kit.js';
import { manageableUsers } from '../user/user-admin-routes.js';
import { Explainer, type ExplainTarget } from './explain.js';

const question = z.object({
  userId: idSchema,
  menuCode: z.string().min(1).max(64).optional(),
  path: z.string().min(1).max(512).optional(),
  method: z.string().min(3).max(7).default('GET'),
  resource: z.string().min(1).max(64).optional(),
  id: idSchema.optional(),
});

const link = z
  .object({
    step: z.enum(['tenant', 'account', 'roles', 'grant', 'apiScope', 'dataScope', 'record']),
    ok: z.boolean(),
    title: z.string(),
    reason: z.string(),
    change: z.object({ label: z.string(), path: z.string() }).optional(),
    filter: z
      .object({ words: z.string(), expression: z.string(), conditions: z.array(z.unknown()) })
      .optional(),
  })
  .loose();

const explanation = z.object({
  user: z.object({ id: z.string(), account: z.string(), realName: z.string() }).loose(),
  allowed: z.boolean(),
  verdict: z.string(),
  links: z.array(link),
});

/**
 * GET /explain: why a user may or may not use a screen or button, call an API path, or see a
 * resource's rows or one record. Only a caller who could manage the user may ask (in its data scope
 * and holding all the user holds, as for acting on it); another tenant's user is not there (404).
 */
export async function explainRoutes(
  app: FastifyInstance,
  opts: { resources: Map<string, ResourceService> },
): Promise<void> {
  const users = opts.resources.get('user')!;
  const explainer = new Explainer(app, opts.resources);
  const routes = api(app);
  routes.get(
    '/explain',
    {
      config: { access: { permission: ['user_explain', 'role_explain'] } },
      schema: {
        summary:
          'Why a user may or may not use a screen or button, call an API path, or see rows or a record',
        querystring: question,
        response: answers(explanation, 404),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const target: ExplainTarget | undefined = q.menuCode
        ? { kind: 'menu', code: q.menuCode }
        : q.path
          ? { kind: 'path', method: q.method, path: q.path }
          : q.resource
            ? { kind: 'record', resource: q.resource, ...(q.id === undefined ? {} : { id: q.id }) }
            : undefined;
      if (!target) throw new AppError(400, 'explainTargetRequired');
      await manageableUsers(request, users, [q.userId]);
      return reply.ok(await explainer.explain(caller(request), q.userId, target, request.lang));
    },
  );
  // The screens and buttons to pick from: the caller's own (a user it may explain holds no more).
  routes.get(
    '/explain/menus',
    {
      config: { access: { permission: ['user_explain', 'role_explain'] } },
      schema: {
        summary: 'The screens and buttons to ask about, as a tree',
        response: answers(
          z.array(treeNode('ExplainMenu', { parentId: z.string(), code: z.string(), title: z.string() })),
        ),
      },
    },
    async (request, reply) => {
      const rows = await app.services.menus.granted(caller(request));
      const nodes = rows.map((r) => ({
        id: r.id,
        parentId: r.parent_id,
        code: r.code,
        title: r.name,
        alias: r.alias,
        category: r.category,
      }));
      return reply.ok(
        toTree(
          menuTreeDef,
          nodes.map((n) => toWire(n, app.services.config.timeZone)),
        ),
      );
    },
  );
}
