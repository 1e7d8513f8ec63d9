import type { Kysely } from 'kysely';
import { SecretBox } from '../../core/secret-box.js';
import type { ResourceHooks } from '../../crud/hooks.js';
import type { Database } from '../../db/tables.js';

/** Storage and SMS keys are sealed before they reach the database; an empty key keeps the old one. */
export const sealedKeyHooks: ResourceHooks = {
  beforeWrite(ctx, values) {
    if (
      typeof values.secret_key === 'string' &&
      values.secret_key &&
      !SecretBox.isSealed(values.secret_key)
    ) {
      values.secret_key = ctx.services.secretBox.seal(values.secret_key);
    } else {
      delete values.secret_key;
    }
  },
};

/** Removing an attachment deletes its stored object too. */
export const attachHooks: ResourceHooks = {
  async beforeRemove(ctx, ids) {
    await ctx.services.storage.removeObjects(ctx.db as unknown as Kysely<Database>, ids);
  },
};
