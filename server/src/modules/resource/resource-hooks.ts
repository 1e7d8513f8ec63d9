import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import { SecretBox } from '../../core/secret-box.js';
import type { DynamicRow } from '../../crud/dynamic-db.js';
import type { ResourceContext, ResourceHooks } from '../../crud/hooks.js';
import type { Database } from '../../db/tables.js';

/** Seals a secret column before it reaches the database; an empty value keeps the stored one. */
export function sealColumn(ctx: ResourceContext, values: DynamicRow, column: string): void {
  const value = values[column];
  if (typeof value === 'string' && value && !SecretBox.isSealed(value)) {
    values[column] = ctx.services.secretBox.seal(value);
  } else {
    delete values[column];
  }
}

/** Storage and SMS keys are sealed at rest. */
export const sealedKeyHooks: ResourceHooks = {
  beforeWrite: (ctx, values) => sealColumn(ctx, values, 'secret_key'),
};

/**
 * Attachments come from uploads (put-file), which store the object and its record together; the
 * generic submit only renames one. Removing an attachment deletes its stored object too.
 */
export const attachHooks: ResourceHooks = {
  beforeWrite(_ctx, _values, mode) {
    if (mode === 'add') throw new AppError(400, 'attachUploadOnly');
  },
  async beforeRemove(ctx, ids) {
    await ctx.services.storage.removeObjects(ctx.db as unknown as Kysely<Database>, ids);
  },
};
