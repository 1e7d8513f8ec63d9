import { asGlobal } from '../../crud/dynamic-db.js';
import type { ResourceHooks } from '../../crud/hooks.js';
import { unregister } from './generated-resources.js';

/**
 * Code generator entries: removing one takes back its registration (menus, stored declaration)
 * in the same transaction, so no half-registered resource is left behind.
 */
export const codeHooks: ResourceHooks = {
  async beforeRemove(ctx, ids) {
    await unregister(asGlobal(ctx.db), ids, ctx.auth.userId);
  },
};
