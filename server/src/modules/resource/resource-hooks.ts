import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import { isOutboundInvalid, isOutboundRefused } from '../../core/outbound.js';
import { SecretBox } from '../../core/secret-box.js';
import type { HookContext, HooksByResource, ResourceHooks } from '../../crud/hooks.js';
import type { DynamicRow } from '../../db/dynamic-db.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';

/** Seals a secret column before it reaches the database; an empty value keeps the stored one. */
export function sealColumn(box: Pick<SecretBox, 'seal'>, values: DynamicRow, column: string): void {
  const value = values[column];
  if (typeof value === 'string' && value && !SecretBox.isSealed(value)) {
    values[column] = box.seal(value);
  } else {
    delete values[column];
  }
}

/**
 * Refuses, before it is saved, an endpoint that is no http(s) URL, or is or resolves to a
 * private, local or reserved address (the outbound guard checks every connection again).
 */
async function checkEndpoint(
  ctx: HookContext<Pick<Services, 'outbound'>>,
  values: DynamicRow,
): Promise<void> {
  const endpoint = values.endpoint;
  if (typeof endpoint !== 'string' || !endpoint) return;
  try {
    await ctx.services.outbound.checkUrl(endpoint);
  } catch (error) {
    const key = isOutboundRefused(error)
      ? 'outboundRefused'
      : isOutboundInvalid(error)
        ? 'outboundInvalid'
        : undefined;
    if (!key) throw error;
    const label = ctx.resource.fields.find((f) => f.name === 'endpoint')?.label[ctx.lang] ?? 'endpoint';
    throw new AppError(400, key, { field: label }, { field: 'endpoint' });
  }
}

/** What the storage and SMS configurations' hooks use: the box keys are sealed in, the outbound guard. */
type SealedKeyServices = Pick<Services, 'secretBox' | 'outbound'>;

/** Storage and SMS configurations: keys sealed at rest, endpoints outside private networks. */
export const sealedKeyHooks: ResourceHooks<SealedKeyServices> = {
  async beforeWrite(ctx, values) {
    sealColumn(ctx.services.secretBox, values, 'secret_key');
    await checkEndpoint(ctx, values);
  },
};

/**
 * Attachments come from uploads (put-file), which store the object and its record together; the
 * generic submit only renames one. Removing an attachment deletes its stored object too.
 */
export const attachHooks: ResourceHooks<Pick<Services, 'storage'>> = {
  beforeWrite(_ctx, _values, mode) {
    if (mode === 'add') throw new AppError(400, 'attachUploadOnly');
  },
  async beforeRemove(ctx, ids) {
    await ctx.services.storage.removeObjects(ctx.db as unknown as Kysely<Database>, ids);
  },
};

/** The hooks the resource module attaches to its resources (collected in modules/hooks.ts). */
export const resourceModuleHooks: HooksByResource<SealedKeyServices & Pick<Services, 'storage'>> = {
  oss: sealedKeyHooks,
  sms: sealedKeyHooks,
  attach: attachHooks,
};
