import { z } from 'zod';
import type { caller } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import { builtInContext } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import type { toTree } from '../../crud/row-shapes.js';

/** What the system calls beyond generic CRUD share: the resource services and the time zone. */
export interface AdminKit {
  service: (name: string) => ResourceService;
  ctx: (request: Parameters<typeof caller>[0], name: string) => ReturnType<typeof builtInContext>;
  tz: string;
}

export function adminKit(resources: Map<string, ResourceService>, tz: string): AdminKit {
  const service = (name: string) => resources.get(name)!;
  return {
    service,
    ctx: (request, name) => builtInContext(request, service(name).resource),
    tz,
  };
}

/** One id, as a number or its digits. */
export const one = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const id = parseId(v);
  if (id === undefined) ctx.addIssue({ code: 'custom', message: 'must be an id' });
  return id ?? 0;
});

/** Menu rows shaped as tree nodes for grant dialogs. */
export const menuTreeDef = { tree: { parent: 'parentId', title: 'title' } } as Parameters<typeof toTree>[0];
