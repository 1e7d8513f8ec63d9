import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_TENANT, caller } from '../../core/http.js';
import { optionalId, parse } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';

/** /api/blade-system: what the shell needs at start (menus, buttons, tenant of the address). */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { menus, data, config } = app.services;

  app.get('/menu/routes', { config: { access: 'user' } }, async (request, reply) => {
    const { topMenuId } = parse(z.object({ topMenuId: optionalId }), request.query);
    return reply.ok(await menus.routes(caller(request), topMenuId));
  });

  app.get('/menu/top-menu', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await menus.topMenus(caller(request))),
  );

  app.get('/menu/buttons', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await menus.buttons(caller(request))),
  );

  // The sign-in page asks which tenant its address belongs to; no token yet.
  app.get('/tenant/info', { config: { access: 'public' } }, async (request, reply) => {
    const { domain } = parse(z.object({ domain: z.string().max(255).default('') }), request.query);
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
  });
}

/** /api/public: the server's runtime modes, so one web build works in every mode. */
export async function publicRoutes(app: FastifyInstance): Promise<void> {
  const { config, data } = app.services;
  app.get('/settings', { config: { access: 'public' } }, async (_request, reply) => {
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
  });
}
