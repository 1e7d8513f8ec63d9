import { type ResourceDef, resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import type { HooksByResource, ResourceHooks } from '../crud/hooks.js';
import { registerResource } from '../crud/resource-routes.js';
import type { ResourceService } from '../crud/resource-service.js';
import { deskModuleHooks } from './desk/notice-hooks.js';
import { developModuleHooks } from './develop/develop-hooks.js';
import { flowModuleHooks } from './flow/model-hooks.js';
import { mallModuleHooks } from './mall/mall-hooks.js';
import { reportModuleHooks } from './report/report-hooks.js';
import { resourceModuleHooks } from './resource/resource-hooks.js';
import { dataScopeFilters } from './system/data-scope.js';
import { systemModuleHooks } from './system/system-hooks.js';
import { userModuleHooks } from './user/user-hooks.js';

/** Every module's hooks: the one place a resource's server side is attached to its declaration. */
const MODULE_HOOKS: readonly HooksByResource[] = [
  systemModuleHooks,
  userModuleHooks,
  resourceModuleHooks,
  deskModuleHooks,
  reportModuleHooks,
  mallModuleHooks,
  developModuleHooks,
  flowModuleHooks,
];

/** The lists merged by resource name; a name no resource declares, or one attached twice, is a mistake. */
export function collectHooks(lists: readonly HooksByResource[]): Map<string, ResourceHooks> {
  const byName = new Map<string, ResourceHooks>();
  for (const list of lists)
    for (const [name, hooks] of Object.entries(list)) {
      if (!resources[name]) throw new Error(`Hooks attached to an undeclared resource: ${name}`);
      if (byName.has(name)) throw new Error(`Hooks attached twice to resource ${name}`);
      byName.set(name, hooks);
    }
  return byName;
}

const HOOKS = collectHooks(MODULE_HOOKS);

/** A resource's own hooks, with the data-scope rule added for resources that declare one. */
export function hooksByResource(r: ResourceDef): ResourceHooks {
  const own = HOOKS.get(r.name) ?? {};
  if (!r.dataScope) return own;
  return {
    ...own,
    readScope: async (ctx) => [...((await own.readScope?.(ctx)) ?? []), ...(await dataScopeFilters(ctx, r))],
  };
}

/** Registers every declared resource's generic endpoints; answers their services by name. */
export function registerResources(app: FastifyInstance): Map<string, ResourceService> {
  const services = new Map<string, ResourceService>();
  for (const resource of Object.values(resources)) {
    services.set(resource.name, registerResource(app, resource, hooksByResource(resource)));
  }
  return services;
}
