import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_TENANT, caller } from '../../core/http.js';
import { answers, api, row } from '../../core/route-schema.js';
import { optionalId } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { menuNode, publicSettings, tenantOfAddress } from './system-schemas.js';

/** /api/blade-system: what the shell needs at start (menus, buttons, tenant of the address). */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { menus, data, config } = app.services;

  const routes = api(app);
  routes.get(
    '/menu/routes',
    {
      config: { access: 'user' },
      schema: {
        summary: "The caller's menu tree (optionally under one top menu)",
        querystring: z.object({ topMenuId: optionalId.describe('A top menu to show the menus of') }),
        response: answers(z.array(menuNode)),
      },
    },
    async (request, reply) => reply.ok(await menus.routes(caller(request), request.query.topMenuId)),
  );

  routes.get(
    '/menu/top-menu',
    {
      config: { access: 'user' },
      schema: { summary: "The caller's top menus", response: answers(z.array(row({ name: z.string() }))) },
    },
    async (request, reply) => reply.ok(await menus.topMenus(caller(request))),
  );

  routes.get(
    '/menu/buttons',
    {
      config: { access: 'user' },
      schema: {
        summary: "The caller's buttons, by the menu they belong to",
        response: answers(z.array(menuNode)),
      },
    },
    async (request, reply) => reply.ok(await menus.buttons(caller(request))),
  );

  // The sign-in page asks which tenant its address belongs to; no token yet.
  routes.get(
    '/tenant/info',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The tenant a sign-in address belongs to ({} when none)',
        querystring: z.object({ domain: z.string().max(255).default('') }),
        response: answers(tenantOfAddress),
      },
    },
    async (request, reply) => {
      const { domain } = request.query;
      const host = domain.trim().toLowerCase();
      const tenant = host
        ? await data.global
            .selectFrom('blade_tenant')
            .select(['tenant_id', 'tenant_name', 'domain', 'background_url'])
            .where('domain', '=', host)
            .where('is_deleted', '=', 0)
            .where('status', '=', 1)
            .executeTakeFirst()
        : undefined;
      // An unknown address answers an empty object: Saber's sign-in page reads fields of it.
      return reply.ok(tenant ? toWire(tenant, config.timeZone) : {});
    },
  );
}

/** /api/public: the server's runtime modes, so one web build works in every mode. */
export async function publicRoutes(app: FastifyInstance): Promise<void> {
  const { config, data } = app.services;
  api(app).get(
    '/settings',
    {
      config: { access: 'public' },
      schema: {
        summary: "The server's runtime modes, for the sign-in page",
        response: answers(publicSettings),
      },
    },
    async (_request, reply) => {
      // A tenant besides the administrator one: the sign-in page then asks which tenant, even with
      // tenant mode off, or that tenant's administrator has no way in (ids are not secret).
      const other = await data.global
        .selectFrom('blade_tenant')
        .select('id')
        .where('tenant_id', '!=', ADMIN_TENANT)
        .where('is_deleted', '=', 0)
        .limit(1)
        .executeTakeFirst();
      return reply.ok({
        tenantMode: config.tenantMode,
        multiTenant: other !== undefined,
        captchaMode: config.captchaMode,
        switchMode: config.switchMode,
        tokenTime: config.tokenTime,
        // Times travel as wall-clock texts of this zone: the web picks and shows them in it too.
        timeZone: config.timeZone,
      });
    },
  );
}
