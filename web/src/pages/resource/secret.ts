import { type ResourceDef, SECRET_MASK } from '@blade/schema';
import { deriveResource, type Row } from '../../crud/fields';

/**
 * The configuration's view with the write-only secret in the edit dialog too (never listed or
 * shown: the server never sends it back).
 */
export const withSecretOnEdit = (resource: ResourceDef, field = 'secretKey'): ResourceDef =>
  deriveResource(resource, { fields: { [field]: { secret: false, list: false, detail: false } } });

/**
 * An empty secret on edit (or the mask the detail answers for a stored one) means "keep the
 * stored one", so it is not sent at all.
 */
export function keepEmptySecret(body: Row, field = 'secretKey'): Row {
  const value = body[field];
  if (value !== undefined && value !== null && value !== '' && value !== SECRET_MASK) return body;
  const { [field]: _dropped, ...rest } = body;
  return rest;
}
