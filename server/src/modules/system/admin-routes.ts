import type { FastifyInstance } from 'fastify';
import type { ResourceService } from '../../crud/resource-service.js';
import { adminKit } from './admin-kit.js';
import { dictionaryRoutes } from './dictionary-routes.js';
import { menuPickRoutes } from './menu-pick-routes.js';
import { regionRoutes } from './region-routes.js';
import { roleRoutes } from './role-routes.js';
import { expireTenantsJob } from './tenant-expiry.js';
import { tenantRoutes } from './tenant-routes.js';

/**
 * The calls of spec §7 System beyond generic CRUD, one file per concern: role and top-menu grants,
 * tenant settings, dictionary lookups, menu pickers, regions by code, department and role pickers.
 */
export async function adminRoutes(
  app: FastifyInstance,
  opts: { resources: Map<string, ResourceService> },
): Promise<void> {
  app.services.jobs.define(expireTenantsJob(app.services.data, app.services.sessions));
  const kit = adminKit(opts.resources, app.services.config.timeZone);
  roleRoutes(app, kit);
  menuPickRoutes(app, kit);
  dictionaryRoutes(app, kit);
  tenantRoutes(app, kit);
  regionRoutes(app, kit);
}
