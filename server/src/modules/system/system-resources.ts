import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { hooksByResource } from './system-hooks.js';

/** Registers every declared resource's generic endpoints; answers their services by name. */
export function registerResources(app: FastifyInstance): Map<string, ResourceService> {
  const services = new Map<string, ResourceService>();
  for (const resource of Object.values(resources)) {
    services.set(resource.name, registerResource(app, resource, hooksByResource(resource)));
  }
  return services;
}
