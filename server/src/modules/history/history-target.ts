import type { ResourceDef } from '@blade/schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ResourceContext } from '../../crud/hooks.js';
import type { ResourceService } from '../../crud/resource-service.js';

/**
 * What the history, recycle-bin and spreadsheet routes share: the resource a call names, and how
 * a route reaches it once the caller's permission for the action is checked.
 */

/** A resource named in a call, its service and the caller's context, once its permission is checked. */
export type Target = (
  request: FastifyRequest,
  name: string,
  action: 'view' | 'add' | 'edit' | 'delete',
) => Promise<{ resource: ResourceDef; service: ResourceService; ctx: ResourceContext }>;

/** The resource a call is about, by its declared name. */
export const resourceName = z.object({
  resource: z.string().min(1).max(64).describe('The resource, by its declared name (e.g. post)'),
});
