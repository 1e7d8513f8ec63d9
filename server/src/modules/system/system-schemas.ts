import { z } from 'zod';
import { treeNode } from '../../core/route-schema.js';

/** A node of the menu tree as answered (routes, buttons, grant trees): name zh, alias en. */
export const menuNode = treeNode('MenuNode', {
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string(),
  path: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
  remark: z.string().nullable(),
  hasChildren: z.boolean(),
});

/** The server's runtime modes, read by the sign-in page. */
export const publicSettings = z.object({
  tenantMode: z.boolean(),
  multiTenant: z.boolean(),
  captchaMode: z.boolean(),
  switchMode: z.boolean(),
  tokenTime: z.number(),
  timeZone: z.string(),
});

/** The tenant an address belongs to (empty when none). */
export const tenantOfAddress = z
  .object({
    tenantId: z.string(),
    tenantName: z.string(),
    domain: z.string().nullable(),
    backgroundUrl: z.string().nullable(),
  })
  .partial();
