import type { HooksByResource } from '../../crud/hooks.js';
import { activityHooks, activityUserHooks } from './activity-hooks.js';
import { orderHooks } from './order-hooks.js';
import { productHooks } from './product-hooks.js';

/** The hooks the mall attaches to its resources (collected in modules/hooks.ts). */
export const mallModuleHooks: HooksByResource = {
  order: orderHooks,
  product: productHooks,
  activity: activityHooks,
  activityUser: activityUserHooks,
};
