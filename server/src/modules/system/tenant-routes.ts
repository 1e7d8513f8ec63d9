import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { answers, api, queryOrBody, row } from '../../core/route-schema.js';
import { fromWireTime, utcNow } from '../../core/time.js';
import { idList } from '../../core/validate.js';
import { liveRow, liveRowBy } from '../../db/live-row.js';
import { type AdminKit, one } from './admin-kit.js';
import { TenantStatus } from './tenant-expiry.js';
import { grantTenants } from './tenant-grants.js';

/** Tenant settings of the platform administrator: package, account number, expiry, data source. */
export function tenantRoutes(app: FastifyInstance, { service, ctx, tz }: AdminKit): void {
  // Tenants (administrator only).
  const routes = api(app);
  routes.get(
    '/blade-system/tenant/package-detail',
    {
      config: { access: 'administrator' },
      schema: {
        summary: "A tenant's product package (null when it has none)",
        querystring: z.object({ tenantId: z.string().max(12) }),
        response: answers(row({ packageName: z.string(), menuId: z.string().nullable() }).nullable(), 404),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.query;
      const tenant = await liveRowBy(app.services.data.global, 'blade_tenant', 'tenant_id', tenantId);
      if (!tenant) throw new AppError(404, 'rowNotFound');
      if (!tenant.package_id) return reply.ok(null);
      return reply.ok(
        await service('tenantPackage')
          .detail(ctx(request, 'tenantPackage'), tenant.package_id)
          .catch(() => null),
      );
    },
  );
  routes.post(
    '/blade-system/tenant/setting',
    {
      config: { access: 'administrator' },
      schema: {
        summary: 'Sets the account limit and expiry of tenants',
        ...queryOrBody(
          z.object({
            ids: idList.describe('Tenant row ids separated by commas'),
            accountNumber: z.coerce
              .number()
              .int()
              .min(-1)
              .max(1_000_000)
              .optional()
              .describe('-1: unlimited'),
            expireTime: z.string().max(40).optional().describe('yyyy-MM-dd HH:mm:ss; empty: never'),
          }),
        ),
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (input.ids.length === 0) throw new AppError(400, 'idsRequired');
      const expire = input.expireTime ? fromWireTime(input.expireTime, tz) : undefined;
      if (input.expireTime && !expire)
        throw new AppError(400, 'invalidField', {
          field: 'expireTime',
          reason: 'must be a time like 2027-01-31 00:00:00',
        });
      const who = caller(request);
      await grantTenants(
        app.services.data.unscoped(),
        who,
        request.id,
        { ids: input.ids },
        {
          ...(input.accountNumber !== undefined ? { account_number: input.accountNumber } : {}),
          ...(input.expireTime !== undefined ? { expire_time: expire ?? null } : {}),
          // A new expiry ahead (or none) enables a tenant the expiry job disabled.
          ...(input.expireTime !== undefined && (!expire || expire > utcNow())
            ? { status: TenantStatus.active }
            : {}),
        },
        { update_user: who.userId, update_time: utcNow() },
      );
      return reply.ok(null);
    },
  );
  for (const [path, column, field] of [
    ['/blade-system/tenant/package-setting', 'package_id', 'packageId'],
    ['/blade-system/tenant/datasource', 'datasource_id', 'datasourceId'],
  ] as const) {
    // Binding a data source checks and prepares it, and refuses to strand existing data.
    const bind = column === 'datasource_id';
    const optionalId = z.union([z.literal(''), z.literal('0'), one]).optional();
    routes.post(
      path,
      {
        config: { access: 'administrator' },
        schema: {
          summary: bind
            ? "Binds a tenant's business data to a data source (0: the built-in one)"
            : "Sets a tenant's product package",
          ...queryOrBody(
            z.object({
              tenantId: z.string().min(1).max(12),
              [field]: optionalId.describe(
                bind ? 'Data source id; empty or 0 for the built-in one' : 'Package id; empty for none',
              ),
            }),
          ),
          response: answers(z.null(), 404, 409),
        },
      },
      async (request, reply) => {
        const input = request.body as { tenantId: string } & Partial<Record<typeof field, string | number>>;
        const target = input[field] ? Number(input[field]) : null;
        if (target && column === 'package_id') {
          await liveRow(app.services.data.global, 'blade_tenant_package', target);
        }
        if (bind) {
          await app.services.dataSources.bind(input.tenantId, target, caller(request), request.id);
          app.services.usualLog.record(request, 'datasource', {
            tenantId: input.tenantId,
            datasourceId: target,
          });
          return reply.ok(null);
        }
        const who = caller(request);
        const matched = await grantTenants(
          app.services.data.unscoped(),
          who,
          request.id,
          { tenantId: input.tenantId },
          { package_id: target },
          { update_user: who.userId, update_time: utcNow() },
        );
        if (matched === 0) throw new AppError(404, 'rowNotFound');
        app.services.usualLog.record(request, path.slice(path.lastIndexOf('/') + 1), {
          tenantId: input.tenantId,
          [field]: target,
        });
        return reply.ok(null);
      },
    );
  }
}
