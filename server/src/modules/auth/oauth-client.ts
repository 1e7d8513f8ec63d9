import type { Config } from '../../config.js';
import { sameSecret, sha256 } from '../../core/digest.js';
import type { DataAccess } from '../../db/database.js';
import { oauthError } from './sign-in-guard.js';

/** An OAuth client as sign-in uses it: its token lifetimes and the grants it may ask for. */
export interface Client {
  clientId: string;
  accessTtl: number;
  refreshTtl: number;
  grants: string[];
}

/** The client a Basic authorization names, its secret checked; 401 otherwise. */
export async function clientOf(
  data: DataAccess,
  config: Config,
  authorization: string | undefined,
): Promise<Client> {
  const match = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const clientId = colon > 0 ? decoded.slice(0, colon) : '';
  const secret = colon > 0 ? decoded.slice(colon + 1) : '';
  const row = clientId
    ? await data.global
        .selectFrom('blade_client')
        .select([
          'client_id',
          'client_secret_hash',
          'authorized_grant_types',
          'access_token_validity',
          'refresh_token_validity',
        ])
        .where('client_id', '=', clientId)
        .where('is_deleted', '=', 0)
        .where('status', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (!row || !sameSecret(sha256(secret), row.client_secret_hash)) throw oauthError(401, 'clientInvalid');
  return {
    clientId: row.client_id,
    accessTtl: row.access_token_validity || config.accessTokenTtl,
    refreshTtl: row.refresh_token_validity || config.refreshTokenTtl,
    grants: row.authorized_grant_types.split(',').map((g) => g.trim()),
  };
}
