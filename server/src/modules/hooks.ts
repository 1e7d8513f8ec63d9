import { type ResourceDef, resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import type { CrudDeps } from '../crud/deps.js';
import { type BoundHooks, bindModuleHooks } from '../crud/hooks.js';
import { registerResource } from '../crud/resource-routes.js';
import type { ResourceService } from '../crud/resource-service.js';
import type { Services } from '../services.js';
import { deskModuleHooks } from './desk/notice-hooks.js';
import { developModuleHooks } from './develop/develop-hooks.js';
import { flowModuleHooks } from './flow/model-hooks.js';
import { mallModuleHooks } from './mall/mall-hooks.js';
import { reportModuleHooks } from './report/report-hooks.js';
import { resourceModuleHooks } from './resource/resource-hooks.js';
import { dataScopeFilters } from './system/data-scope.js';
import { systemModuleHooks } from './system/system-hooks.js';
import { userModuleHooks } from './user/user-hooks.js';

type BoundByResource = Readonly<Record<string, BoundHooks>>;

/**
 * Every module's hooks, each given the services it declares: the one place a resource's server
 * side is attached to its declaration. Binding checks at compile time that the server's
 * services hold what each module names.
 */
export function moduleHooks(services: Services): readonly BoundByResource[] {
  return [
    bindModuleHooks(systemModuleHooks, services),
    bindModuleHooks(userModuleHooks, services),
    bindModuleHooks(resourceModuleHooks, services),
    bindModuleHooks(deskModuleHooks, services),
    bindModuleHooks(reportModuleHooks, services),
    bindModuleHooks(mallModuleHooks, services),
    bindModuleHooks(developModuleHooks, services),
    bindModuleHooks(flowModuleHooks, services),
  ];
}

/** The lists merged by resource name; a name no resource declares, or one attached twice, is a mistake. */
export function collectHooks<H>(lists: readonly Readonly<Record<string, H>>[]): Map<string, H> {
  const byName = new Map<string, H>();
  for (const list of lists)
    for (const [name, hooks] of Object.entries(list)) {
      if (!resources[name]) throw new Error(`Hooks attached to an undeclared resource: ${name}`);
      if (byName.has(name)) throw new Error(`Hooks attached twice to resource ${name}`);
      byName.set(name, hooks);
    }
  return byName;
}

/** Each resource's own hooks, with the data-scope rule added for resources that declare one. */
export function hooksByResource(services: Services): (r: ResourceDef) => BoundHooks {
  const hooks = collectHooks(moduleHooks(services));
  return (r) => {
    const own = hooks.get(r.name) ?? {};
    if (!r.dataScope) return own;
    return {
      ...own,
      readScope: async (ctx) => [
        ...((await own.readScope?.(ctx)) ?? []),
        ...(await dataScopeFilters(ctx, r)),
      ],
    };
  };
}

/** Registers every declared resource's generic endpoints; answers their services by name. */
export function registerResources(app: FastifyInstance): Map<string, ResourceService> {
  const crud: CrudDeps = app.services;
  const hooksOf = hooksByResource(app.services);
  const services = new Map<string, ResourceService>();
  for (const resource of Object.values(resources)) {
    services.set(resource.name, registerResource(app, crud, resource, hooksOf(resource)));
  }
  return services;
}
