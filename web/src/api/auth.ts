import type { PublicSettings } from '@blade/schema';
import type { TokenBody } from '../store/session';
import { bearer, type Envelope, getData, request } from './http';

/** The token call answers the token fields on success and error fields on failure, both flat. */
export type TokenResponse = Partial<TokenBody> & {
  code?: number;
  success?: boolean;
  msg?: string;
  error_code?: string | number;
  /** The account asks for a captcha (too many failed sign-ins), even when the site's captcha mode is off. */
  captcha_required?: boolean;
};

export interface LoginForm {
  tenantId: string;
  username: string;
  /** As typed; hashed here before sending. */
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  deptId?: string;
  roleId?: string;
}

const TOKEN_URL = '/blade-auth/oauth/token';

/** The md5 hex digest the wire wants for passwords (its code loads on first use, not with the sign-in page). */
export async function md5Hex(text: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(text);
}

/** The tenant, and the department and role chosen, a token is asked for. */
function identityHeaders(who: {
  tenantId: string;
  deptId?: string;
  roleId?: string;
}): Record<string, string> {
  const headers: Record<string, string> = { 'Tenant-Id': who.tenantId };
  if (who.deptId) headers['Dept-Id'] = who.deptId;
  if (who.roleId) headers['Role-Id'] = who.roleId;
  return headers;
}

/** Asks the token endpoint for a grant (raw, unauthenticated: the answer is the token itself). */
const tokenGrant = (
  headers: Record<string, string>,
  params: Record<string, string>,
): Promise<TokenResponse> =>
  request<TokenResponse>(TOKEN_URL, { method: 'POST', raw: true, auth: false, headers, params });

export async function loginByUsername(form: LoginForm, captcha: boolean): Promise<TokenResponse> {
  const headers = identityHeaders(form);
  if (captcha) {
    headers['Captcha-Key'] = form.captchaKey ?? '';
    headers['Captcha-Code'] = form.captchaCode ?? '';
  }
  return tokenGrant(headers, {
    tenantId: form.tenantId,
    username: form.username,
    password: await md5Hex(form.password),
    grant_type: captcha ? 'captcha' : 'password',
    scope: 'all',
    type: 'account',
  });
}

/** Third-party sign-in (social grant). */
export function loginBySocial(
  tenantId: string,
  source: string,
  code: string,
  state: string,
): Promise<TokenResponse> {
  return tokenGrant(
    { 'Tenant-Id': tenantId },
    { tenantId, source, code, state, grant_type: 'social', scope: 'all' },
  );
}

export interface RefreshArgs {
  refreshToken: string;
  tenantId: string;
  deptId?: string;
  roleId?: string;
}

export function refreshToken(args: RefreshArgs): Promise<TokenResponse> {
  return tokenGrant(identityHeaders(args), {
    tenantId: args.tenantId,
    refresh_token: args.refreshToken,
    grant_type: 'refresh_token',
    scope: 'all',
  });
}

export interface Captcha {
  key: string;
  image: string;
}

export const getCaptcha = (): Promise<Captcha> =>
  getData<Captcha>('/blade-auth/oauth/captcha', { auth: false });

/** Revokes the session; `token` revokes a sign-in that was never stored as the session. */
export const logoutCall = (token?: string): Promise<unknown> =>
  request('/blade-auth/oauth/logout', token ? { auth: false, headers: bearer(token) } : {});

export interface CurrentUser {
  user: {
    id: string;
    tenantId: string;
    account: string;
    name: string;
    realName: string;
    avatar: string;
    email?: string;
    phone?: string;
    deptId?: string;
    roleId?: string;
  };
  roles: string[];
  roleNames?: string[];
  dept?: { id: string; deptName?: string } | null;
}

export const getUserInfo = (): Promise<CurrentUser> => getData<CurrentUser>('/blade-auth/oauth/user-info');

/** Raw: the sign-in page must not toast when these optional calls fail. */
export async function getPublicSettings(): Promise<PublicSettings | null> {
  const body = await request<Envelope<PublicSettings> | null>('/public/settings', { auth: false, raw: true });
  return body?.code === 200 ? body.data : null;
}

export interface TenantInfo {
  tenantId: string;
  tenantName: string;
  domain: string;
}

export async function getTenantInfo(domain: string): Promise<TenantInfo | null> {
  const body = await request<Envelope<TenantInfo | null> | null>('/blade-system/tenant/info', {
    auth: false,
    raw: true,
    params: { domain },
  });
  return body?.code === 200 && body.data?.tenantId ? body.data : null;
}

export interface GuestForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
}

/** Answers the envelope; success false is shown by the dialog. */
export async function registerGuest(
  form: GuestForm,
  oauthId: string,
  token: string,
): Promise<{ success: boolean; msg: string }> {
  return request<{ success: boolean; msg: string }>('/blade-user/register-guest', {
    method: 'POST',
    raw: true,
    auth: false,
    headers: bearer(token),
    params: {
      tenantId: form.tenantId,
      name: form.name,
      account: form.account,
      password: await md5Hex(form.password),
      oauthId,
    },
  });
}

/** Single sign-on with the page's query; answers the token fields (flat or inside data). */
export async function ssoLogin(query: Record<string, string>): Promise<TokenResponse> {
  const body = await request<TokenResponse & { data?: TokenResponse }>('/sq-user/sso', {
    raw: true,
    auth: false,
    params: query,
  });
  return body?.access_token ? body : { ...(body?.data ?? {}), msg: body?.msg ?? '' };
}
