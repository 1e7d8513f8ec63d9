import type { TokenAnswer } from '@blade/schema';
import type { AccessClaims } from '../../core/http.js';
import type { DataAccess } from '../../db/database.js';
import { avatarOrDefault } from '../user/default-avatar.js';
import type { Client } from './oauth-client.js';
import type { TokenSigner } from './tokens.js';

/** What a session is opened with: its tenant, user, and the department and roles it acts with. */
export interface OpenedSession {
  tenantId: string;
  userId: number;
  sessionId: number;
  deptId: number | null;
  roleIds: number[];
}

/** The token answer of a session: a signed access token with the user's profile, as Saber reads it. */
export async function tokenAnswer(
  deps: { data: DataAccess; signer: TokenSigner },
  client: Client,
  s: OpenedSession,
  refreshToken: string,
): Promise<TokenAnswer> {
  const db = deps.data.forTenant(s.tenantId);
  const user = await db
    .selectFrom('blade_user')
    .select(['account', 'name', 'real_name', 'avatar', 'password_change'])
    .where('id', '=', s.userId)
    .executeTakeFirstOrThrow();
  const passwordChange = user.password_change === 1;
  const roles = s.roleIds.length
    ? await db.selectFrom('blade_role').select(['role_alias']).where('id', 'in', s.roleIds).execute()
    : [];
  const claims: AccessClaims = {
    userId: s.userId,
    tenantId: s.tenantId,
    sessionId: s.sessionId,
    clientId: client.clientId,
    account: user.account,
    deptId: s.deptId,
    roleIds: s.roleIds,
    passwordChange,
  };
  return {
    access_token: await deps.signer.sign(claims, client.accessTtl),
    token_type: 'bearer',
    refresh_token: refreshToken,
    expires_in: client.accessTtl,
    scope: 'all',
    tenant_id: s.tenantId,
    user_id: String(s.userId),
    account: user.account,
    user_name: user.name ?? user.account,
    real_name: user.real_name ?? '',
    nick_name: user.real_name ?? user.name ?? user.account,
    avatar: avatarOrDefault(user.avatar),
    dept_id: s.deptId === null ? '' : String(s.deptId),
    role_id: s.roleIds.join(','),
    role_name: roles.map((r) => r.role_alias).join(','),
    oauth_id: '',
    password_change_required: passwordChange,
  };
}
