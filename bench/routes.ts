import { md5 } from '../server/src/core/digest.js';
import type { LoadTarget } from './load.js';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
/** A page of 10 users, the user page's first request. */
export const LIST = '/api/blade-user/page?current=1&size=10';
/** The web's sign-in request (spec §3: the password travels as its md5). */
export const SIGN_IN = `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`;

/** Signs in as the administrator and answers the access token. */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}${SIGN_IN}`, { method: 'POST', headers: { authorization: BASIC } });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return body.access_token;
}

/**
 * The benchmarked calls: what the shell asks after signing in (the user, the menus), a list page,
 * a submit (a write: one consultation each) and signing in itself.
 */
export function apiTargets(url: string, token: string): Record<string, LoadTarget> {
  const auth = { authorization: BASIC, 'blade-auth': `bearer ${token}` };
  return {
    userInfo: { url: `${url}/api/blade-auth/oauth/user-info`, headers: auth },
    menuRoutes: { url: `${url}/api/blade-system/menu/routes`, headers: auth },
    userList: { url: `${url}${LIST}`, headers: auth },
    submit: {
      url: `${url}/api/mall/consult/submit`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: '压测', question: '这件商品什么时候发货？' }),
    },
    signIn: { url: `${url}${SIGN_IN}`, method: 'POST', headers: { authorization: BASIC } },
  };
}
