import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { enforceAccess } from '../../core/access.js';
import { sameSecret } from '../../core/digest.js';
import type { Access } from '../../core/http.js';
import { answers, api } from '../../core/route-schema.js';
import type { ServerMetrics } from './metrics.js';
import { monitorSnapshot } from './monitor-service.js';

/** The monitor screen's rule: the platform's callers granted it (the platform administrator holds it). */
const MONITOR: Access = { permission: 'monitor', platform: true };

/**
 * A scraper with METRICS_TOKEN as its bearer (`Authorization`, compared in constant time), or a
 * caller the monitor screen's rule lets in (its token in `Blade-Auth`, as every API call); 401 or
 * 403 for anyone else.
 */
async function admitScrape(request: FastifyRequest, metricsToken: string | undefined): Promise<void> {
  const bearer = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer && metricsToken && sameSecret(bearer, metricsToken)) return;
  await enforceAccess(request, MONITOR, '/metrics');
}

/** /metrics for Prometheus, and /api/blade-monitor/server for the 服务监控 screen: two views of one set of collectors. */
export async function monitorRoutes(
  app: FastifyInstance,
  options: { metrics: ServerMetrics },
): Promise<void> {
  const { metrics } = options;
  const { services } = app;

  // Outside /api, where scrapers look; its access is checked in the handler, which also takes the scrape token.
  const routes = api(app);
  routes.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    await admitScrape(request, services.config.metricsToken);
    const text = await metrics.text();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });

  routes.get(
    '/api/blade-monitor/server',
    {
      config: { access: MONITOR },
      schema: {
        summary: "The server's figures for 服务监控: process, load, database, store, jobs, imports, disk",
        response: answers(
          z
            .object({
              process: z.object({ uptimeSeconds: z.number(), node: z.string(), pid: z.number() }).loose(),
              load: z.object({ requestsPerSecond: z.number(), errorRate: z.number() }).loose(),
              samples: z.array(z.record(z.string(), z.unknown())),
              database: z.object({ dialect: z.string() }).loose(),
            })
            .loose(),
        ),
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').ok(await monitorSnapshot(services, metrics)),
  );
}
