import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import { answers, api, queryOrBody } from '../../core/route-schema.js';
import { toDbTime, toWireTime, utcNow } from '../../core/time.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { dayOf } from '../../db/dialects/day-of.js';
import { generateEquityCodes } from './equity-codes.js';
import { linksExportRoute } from './links-export.js';
import { closeUnpaidOrdersJob } from './order-close.js';
import { PayStatus } from './order-status.js';
import { activityStatesJob, livingStatesJob } from './timed-states.js';

/** The home page's figures. */
const dashboard = z.object({
  ordersByDay: z.array(z.object({ day: z.string(), orders: z.number(), revenue: z.number() })),
  newUsersByDay: z.array(z.object({ day: z.string(), users: z.number() })),
  topProducts: z.array(z.object({ id: z.string(), name: z.string(), sales: z.number(), price: z.number() })),
  upcomingLiving: z.array(
    z.object({ id: z.string(), title: z.string(), host: z.string().nullable(), startTime: z.string() }),
  ),
  totals: z.object({ orders: z.number(), revenue: z.number() }),
});

/** The mall's calls beyond generic CRUD: equity codes, the links export, the home dashboard. */
export async function mallRoutes(
  app: FastifyInstance,
  opts: { resources: Map<string, ResourceService> },
): Promise<void> {
  const { config, dataSources, jobs } = app.services;
  const tz = config.timeZone;
  jobs.define(closeUnpaidOrdersJob(dataSources, config.orderUnpaidCloseMinutes));
  jobs.define(activityStatesJob(dataSources));
  jobs.define(livingStatesJob(dataSources));

  const routes = api(app);
  routes.post(
    '/api/meeting/equitycode/generate',
    {
      config: { access: { permission: 'equitycode_generate' } },
      schema: {
        summary: "Generate a meeting's equity codes (up to its quantity)",
        ...queryOrBody(z.object({ id: z.union([z.string(), z.number()]).describe('The meeting') })),
        response: answers(z.object({ generated: z.number().int(), total: z.number().int() }), 404, 409),
      },
    },
    async (request, reply) => {
      const { id } = request.body;
      const meetingId = parseId(id);
      if (!meetingId) throw new AppError(400, 'invalidField', { field: 'id', reason: 'must be an id' });
      const auth = caller(request);
      const db = await app.services.dataSources.businessDb(auth.tenantId, auth.remember);
      return reply.ok(await generateEquityCodes(auth, db, meetingId));
    },
  );

  linksExportRoute(app, opts.resources.get('links')!);

  // The figures of the home page: the last 30 days of orders, revenue and new users, the best
  // sellers and the next live sessions.
  routes.get(
    '/api/mall/dashboard',
    {
      config: { access: { permission: ['mall', 'order', 'product'] } },
      schema: {
        summary: "The home page's figures: the last 30 days and what comes next",
        response: answers(dashboard),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { db, dialect } = await app.services.dataSources.business(auth.tenantId, auth.remember);
      const since = toDbTime(new Date(Date.now() - 30 * 24 * 3600 * 1000));
      const day = dayOf(dialect, 'create_time');
      const orders = await db
        .selectFrom('mall_order')
        .select([
          day.as('day'),
          sql<number>`count(*)`.as('orders'),
          sql<number>`coalesce(sum(case when pay_status = ${PayStatus.paid} then pay_amount else 0 end), 0)`.as(
            'revenue',
          ),
        ])
        .where('is_deleted', '=', 0)
        .where('create_time', '>=', since)
        .groupBy(day)
        .orderBy(day)
        .execute();
      const users = await db
        .selectFrom('mall_user')
        .select([day.as('day'), sql<number>`count(*)`.as('users')])
        .where('is_deleted', '=', 0)
        .where('create_time', '>=', since)
        .groupBy(day)
        .orderBy(day)
        .execute();
      const top = await db
        .selectFrom('mall_product')
        .select(['id', 'name', 'sales', 'price'])
        .where('is_deleted', '=', 0)
        .orderBy('sales', 'desc')
        .limit(8)
        .execute();
      const upcoming = await db
        .selectFrom('mall_living')
        .select(['id', 'title', 'host', 'start_time'])
        .where('is_deleted', '=', 0)
        .where('start_time', '>=', utcNow())
        .orderBy('start_time')
        .limit(5)
        .execute();
      const totals = await db
        .selectFrom('mall_order')
        .select([
          sql<number>`count(*)`.as('orders'),
          sql<number>`coalesce(sum(case when pay_status = ${PayStatus.paid} then pay_amount else 0 end), 0)`.as(
            'revenue',
          ),
        ])
        .where('is_deleted', '=', 0)
        .executeTakeFirstOrThrow();
      return reply.ok({
        ordersByDay: orders.map((o) => ({
          day: o.day,
          orders: Number(o.orders),
          revenue: Number(o.revenue),
        })),
        newUsersByDay: users.map((u) => ({ day: u.day, users: Number(u.users) })),
        topProducts: top.map((p) => ({
          id: String(p.id),
          name: p.name,
          sales: Number(p.sales),
          price: Number(p.price),
        })),
        upcomingLiving: upcoming.map((l) => ({
          id: String(l.id),
          title: l.title,
          host: l.host,
          startTime: toWireTime(String(l.start_time), tz),
        })),
        totals: { orders: Number(totals.orders), revenue: Number(totals.revenue) },
      });
    },
  );
}
